import type { Program, Runner } from '../../cmdutil/command.js';
import { declareSkills } from './declaration.js';

/** `ws skills`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerSkills(program: Program, runner: Runner): void {
  const commands = declareSkills(program);
  runner(commands.get, () => import('./get.js'));
  runner(commands.apply, () => import('./apply.js'));
}
