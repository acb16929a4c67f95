import type { HttpClient } from './http.js';
import { Agent, type UpdateAgentBody } from './schemas/agents.js';

/** The path of one agent, as the requests (and dry runs) name it. */
export const agentPath = (identifier: string) => `/agents/${encodeURIComponent(identifier)}`;

/** `identifier` is an agent UUID or slug. */
export function getAgent(http: HttpClient, identifier: string): Promise<Agent> {
  return http.request({ method: 'GET', path: agentPath(identifier), schema: Agent });
}

export function updateAgent(http: HttpClient, identifier: string, body: UpdateAgentBody): Promise<Agent> {
  return http.request({ method: 'PATCH', path: agentPath(identifier), body, schema: Agent });
}
