/**
 * Errors are values with a kind; cli.ts maps the kind to the exit code in one place.
 * Commands throw these and never call process.exit.
 */
export type ErrorKind =
  | 'api' // API or network error not covered below: exit 1
  | 'usage' // bad input found before any request was sent: exit 2
  | 'auth' // no key, or HTTP 401/403: exit 3
  | 'not_found' // HTTP 404, or a name that resolves to nothing: exit 4
  | 'remote_failure' // the remote job ended badly while waiting: exit 5
  | 'timeout' // --timeout passed while waiting: exit 6
  | 'interrupted'; // Ctrl-C: exit 130; SIGTERM 143, SIGHUP 129 (128 + the signal's number)

export const exitCodes: Record<ErrorKind, number> = {
  api: 1,
  usage: 2,
  auth: 3,
  not_found: 4,
  remote_failure: 5,
  timeout: 6,
  interrupted: 130,
};

/** Exit codes of a command that did not fail, by name: no error has them. */
export const outcomeExitCodes = {
  success: 0,
  // `queries apply --dry-run`, `skills apply --dry-run`: the files and the workspace differ, neither success nor a
  // failure, for drift checks in CI (as `terraform plan -detailed-exitcode`)
  changes_pending: 8,
} as const;

/**
 * Every `code` an error object may carry, with its kind (hence its exit code) and what it means: the list
 * `ws help exit-codes` and docs/scripts-and-ci.md print. A script reads these instead of the message; they never change.
 */
export const errorCodes = {
  api_error: ['api', 'any other failure of the API or of ws (the message says which)'],
  bad_request: ['api', 'HTTP 400 or 422: the API refused the request'],
  conflict: ['api', 'HTTP 409, e.g. cancelling a run that has ended'],
  rate_limited: ['api', 'HTTP 429, after the retries'],
  server_error: ['api', 'HTTP 5xx, after the retries'],
  http_error: ['api', 'any other HTTP error status'],
  unexpected_response: ['api', 'a response ws cannot read (not JSON, another shape, too large)'],
  data_replaced: ['api', "another run's rows replaced the rows of the run that was waited for (parallel runs of one query replace each other's rows)"],
  jq_error: ['api', "the --jq expression failed on the data (jq's message); retrying will not help"],
  http_timeout: ['api', 'a request got no answer within --http-timeout'],
  connection_refused: ['api', 'nothing listens at the base URL'],
  host_not_found: ['api', "the base URL's host name does not resolve"],
  connect_timeout: ['api', 'connecting to the host timed out'],
  connection_failed: ['api', 'any other network failure before an answer'],
  connection_dropped_after_send: ['api', 'the connection dropped after a write was sent: check first'],
  certificate_expired: ['api', 'the TLS certificate has expired or is not valid yet'],
  certificate_host_mismatch: ['api', 'the TLS certificate names other hosts'],
  certificate_untrusted: ['api', 'the TLS certificate is signed by an authority ws does not trust'],
  certificate_invalid: ['api', 'any other TLS verification failure'],
  proxy_auth_required: ['api', 'the proxy wants (other) credentials: HTTP 407'],
  proxy_refused: ['api', 'the proxy refused to connect to the host'],
  proxy_unreachable: ['api', 'the proxy cannot be reached'],
  config_locked: ['api', 'another ws holds the lock of the config file'],
  output_failed: ['api', 'stdout or the --out file could not be written (a full disk, a file size limit); an export says the rows it holds'],
  internal: ['api', 'an error ws did not expect (the message says what; --debug shows where)'],
  usage: ['usage', 'bad input (flags, arguments, files, --param values); nothing was sent'],
  proxy_url_invalid: ['usage', 'HTTPS_PROXY or HTTP_PROXY is not a proxy URL'],
  ca_file_invalid: ['usage', 'the CA file cannot be read or holds no PEM certificate'],
  no_api_key: ['auth', 'no API key for this profile and base URL'],
  keyring_unavailable: ['auth', "the profile's key is in the system keyring, which cannot be read now (locked, unreachable)"],
  unauthorized: ['auth', 'HTTP 401: the API key was refused'],
  forbidden: ['auth', 'HTTP 403: the API key may not do this'],
  not_found: ['not_found', 'HTTP 404, or no query or automation has that slug or name'],
  ambiguous: ['not_found', 'several queries or automations have that slug or name'],
  run_failed: ['remote_failure', 'the run that was waited for failed'],
  run_cancelled: ['remote_failure', 'the run that was waited for was cancelled'],
  timeout: ['timeout', '--timeout passed while waiting; the run goes on (unless --cancel-on-timeout cancelled it)'],
  interrupted: ['interrupted', 'Ctrl-C stopped ws; 143 for SIGTERM, 129 for SIGHUP'],
} as const satisfies Record<string, readonly [ErrorKind, string]>;

