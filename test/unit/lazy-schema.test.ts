/**
 * Schemas are built on first use (start-up time): a lazy schema builds nothing until it is read, once, and is
 * then the schema itself to whoever uses it, zod included.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lazy } from '../../src/api/schemas/common.js';

describe('lazy schemas', () => {
  it('builds the schema on the first read, and only once', () => {
    let built = 0;
    const Thing = lazy(() => {
      built++;
      return z.looseObject({ id: z.string() });
    });
    expect(built).toBe(0);
    expect(Thing.safeParse({ id: 'a', extra: 1 })).toEqual({ success: true, data: { id: 'a', extra: 1 } });
    expect(Thing.safeParse({ id: 1 }).success).toBe(false);
    expect(Object.keys(Thing.shape)).toEqual(['id']);
    expect(built).toBe(1);
  });

  it('stands for its schema inside other schemas, in checks of its kind and in its methods', () => {
    const Id = lazy(() => z.guid({ error: 'must be a UUID' }));
    const Ref = lazy(() => z.strictObject({ id: Id, ids: z.array(Id).optional(), other: Id.nullable() }));
    expect(Ref instanceof z.ZodObject).toBe(true);
    expect(Id instanceof z.ZodGUID).toBe(true);
    const id = '10000000-0000-4000-8000-000000000005';
    expect(Ref.parse({ id, ids: [id], other: null })).toEqual({ id, ids: [id], other: null });
    const failed = Ref.safeParse({ id: 'x', other: id, more: 1 });
    expect(failed.error?.issues.map((issue) => [issue.code, issue.path, issue.message])).toEqual([
      ['invalid_format', ['id'], 'must be a UUID'],
      ['unrecognized_keys', [], 'Unrecognized key: "more"'],
    ]);
    expect(Ref.extend({ n: z.number() }).parse({ id, other: null, n: 1 })).toEqual({ id, other: null, n: 1 });
  });
});
