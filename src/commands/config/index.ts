import type { Program, Runner } from '../../cmdutil/command.js';
import { declareConfig } from './declaration.js';

/** `ws config`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerConfig(program: Program, runner: Runner): void {
  const commands = declareConfig(program);
  runner(commands.list, () => import('./list.js'));
  runner(commands.get, () => import('./get.js'));
  runner(commands.set, () => import('./set.js'));
  runner(commands.unset, () => import('./unset.js'));
  runner(commands.path, () => import('./path.js'));
}