export type ErrorCode = keyof typeof errorCodes;

/** The code of an error that names none: the kind's own. */
const kindCodes: Record<ErrorKind, ErrorCode> = {
  api: 'api_error',
  usage: 'usage',
  auth: 'unauthorized',
  not_found: 'not_found',
  remote_failure: 'run_failed',
  timeout: 'timeout',
  interrupted: 'interrupted',
};

/** The resources an error is about, by the names the API gives their ids. */
export interface ErrorIds {
  queryId?: string;
  queryRunId?: string;
  automationId?: string;
  automationRunId?: string;
}

/** Which id of ErrorIds a path's id is, by the collection before it (`/query-runs/<queryRunId>`). */
const idNames: Record<string, keyof ErrorIds> = {
  queries: 'queryId',
  'query-runs': 'queryRunId',
  automations: 'automationId',
  'automation-runs': 'automationRunId',
};

/** The ids an error about a request's path is about (from src/api/http-errors.ts's pathIdsOf), under the API's names. */
export function errorIdsOf(pathIds: Record<string, string>): ErrorIds | undefined {
  const ids = Object.fromEntries(
    Object.entries(pathIds).flatMap(([collection, id]) => (Object.hasOwn(idNames, collection) ? [[idNames[collection]!, id]] : [])),
  ) as ErrorIds;
  return Object.keys(ids).length ? ids : undefined;
}

export interface WsErrorDetails {
  hint?: string;
  status?: number;
  code?: ErrorCode;
  /** The `code` of the API's error body, as the server sent it. */
  apiCode?: string;
  requestId?: string;
  ids?: ErrorIds;
  /** For `interrupted`: the signal that stopped ws, when it was not Ctrl-C. */
  signal?: 'SIGTERM' | 'SIGHUP';
  /** An output that broke part-way: the rows it holds and the command that prints the rest, when there is one. */
  partial?: { rowsWritten: number; resumeCommand?: string };
}

const signalExitCodes = { SIGHUP: 128 + 1, SIGTERM: 128 + 15 } as const;

export class WsError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly code: ErrorCode;
  readonly apiCode: string | undefined;
  readonly requestId: string | undefined;
  readonly ids: ErrorIds | undefined;
  readonly signal: 'SIGTERM' | 'SIGHUP' | undefined;
  readonly partial: WsErrorDetails['partial'];

  constructor(kind: ErrorKind, message: string, details: WsErrorDetails = {}) {
    super(message);
    this.name = 'WsError';
    this.kind = kind;
    this.hint = details.hint;
    this.status = details.status;
    this.code = details.code ?? kindCodes[kind];
    this.apiCode = details.apiCode;
    this.requestId = details.requestId;
    this.ids = details.ids;
    this.signal = details.signal;
    this.partial = details.partial;
  }

  get exitCode(): number {
    return this.signal ? signalExitCodes[this.signal] : exitCodes[this.kind];
  }

  /** The same error about these resources too (the ids already known win). */
  about(ids: ErrorIds): WsError {
    return new WsError(this.kind, this.message, { ...this, ids: { ...ids, ...this.ids } });
  }
}

export function usageError(message: string, hint?: string): WsError {
  return new WsError('usage', message, hint === undefined ? {} : { hint });
}
