import { WsError, type ErrorIds } from '../errors.js';

/**
 * A wait that fails because the server or the network did (after the retries of the wait itself) leaves the
 * run going on the server: the error keeps the command that resumes the wait, as --timeout and Ctrl-C do.
 * Every error of the wait names `ids`, the resources it was about.
 */
export async function resumable<T>(waiting: Promise<T>, resume: string, ids: ErrorIds = {}): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    if (!(error instanceof WsError)) throw error;
    if (error.kind !== 'api') throw error.about(ids);
    const hint = `the run may go on: wait again with \`${resume}\``;
    throw new WsError('api', error.message, { ...error, hint: error.hint ? `${error.hint}; ${hint}` : hint }).about(ids);
  }
}
