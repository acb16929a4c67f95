import type { HttpClient } from './http.js';
import { Agent, UpdateAgentBody } from './schemas/agents.js';

const path = (identifier: string) => `/agents/${encodeURIComponent(identifier)}`;

/** `identifier` is an agent UUID or slug. */
export function getAgent(http: HttpClient, identifier: string): Promise<Agent> {
  return http.request({ method: 'GET', path: path(identifier), schema: Agent });
}

export function updateAgent(http: HttpClient, identifier: string, body: UpdateAgentBody): Promise<Agent> {
  return http.request({ method: 'PATCH', path: path(identifier), body, schema: Agent });
}
