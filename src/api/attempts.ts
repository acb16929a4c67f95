/** Tries of an idempotent request, the first included, unless WS_MAX_ATTEMPTS says otherwise. A module of its own,
 * with no imports, so that the settings read on every run can name it without loading the HTTP client. */
export const defaultMaxAttempts = 4;
