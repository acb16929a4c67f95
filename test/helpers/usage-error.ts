import { expect } from 'vitest';
import { WsError } from '../../src/errors.js';

/** The usage error a call throws (exit 2); a call that throws nothing fails the test. */
export function usageError(call: () => unknown): WsError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(WsError);
    expect((error as WsError).kind).toBe('usage');
    expect((error as WsError).exitCode).toBe(2);
    return error as WsError;
  }
  throw new Error('expected a usage error');
}
