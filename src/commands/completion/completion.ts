import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import { completionScript, type Shell } from '../../completion/scripts.js';
import { commandTree } from '../../completion/tree.js';
import type { Context } from '../../context.js';
import { helpTopics } from '../../help/topics.js';

/** Prints the script for the program it is part of (handed in by index.ts, so no module imports cli.ts). */
export async function print(ctx: Context, shell: Shell, program: Command): Promise<void> {
  ctx.io.stdout.write(completionScript(shell, commandTree(program, Object.keys(helpTopics))));
}
