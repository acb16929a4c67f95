import { describe, expect, it } from 'vitest';
import { CreateQueryBody } from '../../src/api/schemas/queries.js';
import { validateRequest } from '../../src/api/validate.js';
import type { WsError } from '../../src/errors.js';

function failure(value: unknown, flags: Record<string, string> = {}): WsError {
  try {
    validateRequest(CreateQueryBody, value, flags);
  } catch (error) {
    return error as WsError;
  }
  throw new Error('expected a validation error');
}

describe('validateRequest', () => {
  it('passes a valid body through', () => {
    expect(validateRequest(CreateQueryBody, { name: 'n', sql: 'select 1' })).toEqual({ name: 'n', sql: 'select 1' });
  });

  it('names the flag, the value and the rule, as a usage error', () => {
    const error = failure({ name: 'x'.repeat(501), sql: 's' }, { name: '--name' });
    expect(error.kind).toBe('usage');
    expect(error.message).toMatch(/^invalid --name "x{57}\.\.\." \(501 characters\): Too big: expected string to have <=500 characters$/);
  });

  it('names the field path when no flag maps to it', () => {
    const error = failure({ name: 'n', sql: 's', parameters: [{ name: 'a', type: 't', description: 'd' }] });
    expect(error.message).toBe('invalid parameters.0.defaultValue: Invalid input: expected string, received undefined');
  });

  it('names unknown fields instead of printing the whole body', () => {
    const error = failure({ name: 'n', sql: 's', colour: 'red', size: 1 });
    expect(error.message).toBe('invalid fields "colour", "size": not a field of this request');
  });

  it('lists further problems in the hint', () => {
    const error = failure({ name: '', sql: 1 }, { name: '--name', sql: '--sql' });
    expect(error.message).toMatch(/^invalid --name "": /);
    expect(error.hint).toMatch(/^also: --sql 1: /);
  });
});
