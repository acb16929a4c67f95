import type { RequestHints } from './api/http-errors.js';
import type { PrintedCommands } from './printed-commands.js';
import { hintsIn } from './workspace/request-hints.js';

/**
 * The hints of the command line: ws commands written with the options of this command line (the API layer knows
 * requests, not commands).
 */
export function requestHints(printed: PrintedCommands): RequestHints {
  return hintsIn({
    command: (...words) => printed.command(...words),
    debug: '--debug shows each request and response',
    check({ path, pathIds }) {
      if (/^\/queries\/[^/]+\/execute$/.test(path)) return `\`${printed.command('queries', 'runs', pathIds.queries!)}\` lists its runs`;
      if (/^\/automations\/[^/]+\/runs$/.test(path)) return `\`${printed.command('automations', 'runs', pathIds.automations!)}\` lists its runs`;
      if (/^\/automation-runs\/[^/]+\/cancel$/.test(path))
        return `\`${printed.command('automations', 'get-run', pathIds['automation-runs']!)}\` shows its state`;
      if (path === '/queries') return `\`${printed.command('queries', 'list', '--sort', 'created')}\` shows the newest queries`;
      // the slug is in the body, not the path: a placeholder, left unquoted
      if (path === '/skills')
        return `\`${printed.command('skills', 'get').replace(/^ws skills get/, 'ws skills get <slug>')}\` shows whether the skill changed`;
      return `read the resource with \`${printed.command('api', 'GET', path)}\``;
    },
    unauthorized: () => `check the API key with \`${printed.command('auth', 'status')}\`, or log in again with \`${printed.command('auth', 'login')}\``,
    notFound({ path, pathIds }) {
      // a query with no completed run has no latest data (an unknown query was named before this request)
      if (/^\/queries\/[^/]+\/latest\/data$/.test(path))
        return `a query has rows once a run of it completes: \`${printed.command('queries', 'execute', pathIds.queries!, '--wait')}\``;
      return undefined;
    },
    list: (collection) => `see which there are: \`${printed.command(collection, 'list')}\``,
  });
}
