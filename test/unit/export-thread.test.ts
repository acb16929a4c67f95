/**
 * What crosses from the export's worker to the main thread (src/query-runs/export-thread.ts) does so through a
 * structured clone: an error must arrive with everything the main thread prints of it and ends ws by.
 */
import { describe, expect, it } from 'vitest';
import { errorData, errorFrom } from '../../src/query-runs/export-thread.js';
import { WsError } from '../../src/errors.js';

const crossed = (error: unknown) => errorFrom(structuredClone(errorData(error)));

describe("an error from the export's worker", () => {
  it('is the same WsError: kind, message, code, hint, ids, signal, partial and its exit code', () => {
    const error = new WsError('interrupted', 'stopped (SIGTERM); the output is partial: it holds the first 201000 rows', {
      hint: 'print the rest: ws queries data q --offset 201000 --all',
      ids: { queryId: 'q', queryRunId: 'r' },
      signal: 'SIGTERM',
      partial: { rowsWritten: 201_000, resumeCommand: 'ws queries data q --offset 201000 --all' },
    });
    const back = crossed(error);
    expect(back).toBeInstanceOf(WsError);
    expect({ ...back, message: back.message }).toEqual({ ...error, message: error.message });
    expect((back as WsError).exitCode).toBe(143);
  });

  it('keeps an HTTP failure as the server described it (status, apiCode, requestId)', () => {
    const error = new WsError('api', 'the server failed', { status: 503, apiCode: 'unavailable', requestId: 'req-1', code: 'server_error' });
    expect({ ...crossed(error) }).toEqual({ ...error });
  });

  it("keeps another error's code, so that a reader gone (EPIPE) still ends ws quietly", () => {
    const error = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    const back = crossed(error) as NodeJS.ErrnoException;
    expect(back).not.toBeInstanceOf(WsError);
    expect([back.message, back.code, back.stack]).toEqual(['write EPIPE', 'EPIPE', error.stack]);
  });
});
