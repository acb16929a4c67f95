import { buildProgram } from '../../cli.js';
import { completionScript, type Shell } from '../../completion/scripts.js';
import { commandTree } from '../../completion/tree.js';
import type { Context } from '../../context.js';

export async function run(ctx: Context, [shell]: string[]): Promise<void> {
  const program = buildProgram(ctx.io, () => async () => undefined);
  ctx.io.stdout.write(completionScript(shell as Shell, commandTree(program)));
}
