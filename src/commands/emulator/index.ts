import type { Program, Runner } from '../../cmdutil/command.js';
import { declareEmulator } from './declaration.js';

/** `ws emulator`, as declaration.ts declares it; each command's verb is imported when it runs, so help loads none. */
export function registerEmulator(program: Program, runner: Runner): void {
  const commands = declareEmulator(program);
  runner(commands.start, () => import('./start.js'));
  runner(commands.exec, () => import('./exec.js'));
}
