import { expect } from 'vitest';
import type { WsResult } from './ws.js';

/** The whole of stderr is one JSON object `{"error": {…}}`, with a code and a message; its `error` is returned. */
export function errorObject(result: WsResult): Record<string, unknown> {
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(result.stderr)), `stderr is not one JSON object: ${JSON.stringify(result.stderr)}`).not.toThrow();
  expect(Object.keys(parsed as object)).toEqual(['error']);
  const error = (parsed as { error: Record<string, unknown> }).error;
  expect(typeof error.code).toBe('string');
  expect(typeof error.message).toBe('string');
  return error;
}

export function expectFailure(result: WsResult, exitCode: number, fields: Record<string, unknown>): Record<string, unknown> {
  expect(result.exitCode, result.stderr).toBe(exitCode);
  const error = errorObject(result);
  expect(error).toMatchObject(fields);
  return error;
}
