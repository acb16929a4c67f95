import type { Program, Runner } from '../../cmdutil/command.js';
import { declareQueries } from './declaration.js';

/** `ws queries`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerQueries(program: Program, runner: Runner): void {
  const commands = declareQueries(program);
  runner(commands.list, () => import('./list.js'));
  runner(commands.get, () => import('./get.js'));
  runner(commands.create, () => import('./create.js'));
  runner(commands.update, () => import('./update.js'));
  runner(commands.execute, () => import('./execute.js'));
  runner(commands.runs, () => import('./runs.js'));
  runner(commands.data, () => import('./data.js'));
  runner(commands.pull, () => import('./pull.js'));
  runner(commands.apply, () => import('./apply.js'));
}
