import { onePage } from '../../api/paginate.js';
import type { Skill } from '../../api/schemas/skills.js';
import { applySkill, getSkill } from '../../api/skills.js';
import type { Context } from '../../context.js';
import { outcomeExitCodes, WsError, usageError } from '../../errors.js';
import { planDocument, planText } from '../../cmdutil/apply-plan.js';
import { planSkill, type PlannedSkill } from './shared/skill-plan.js';
import { skillFromFlags, skillsFromFiles, type SkillSource } from './shared/sources.js';
import { appliedSkillsView, skillView, type SkillAction } from './shared/skill-view.js';
import type { Skills } from './declaration.js';

const skillFlags = ['name', 'slug', 'description', 'knowledge', 'knowledgeFile', 'tool', 'subAgent'] as const;

/** The skill with this slug as it is now, if any: decides created, updated or unchanged (POST /skills creates and updates). */
async function current(ctx: Context, slug: string): Promise<Skill | undefined> {
  try {
    return await getSkill(ctx.http(), slug);
  } catch (error) {
    if (error instanceof WsError && error.kind === 'not_found') return undefined;
    throw error;
  }
}

/** Errors that would fail every other skill as well (no key, no network) end the run at once. */
function stopsTheRun(error: unknown): boolean {
  return !(error instanceof WsError) || error.kind !== 'api' || error.status === undefined;
}

/** Runs `step` for each skill; a skill the server refuses carries its problem, and the others go on. */
async function eachSkill(sources: SkillSource[], step: (source: SkillSource) => Promise<void>): Promise<void> {
  for (const source of sources) {
    try {
      await step(source);
    } catch (error) {
      if (stopsTheRun(error)) throw error;
      source.problem = `${source.file ?? source.body!.slug}: ${(error as WsError).message}`;
    }
  }
}

/** `--dry-run`: the plan (created, updated with each field's change, unchanged), as `queries apply --dry-run` prints it. */
async function printPlan(ctx: Context, sources: SkillSource[]): Promise<number> {
  const output = await ctx.output(['dryRun', 'skills', 'created', 'updated', 'unchanged'], { document: true });
  const plan: PlannedSkill[] = [];
  await eachSkill(sources, async (source) => void plan.push(planSkill(source.body!, await current(ctx, source.body!.slug), source.file)));
  if (output.format !== 'table') await output.document(planDocument('skills', plan, true, ({ body: _body, before: _before, ...entry }: PlannedSkill) => entry));
  else if (plan.length) ctx.io.stdout.write(planText(plan));
  const pending = plan.some((entry) => entry.action !== 'unchanged');
  ctx.note(`dry run: nothing was sent${pending ? `; exit ${outcomeExitCodes.changes_pending}: changes pending` : ''}`);
  return pending ? outcomeExitCodes.changes_pending : outcomeExitCodes.success;
}

/** Applies the valid sources; `sources` holds the invalid ones too, which decide whether an empty list is printed. */
async function applyAll(ctx: Context, sources: SkillSource[]): Promise<void> {
  const output = await ctx.output(skillView.fields);
  const applied: Skill[] = [];
  const actions = new Map<Skill, SkillAction>();
  await eachSkill(
    sources.filter((source) => source.body),
    async (source) => {
      const { action, before, body } = planSkill(source.body!, await current(ctx, source.body!.slug), source.file);
      // an unchanged skill is not written again: applying twice sends one write
      const skill = action === 'unchanged' ? before! : await applySkill(ctx.http(), body);
      applied.push(skill);
      actions.set(skill, action);
      ctx.note(`${action} ${skill.slug}${source.file ? ` (${source.file})` : ''}`);
    },
  );
  const slugs = (action: SkillAction) => applied.filter((skill) => actions.get(skill) === action).map((skill) => skill.slug);
  // nothing applied: the errors below say why, and no empty table precedes them
  if (applied.length || !sources.some((source) => source.problem))
    await output.list(
      {
        key: 'skills',
        offset: 0,
        pages: onePage(applied),
        summarize: () => ({ created: slugs('created'), updated: slugs('updated'), unchanged: slugs('unchanged') }),
      },
      appliedSkillsView(actions),
    );
}

export async function run(ctx: Context, [files]: Skills['apply']['args'], opts: Skills['apply']['opts']): Promise<number> {
  const fromFlags = skillFlags.some((flag) => opts[flag] !== undefined);
  if (files.length && fromFlags) throw usageError('pass skill files or --name, --slug, --description and --knowledge, not both');
  if (!files.length && !fromFlags)
    throw usageError('nothing to apply', 'pass skill files (or a directory of them), or --name, --slug, --description and --knowledge');
  const sources: SkillSource[] = fromFlags ? [await skillFromFlags(ctx, opts)] : await skillsFromFiles(ctx.io, files);
  const valid = sources.filter((source) => source.body);
  let code = 0;
  if (opts.dryRun) code = await printPlan(ctx, valid);
  else await applyAll(ctx, sources);
  const problems = sources.filter((source) => source.problem).map((source) => source.problem!);
  if (problems.length) {
    const message = `${problems.length} of ${sources.length} skill${sources.length > 1 ? 's' : ''} not applied:\n  ${problems.join('\n  ')}`;
    // An invalid file is a usage error (exit 2) even when the others went through; else the server refused one (exit 1).
    throw new WsError(sources.some((source) => !source.body) ? 'usage' : 'api', message);
  }
  return code;
}
