import { WsError } from '../errors.js';

/**
 * A wait that fails because the server or the network did (after the retries of the wait itself) leaves the
 * run going on the server: the error keeps the command that resumes the wait, as --timeout and Ctrl-C do.
 */
export async function resumable<T>(waiting: Promise<T>, resume: string): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    if (!(error instanceof WsError) || error.kind !== 'api') throw error;
    const hint = `the run may go on: wait again with \`${resume}\``;
    throw new WsError('api', error.message, {
      hint: error.hint ? `${error.hint}; ${hint}` : hint,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.code === undefined ? {} : { code: error.code }),
      ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    });
  }
}
