import type { RequestHints } from '../api/http.js';
import type { PrintedCommands } from '../shell.js';

/**
 * The ws commands the HTTP client's errors name (the API layer knows requests, not commands), written with
 * the options of this command line: what shows whether a write took effect, and the commands that check a key.
 */
export function requestHints(printed: PrintedCommands): RequestHints {
  return {
    command: (...words) => printed.command(...words),
    check(path) {
      const id = (pattern: RegExp) => decodeURIComponent(pattern.exec(path)?.[1] ?? '');
      if (/^\/queries\/[^/]+\/execute$/.test(path)) return `\`${printed.command('queries', 'runs', id(/^\/queries\/([^/]+)/))}\` lists its runs`;
      if (/^\/automations\/[^/]+\/runs$/.test(path)) return `\`${printed.command('automations', 'runs', id(/^\/automations\/([^/]+)/))}\` lists its runs`;
      if (/^\/automation-runs\/[^/]+\/cancel$/.test(path)) return `\`${printed.command('automations', 'get-run', id(/^\/automation-runs\/([^/]+)/))}\` shows its state`;
      if (path === '/queries') return `\`${printed.command('queries', 'list', '--sort', 'created')}\` shows the newest queries`;
      // the slug is in the body, not the path: a placeholder, left unquoted
      if (path === '/skills') return `\`${printed.command('skills', 'get').replace(/^ws skills get/, 'ws skills get <slug>')}\` shows whether the skill changed`;
      return `read the resource with \`${printed.command('api', 'GET', path)}\``;
    },
    notFound(path) {
      // a query with no completed run has no latest data (an unknown query was named before this request)
      const query = /^\/queries\/([^/]+)\/latest\/data$/.exec(path)?.[1];
      if (query) return `a query has rows once a run of it completes: \`${printed.command('queries', 'execute', decodeURIComponent(query), '--wait')}\``;
      return undefined;
    },
  };
}
