import type { HttpClient } from './http.js';
import type { QueryValue } from './request-spec.js';
import { paginate, type PageRequest } from './paginate.js';
import { AutomationRun, AutomationRunList, automationRunPageMax } from './schemas/automation-runs.js';
import { Automation, AutomationList, type ListAutomationsParams, type TriggerAutomationBody, automationPageMax } from './schemas/automations.js';

/** The API description leaves the search parameter of GET /automations unnamed; this is the one place that names it. */
const automationSearchParam = 'search';

const path = (id: string) => `/automations/${encodeURIComponent(id)}`;

/** The query string: the search under its one configurable name; numbers are sent as text by joinUrl. */
function listQuery({ search, ...rest }: ListAutomationsParams): Record<string, QueryValue> {
  return { ...rest, [automationSearchParam]: search };
}

export function listAutomations(http: HttpClient, params: ListAutomationsParams): Promise<AutomationList> {
  return http.request({ method: 'GET', path: '/automations', query: listQuery(params), schema: AutomationList });
}

/**
 * Every page of GET /automations that `page` asks for. The server's default page is 200; without
 * --limit the CLI asks for 50, as it does for queries.
 */
export function listAutomationPages(
  http: HttpClient,
  params: Omit<ListAutomationsParams, 'limit' | 'offset'>,
  page: Omit<PageRequest, 'pageMax' | 'defaultLimit'>,
) {
  return paginate(
    async (limit, offset, signal) => {
      const list = await listAutomations(http.withSignal(signal), { ...params, limit, offset });
      return { items: list.workflows, total: list.total, envelope: list };
    },
    { ...page, pageMax: automationPageMax, defaultLimit: 50 },
  );
}

export function getAutomation(http: HttpClient, id: string): Promise<Automation> {
  return http.request({ method: 'GET', path: path(id), schema: Automation });
}

/** Every page of GET /automations/{id}/runs that `page` asks for; the server's default page size is not shown. */
export function listAutomationRunPages(http: HttpClient, id: string, page: Omit<PageRequest, 'pageMax' | 'defaultLimit'>) {
  return paginate(
    async (limit, offset, signal) => {
      const list = await http.withSignal(signal).request({
        method: 'GET',
        path: `${path(id)}/runs`,
        query: { limit, offset },
        schema: AutomationRunList,
      });
      return { items: list.runs, total: list.total, envelope: list };
    },
    { ...page, pageMax: automationRunPageMax, defaultLimit: 20 },
  );
}

/** Starts a run. Never sent twice: a duplicate run is worse than an error. */
export function triggerAutomation(http: HttpClient, id: string, body: TriggerAutomationBody): Promise<AutomationRun> {
  return http.request({ method: 'POST', path: `${path(id)}/runs`, body, schema: AutomationRun, idempotent: false });
}

/**
 * The input names an automation declares, when its inputSchema says (JSON Schema: an object with `properties`);
 * undefined when it does not, for the inner structure of inputSchema is not shown and an empty one declares nothing.
 */
export function declaredInputs(automation: Automation): string[] | undefined {
  const properties = (automation.inputSchema as { properties?: unknown }).properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return undefined;
  const names = Object.keys(properties);
  return names.length ? names : undefined;
}
