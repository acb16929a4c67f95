import type { Program, Runner } from '../../cmdutil/command.js';
import { declareAgents } from './declaration.js';

/** `ws agents`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerAgents(program: Program, runner: Runner): void {
  const commands = declareAgents(program);
  runner(commands.get, () => import('./get.js'));
  runner(commands.update, () => import('./update.js'));
}
