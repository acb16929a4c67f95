import type { ApplySkillBody, Skill } from '../../../api/schemas/skills.js';
import { canonical, type PlanEntry } from '../../../cmdutil/apply-plan.js';

/** What `skills apply` does with one skill: the POST body, and each changed field's old and new value. */
export interface PlannedSkill extends PlanEntry {
  body: ApplySkillBody;
  /** The skill as it is now, if any. */
  before: Skill | undefined;
}

/**
 * Compares a skill's body with the skill of that slug now (none: it is created). POST /skills creates and updates
 * alike; a skill that already has every value is unchanged and sent nothing. userAgent only says who sent it.
 */
export function planSkill(body: ApplySkillBody, before: Skill | undefined, file: string | undefined): PlannedSkill {
  const fields = Object.entries(body).filter(([field, value]) => field !== 'userAgent' && value !== undefined);
  const now = (field: string) => (before as Record<string, unknown> | undefined)?.[field];
  const changed = before ? fields.filter(([field, value]) => canonical(now(field)) !== canonical(value)) : fields.filter(([, value]) => value !== null);
  const changes = Object.fromEntries(changed.map(([field, value]) => [field, { from: before ? (now(field) ?? null) : undefined, to: value }]));
  const action = !before ? 'created' : changed.length ? 'updated' : 'unchanged';
  return { slug: body.slug, file, action, id: before?.id, changes, notes: [], body, before };
}
