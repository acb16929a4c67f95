import type { HttpClient } from './http.js';
import { type ApplySkillBody, Skill } from './schemas/skills.js';

/** `identifier` is a skill UUID or slug. */
export function getSkill(http: HttpClient, identifier: string): Promise<Skill> {
  return http.request({ method: 'GET', path: `/skills/${encodeURIComponent(identifier)}`, schema: Skill });
}

/**
 * Creates the skill, or updates the existing one. How an existing skill is matched is not shown by the API,
 * so a request that may have arrived is not sent again: a retry could create a second skill.
 */
export function applySkill(http: HttpClient, body: ApplySkillBody): Promise<Skill> {
  return http.request({ method: 'POST', path: '/skills', body, schema: Skill, idempotent: false });
}
