import type { Program, Runner } from '../../cmdutil/command.js';
import { declareRuns } from './declaration.js';

/** `ws runs`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerRuns(program: Program, runner: Runner): void {
  const commands = declareRuns(program);
  runner(commands.get, () => import('./get.js'));
  runner(commands.result, () => import('./result.js'));
  runner(commands.wait, () => import('./wait.js'));
}
