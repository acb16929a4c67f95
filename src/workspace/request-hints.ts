import type { RequestFailure, RequestHints } from '../api/http-errors.js';

/** The words a surface (the command line, an assistant's `ws mcp`) gives the hints of failed requests. */
export interface HintWords {
  command(...words: string[]): string;
  /** How to see each request and response; '' where nobody can pass --debug (an assistant's `ws mcp`). */
  debug: string;
  /** What shows whether a write took effect, e.g. "`ws queries runs daily_revenue` lists its runs". */
  check(failure: RequestFailure): string;
  /** What to do when the server refuses the key (401). */
  unauthorized(): string;
  /** Where the ids of what the path names are listed, for its 404. */
  notFound(failure: RequestFailure): string | undefined;
  list(collection: string): string;
}

/**
 * The hints of failed requests, from what the transport reports (src/api/http-errors.ts's RequestFailure) and a
 * surface's words: try again later, whether a write may have happened and what shows it, how to see more.
 */
export function hintsIn(words: HintWords): RequestHints {
  const ifItGoesOn = (after: string) => (words.debug ? `; if it goes on, ${words.debug}${after}` : '');
  return {
    command: (...command) => words.command(...command),
    list: (collection) => words.list(collection),
    hint(failure) {
      const tried = failure.attempts ? ` (ws tried ${failure.attempts} times)` : '';
      switch (failure.event) {
        case 'unexpected_response':
          return `the server sent a response this version of ws does not understand; ${words.debug ? 'try --debug, or a newer ws' : 'a newer ws may'}`;
        case 'too_large':
          return 'ask for less (for lists: --limit n), or fetch it with another tool';
        case 'timeout':
          return failure.write === 'unknown'
            ? `the request may have reached the server: check before sending it again: ${words.check(failure)}`
            : 'the server did not answer in time; raise the limit with --http-timeout 2m';
        case 'unauthorized':
          return words.unauthorized();
        case 'forbidden':
          return 'the API key is valid but may not act on this resource';
        case 'not_found':
          return words.notFound(failure);
        case 'rate_limited':
          return `the server is limiting requests${tried}: try again later${failure.write === 'none' ? '' : '; this request was not acted on'}${words.debug ? `; ${words.debug}` : ''}`;
        case 'server_error': {
          const later = `the server failed${tried}: try again later${ifItGoesOn(' (with the request id, if any, for whoever runs the server)')}`;
          if (failure.write === 'none') return later;
          if (failure.write === 'repeatable') return `${later}; the change may or may not have been made, and sending it again is safe`;
          return `${later}; the request may have been acted on: check before sending it again: ${words.check(failure)}`;
        }
        case 'dropped_after_send':
          return `check before sending it again: ${words.check(failure)}`;
        case 'closed':
          return `try again later${ifItGoesOn(' (a proxy or load balancer on the way may be closing it)')}`;
      }
    },
  };
}
