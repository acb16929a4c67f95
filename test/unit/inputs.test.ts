/** Inputs of commands (src/cmdutil/inputs.ts): --param names, and structured input nested too deep. */
import { describe, expect, it } from 'vitest';
import { checkDepth, keyValues, maxInputDepth, parseStructured } from '../../src/cmdutil/inputs.js';
import type { WsError } from '../../src/errors.js';
import { usageError as usage } from '../helpers/usage-error.js';

describe('input', () => {
  it('--param __proto__=x is refused, not dropped', () => {
    expect(usage(() => keyValues(['__proto__=x'], '--param')).message).toBe('invalid --param "__proto__=x": "__proto__" cannot be a name');
    expect(keyValues(['constructor=1', 'toString=2'], '--param')).toEqual({ constructor: '1', toString: '2' });
  });

  it('input nested deeper than the limit is refused without overflowing the stack, at any depth', async () => {
    for (const depth of [maxInputDepth + 1, 200_000]) {
      const text = '['.repeat(depth) + ']'.repeat(depth);
      const error = (await parseStructured(text, 'deep.json').catch((e: unknown) => e)) as WsError;
      expect(error.kind).toBe('usage');
      expect(error.message).toBe(`deep.json nests deeper than ${maxInputDepth} levels`);
      const yaml = (await parseStructured(`a: ${text}`, 'deep.yaml').catch((e: unknown) => e)) as WsError;
      expect(yaml.kind).toBe('usage');
      expect(yaml.message).toMatch(/^deep\.yaml (nests deeper than 100 levels|is not valid JSON or YAML: it nests too deeply)/);
    }
    const ok = JSON.parse('['.repeat(maxInputDepth) + ']'.repeat(maxInputDepth));
    expect(checkDepth(ok, 'x')).toBe(ok);
  });
});
