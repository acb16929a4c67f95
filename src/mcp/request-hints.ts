import type { RequestHints } from '../api/http.js';
import { shellCommand } from '../shell.js';
import { callText } from './tool.js';

/** The id after `prefix` in a path: `/query-runs/<id>/…`. */
function idIn(path: string, prefix: string): string | undefined {
  const found = new RegExp(`^${prefix}/([^/]+)(?:/|$)`).exec(path)?.[1];
  return found === undefined ? undefined : decodeURIComponent(found);
}

const call = (tool: string, args: Record<string, unknown>) => `call ${callText({ tool, arguments: args })}`;
/** A ws command, for a person at a shell, after what an assistant does. */
const forPerson = (...words: string[]) => `(in a shell: \`${shellCommand('ws', ...words)}\`)`;

/**
 * The hints of the API client's errors for an assistant (`ws mcp`): they name the tools to call, with a ws
 * command only in parentheses, for a person; nothing about --debug, which no assistant can pass.
 */
export const mcpRequestHints: RequestHints = {
  command: (...words) => shellCommand('ws', ...words),
  check(path) {
    const query = idIn(path, '/queries');
    if (query && path.endsWith('/execute')) return `see whether the run started: ${call('list_query_runs', { query })} ${forPerson('queries', 'runs', query)}`;
    const automation = idIn(path, '/automations');
    if (automation && path.endsWith('/runs')) return `see whether the run started: ${call('list_automation_runs', { automation })} ${forPerson('automations', 'runs', automation)}`;
    const run = idIn(path, '/automation-runs');
    if (run) return `see its state: ${call('get_automation_run', { run_id: run })} ${forPerson('automations', 'get-run', run)}`;
    // list_queries has no sort: it lists the most recently updated first, so a query just created comes first
    if (path === '/queries') return `call list_queries (most recently updated first): a query made by that call is among the first, with its name ${forPerson('queries', 'list', '--sort', 'created')}`;
    if (path === '/skills') return `call get_skill with the skill's slug to see whether it changed (in a shell: \`${shellCommand('ws', 'skills', 'get')} <slug>\`)`;
    return `read what it changed again before sending it ${forPerson('api', 'GET', path)}`;
  },
  unauthorized: () => `the API key ws mcp was started with was refused: a person must fix it (\`${shellCommand('ws', 'auth', 'status')}\` in a shell shows the key in use; \`${shellCommand('ws', 'auth', 'login')}\` saves another), then start ws mcp again`,
  debug: '',
  notFound(path) {
    if (idIn(path, '/query-runs')) return 'find the ids of runs: call list_query_runs with the query (or list_recent_failures for failed runs)';
    if (idIn(path, '/automation-runs')) return 'find the ids of runs: call list_automation_runs with the automation (or list_recent_failures for failed runs)';
    if (idIn(path, '/agents')) return "no tool lists the agents (nor does the API): ask the person for the agent's name or id";
    if (idIn(path, '/skills')) return "no tool lists the skills (nor does the API): ask the person for the skill's slug or id";
    if (idIn(path, '/chat-sessions')) return 'no tool lists the chat sessions: ask the person for the session id';
    if (idIn(path, '/automations')) return 'see which there are: call list_automations';
    if (idIn(path, '/queries')) return 'see which there are: call list_queries';
    return undefined;
  },
};
