import { randomUUID } from 'node:crypto';
import { UpdateAgentBody } from '../../api/schemas/agents.js';
import { UpdateChatSessionBody } from '../../api/schemas/chat-sessions.js';
import { ApplySkillBody } from '../../api/schemas/skills.js';
import { HttpError, isUuid, notFound, parseBody, type Request, type Router } from '../router.js';
import { publicView, type StoredRecord } from '../store.js';
import type { World } from '../world.js';

/** Agents are named by UUID or by name (their slug); skills by UUID or slug. */
function byIdentifier(world: World, kind: 'agent' | 'skill', slugField: 'name' | 'slug', request: Request): StoredRecord {
  const identifier = request.params.identifier!;
  const org = request.organization.id;
  const found = isUuid(identifier) ? world.store.get(kind, identifier.toLowerCase(), org) : world.store.find(kind, org, (r) => r[slugField] === identifier)[0];
  if (!found) throw notFound(kind, identifier);
  return found;
}

function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function agentSkillSessionRoutes(router: Router, world: World): void {
  router.on('GET', '/agents/:identifier', (request) => ({ body: publicView(byIdentifier(world, 'agent', 'name', request)) }));

  router.on('PATCH', '/agents/:identifier', async (request) => {
    const agent = byIdentifier(world, 'agent', 'name', request);
    const body = parseBody(UpdateAgentBody, request);
    const updated = { ...agent, ...defined(body), updatedAt: world.now(), updatedById: request.organization.userId };
    await world.store.put('agent', updated);
    return { body: publicView(updated) };
  });

  router.on('GET', '/skills/:identifier', (request) => ({ body: publicView(byIdentifier(world, 'skill', 'slug', request)) }));

  // Create or update: an existing skill is matched by slug within the organization.
  router.on('POST', '/skills', async (request) => {
    const body = parseBody(ApplySkillBody, request);
    const { id: organizationId, userId, slug: organizationSlug } = request.organization;
    const existing = world.store.find('skill', organizationId, (s) => s.slug === body.slug)[0];
    const at = world.now();
    const skill = existing
      ? { ...existing, ...defined(body), updatedAt: at, updatedById: userId }
      : {
          id: randomUUID(),
          tools: null,
          subAgents: null,
          ...defined(body),
          organizationId,
          organizationSlug,
          createdById: userId,
          updatedById: userId,
          createdAt: at,
          updatedAt: at,
          lastUsedAt: null,
        };
    await world.store.put('skill', skill);
    return { status: existing ? 200 : 201, body: publicView(skill) };
  });

  router.on('GET', '/chat-sessions/:id', (request) => {
    const id = request.params.id!;
    const session = world.store.get('chat_session', isUuid(id) ? id.toLowerCase() : id, request.organization.id);
    if (!session) throw notFound('chat session', request.params.id!);
    return { body: publicView(session) };
  });

  router.on('PATCH', '/chat-sessions/update', async (request) => {
    const id = request.headers['x-session-id'];
    if (typeof id !== 'string' || !isUuid(id)) {
      throw new HttpError(
        400,
        'validation_error',
        `x-session-id: the header must hold the session's UUID${typeof id === 'string' ? `, got "${id}"` : ''}`,
        'x-session-id',
      );
    }
    const session = world.store.get('chat_session', id.toLowerCase(), request.organization.id);
    if (!session) throw notFound('chat session', id);
    const body = parseBody(UpdateChatSessionBody, request);
    const updated: StoredRecord = { ...session, updatedAt: world.now(), updatedById: request.organization.userId };
    if (body.visibility !== undefined) {
      updated.visibility = body.visibility;
      updated.isPublic = body.visibility === 'public';
    }
    if (body.meta !== undefined) {
      updated.meta = isPlainObject(body.meta) && isPlainObject(session.meta) ? { ...session.meta, ...body.meta } : body.meta;
    }
    await world.store.put('chat_session', updated);
    return { body: { id: updated.id, visibility: updated.visibility, meta: updated.meta ?? null, updatedAt: updated.updatedAt } };
  });
}
