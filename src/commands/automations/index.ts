import type { Program, Runner } from '../../cmdutil/command.js';
import { declareAutomations } from './declaration.js';

/** `ws automations`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerAutomations(program: Program, runner: Runner): void {
  const commands = declareAutomations(program);
  runner(commands.list, () => import('./list.js'));
  runner(commands.get, () => import('./get.js'));
  runner(commands.runs, () => import('./runs.js'));
  runner(commands.trigger, () => import('./trigger.js'));
  runner(commands['get-run'], () => import('./get-run.js'));
  runner(commands.result, () => import('./result.js'));
  runner(commands.steps, () => import('./steps.js'));
  runner(commands.wait, () => import('./wait.js'));
  runner(commands.watch, () => import('./watch.js'));
  runner(commands.cancel, () => import('./cancel.js'));
}
