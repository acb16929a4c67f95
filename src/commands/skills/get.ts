import { getSkill } from '../../api/skills.js';
import type { Context } from '../../context.js';
import { skillView } from './shared/skill-view.js';
import type { Skills } from './declaration.js';

export async function run(ctx: Context, [skill]: Skills['get']['args']): Promise<void> {
  const output = await ctx.output(skillView.fields);
  await output.item(await getSkill(ctx.http(), skill), skillView);
}
