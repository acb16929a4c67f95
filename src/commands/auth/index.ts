import type { Program, Runner } from '../../cmdutil/command.js';
import { declareAuth } from './declaration.js';

/** `ws auth`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerAuth(program: Program, runner: Runner): void {
  const commands = declareAuth(program);
  runner(commands.login, () => import('./login.js'));
  runner(commands.status, () => import('./status.js'));
  runner(commands.logout, () => import('./logout.js'));
}
