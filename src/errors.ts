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

export interface WsErrorDetails {
  hint?: string;
  status?: number;
  code?: string;
  requestId?: string;
  /** For `interrupted`: the signal that stopped ws, when it was not Ctrl-C. */
  signal?: 'SIGTERM' | 'SIGHUP';
}

const signalExitCodes = { SIGHUP: 128 + 1, SIGTERM: 128 + 15 } as const;

export class WsError extends Error {
  readonly kind: ErrorKind;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly signal: 'SIGTERM' | 'SIGHUP' | undefined;

  constructor(kind: ErrorKind, message: string, details: WsErrorDetails = {}) {
    super(message);
    this.name = 'WsError';
    this.kind = kind;
    this.hint = details.hint;
    this.status = details.status;
    this.code = details.code;
    this.requestId = details.requestId;
    this.signal = details.signal;
  }

  get exitCode(): number {
    return this.signal ? signalExitCodes[this.signal] : exitCodes[this.kind];
  }
}

export function usageError(message: string, hint?: string): WsError {
  return new WsError('usage', message, hint === undefined ? {} : { hint });
}
