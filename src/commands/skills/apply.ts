import { onePage } from '../../api/paginate.js';
import type { ApplySkillBody, Skill } from '../../api/schemas/skills.js';
import { applySkill, getSkill } from '../../api/skills.js';
import type { Context } from '../../context.js';
import { WsError, usageError } from '../../errors.js';
import { canonical } from '../../workspace/compare.js';
import { printSkillDryRun, skillFromFlags, skillsFromFiles, type ApplyOptions, type SkillSource } from './sources.js';
import { appliedSkillsView, skillView, type SkillAction } from './view.js';

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

/** Whether the skill already has every value the body sets (userAgent only says who sent it). */
function holds(skill: Skill, body: ApplySkillBody): boolean {
  return Object.entries(body).every(([field, value]) => field === 'userAgent' || canonical((skill as Record<string, unknown>)[field]) === canonical(value));
}

/** Errors that would fail every other skill as well (no key, no network) end the run at once. */
function stopsTheRun(error: unknown): boolean {
  return !(error instanceof WsError) || error.kind !== 'api' || error.status === undefined;
}

export async function run(ctx: Context, files: string[], opts: ApplyOptions): Promise<void> {
  const fromFlags = skillFlags.some((flag) => opts[flag] !== undefined);
  if (files.length && fromFlags) throw usageError('pass skill files or --name, --slug, --description and --knowledge, not both');
  if (!files.length && !fromFlags) throw usageError('nothing to apply', 'pass skill files (or a directory of them), or --name, --slug, --description and --knowledge');
  const sources: SkillSource[] = fromFlags ? [await skillFromFlags(ctx, opts)] : await skillsFromFiles(ctx.io, files);
  const valid = sources.filter((source) => source.body);
  if (opts.dryRun) await printSkillDryRun(ctx, valid.map((source) => source.body!));
  else {
    const output = await ctx.output(skillView.fields);
    const applied: Skill[] = [];
    const actions = new Map<Skill, SkillAction>();
    for (const source of valid) {
      try {
        const before = await current(ctx, source.body!.slug);
        const action: SkillAction = !before ? 'created' : holds(before, source.body!) ? 'unchanged' : 'updated';
        // an unchanged skill is not written again: applying twice sends one write
        const skill = action === 'unchanged' ? before! : await applySkill(ctx.http(), source.body!);
        applied.push(skill);
        actions.set(skill, action);
        ctx.note(`${action} ${skill.slug}${source.file ? ` (${source.file})` : ''}`);
      } catch (error) {
        if (stopsTheRun(error)) throw error;
        source.problem = `${source.file ?? source.body!.slug}: ${(error as WsError).message}`;
      }
    }
    const slugs = (action: SkillAction) => applied.filter((skill) => actions.get(skill) === action).map((skill) => skill.slug);
    // nothing applied: the errors below say why, and no empty table precedes them
    if (applied.length || !sources.some((source) => source.problem)) await output.list({ key: 'skills', offset: 0, pages: onePage(applied), summarize: () => ({ created: slugs('created'), updated: slugs('updated'), unchanged: slugs('unchanged') }) }, appliedSkillsView(actions));
  }
  const problems = sources.filter((source) => source.problem).map((source) => source.problem!);
  if (problems.length) {
    const message = `${problems.length} of ${sources.length} skill${sources.length > 1 ? 's' : ''} not applied:\n  ${problems.join('\n  ')}`;
    // An invalid file is a usage error (exit 2) even when the others went through; else the server refused one (exit 1).
    throw new WsError(sources.some((source) => !source.body) ? 'usage' : 'api', message);
  }
}
