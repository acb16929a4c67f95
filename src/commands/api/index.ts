import type { Program, Runner } from '../../cmdutil/command.js';
import { declareApi } from './declaration.js';

/** `ws api`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerApi(program: Program, runner: Runner): void {
  const commands = declareApi(program);
  runner(commands.api, () => import('./api.js'));
}
