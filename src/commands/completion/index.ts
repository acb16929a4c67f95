import type { Program, Runner } from '../../cmdutil/command.js';
import { declareCompletion } from './declaration.js';

/** `ws completion`, as declaration.ts declares it; its code is imported when it runs, so help loads none. */
export function registerCompletion(program: Program, runner: Runner): void {
  const { completion } = declareCompletion(program);
  // the script describes the whole command tree
  runner(completion, async () => {
    const { print } = await import('./completion.js');
    return { run: (ctx, [shell]) => print(ctx, shell, program) };
  });
}
