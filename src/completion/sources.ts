import { listAutomations } from '../api/automations.js';
import { HttpClient } from '../api/http.js';
import { getQuery, listQueries } from '../api/queries.js';
import { queryAmong } from '../workspace/resolve.js';
import { apiKeyProblem, keyringPlace } from '../config/settings.js';
import { keyInKeyring } from '../config/store.js';
import { checkBaseUrl, networkOptions } from '../context.js';
import type { IO } from '../io.js';
import { isUuid } from '../ids.js';
import { version } from '../version.js';
import { namesTarget } from './target.js';

type Candidate = [value: string, description: string];

/** How many names one Tab asks for: one page, never every page. */
const pageSize = 50;

/**
 * An API client for completion, or none: to the base URL of namesTarget (a saved key only to its own origin); plain
 * http only to loopback. One try per request, everything within the deadline.
 */
function client(io: IO, profile: string | undefined, deadlineMs: number): HttpClient | undefined {
  const target = namesTarget(io, profile);
  if (target === undefined) return undefined;
  const { settings, saved, baseUrl, origin } = target;
  // trimmed as every command trims it; a key no header can carry completes nothing
  const fileKey = saved ? settings.profile.apiKey?.trim() : settings.apiKey.value;
  let apiKey: string | (() => Promise<string>);
  if (fileKey) {
    if (apiKeyProblem(fileKey)) return undefined;
    apiKey = fileKey;
  } else if (saved && keyInKeyring(settings.profile)) {
    // a Tab waits for nobody: the keyring answers within the deadline, or nothing is completed
    const place = keyringPlace(settings, origin);
    apiKey = async () => {
      const { readKey } = await import('../config/keyring.js');
      const key = (await readKey(place, { io, waitMs: deadlineMs }))?.trim();
      if (!key || apiKeyProblem(key)) throw new Error('no usable key in the system keyring');
      return key;
    };
  } else {
    return undefined;
  }
  checkBaseUrl(baseUrl, false, 'completion');
  return new HttpClient({
    baseUrl,
    apiKey,
    userAgent: `ws/${version()} node/${process.versions.node} (completion)`,
    timeoutMs: deadlineMs,
    maxAttempts: 1,
    signal: AbortSignal.timeout(deadlineMs),
    network: networkOptions(settings, io.env),
  });
}

const looksLikeId = (word: string) => /^[0-9a-f-]+$/i.test(word);

const field = (value: unknown, name: string): string | undefined => {
  const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return typeof inner === 'string' ? inner : undefined;
};

const sources: Record<string, (http: HttpClient, current: string, subject: string | undefined) => Promise<Candidate[]>> = {
  /** Query slugs, found by the list's search as `ws queries get <slug>` resolves them. */
  'queries query': async (http, current) => {
    const list = await listQueries(http, { limit: pageSize, search: current || undefined, includeRuns: false });
    return list.queries.map((query) => [query.slug, query.name]);
  },
  /** Automation ids and names; an id is not searchable, so a hexadecimal start lists the newest instead. */
  'automations automation': async (http, current) => {
    const list = await listAutomations(http, { limit: pageSize, search: current && !looksLikeId(current) ? current : undefined });
    return list.workflows.flatMap((automation): Candidate[] => [
      [automation.id, automation.name],
      [automation.name, automation.id],
    ]);
  },
  /**
   * The parameters `queries execute <query> --param` can fill, as `name=`: one request (the query by id, or one page
   * of the search its slug or name is resolved by), the same rule as the command's.
   */
  'queries execute --param': async (http, _current, query) => {
    if (!query) return [];
    const found = isUuid(query)
      ? await getQuery(http, query)
      : queryAmong((await listQueries(http, { limit: pageSize, search: query, includeRuns: false })).queries, query);
    if (!found) return [];
    return (found.parameters ?? []).map(
      (p): Candidate => [`${p.name}=`, [p.type, p.defaultValue ? `default ${p.defaultValue}` : '', p.description].filter(Boolean).join(', ')],
    );
  },
  /** Recent query runs: the last run of each recently updated query. */
  'runs runId': async (http) => {
    const list = await listQueries(http, { limit: pageSize, includeRuns: true, sortBy: 'updated' });
    return list.queries.flatMap((query): Candidate[] => {
      const run = query.lastQueryRun as unknown;
      const id = field(run, 'id');
      return id ? [[id, `${query.slug} ${field(run, 'status') ?? ''}`]] : [];
    });
  },
  /** Recent automation runs: the latest run of each automation. */
  'automations runId': async (http) => {
    const list = await listAutomations(http, { limit: pageSize, include: 'latestRun', sortBy: 'updated' });
    return list.workflows.flatMap((automation): Candidate[] => {
      const id = field(automation.latestRun, 'id');
      return id ? [[id, `${automation.name} ${field(automation.latestRun, 'state') ?? ''}`]] : [];
    });
  },
};

/**
 * Names for `kind` ("<group> <argument>", or "<command> <option>" with the `subject` it is about) from the API;
 * undefined without a key and base URL (nothing asked).
 */
export async function fromApi(
  io: IO,
  profile: string | undefined,
  kind: string,
  current: string,
  deadlineMs: number,
  subject?: string,
): Promise<Candidate[] | undefined> {
  const source = sources[kind];
  if (!source) return undefined;
  const http = client(io, profile, deadlineMs);
  if (!http) return undefined;
  try {
    return await source(http, current, subject);
  } finally {
    await http.close();
  }
}
