import type { Program, Runner } from '../../cmdutil/command.js';
import { declareSessions } from './declaration.js';

/** `ws sessions`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerSessions(program: Program, runner: Runner): void {
  const commands = declareSessions(program);
  runner(commands.get, () => import('./get.js'));
  runner(commands.update, () => import('./update.js'));
}
