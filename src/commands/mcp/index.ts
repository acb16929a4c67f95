import type { Program, Runner } from '../../cmdutil/command.js';
import { declareMcp } from './declaration.js';

/** `ws mcp`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerMcp(program: Program, runner: Runner): void {
  const commands = declareMcp(program);
  runner(commands.mcp, () => import('./mcp.js'));
}
