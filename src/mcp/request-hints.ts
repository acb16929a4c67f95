import type { RequestHints } from '../api/http-errors.js';
import { PrintedCommands } from '../printed-commands.js';
import { hintsIn } from '../workspace/request-hints.js';
import { callText } from './tool.js';

const call = (tool: string, args: Record<string, unknown>) => `call ${callText({ tool, arguments: args })}`;
const command = (...words: string[]) => PrintedCommands.bare.command(...words);
/** A ws command, for a person at a shell, after what an assistant does. */
const forPerson = (...words: string[]) => `(in a shell: \`${command(...words)}\`)`;

/**
 * The hints of the API client's errors for an assistant (`ws mcp`): they name the tools to call, with a ws
 * command only in parentheses, for a person; nothing about --debug, which no assistant can pass.
 */
export const mcpRequestHints: RequestHints = hintsIn({
  command,
  debug: '',
  check({ path, pathIds }) {
    const query = pathIds.queries;
    if (query && path.endsWith('/execute')) return `see whether the run started: ${call('list_query_runs', { query })} ${forPerson('queries', 'runs', query)}`;
    const automation = pathIds.automations;
    if (automation && path.endsWith('/runs'))
      return `see whether the run started: ${call('list_automation_runs', { automation })} ${forPerson('automations', 'runs', automation)}`;
    const run = pathIds['automation-runs'];
    if (run) return `see its state: ${call('get_automation_run', { run_id: run })} ${forPerson('automations', 'get-run', run)}`;
    // list_queries has no sort: it lists the most recently updated first, so a query just created comes first
    if (path === '/queries')
      return `call list_queries (most recently updated first): a query made by that call is among the first, with its name ${forPerson('queries', 'list', '--sort', 'created')}`;
    if (path === '/skills') return `call get_skill with the skill's slug to see whether it changed (in a shell: \`${command('skills', 'get')} <slug>\`)`;
    return `read what it changed again before sending it ${forPerson('api', 'GET', path)}`;
  },
  unauthorized: () =>
    `the API key ws mcp was started with was refused: a person must fix it (\`${command('auth', 'status')}\` in a shell shows the key in use; \`${command('auth', 'login')}\` saves another), then start ws mcp again`,
  notFound({ pathIds }) {
    if (pathIds['query-runs']) return 'find the ids of runs: call list_query_runs with the query (or list_recent_failures for failed runs)';
    if (pathIds['automation-runs']) return 'find the ids of runs: call list_automation_runs with the automation (or list_recent_failures for failed runs)';
    if (pathIds.agents) return "no tool lists the agents (nor does the API): ask the person for the agent's name or id";
    if (pathIds.skills) return "no tool lists the skills (nor does the API): ask the person for the skill's slug or id";
    if (pathIds['chat-sessions']) return 'no tool lists the chat sessions: ask the person for the session id';
    if (pathIds.automations) return 'see which there are: call list_automations';
    if (pathIds.queries) return 'see which there are: call list_queries';
    return undefined;
  },
  list: (collection) => `see which there are: call list_${collection} (its \`search\` finds a part of a name)`,
});
