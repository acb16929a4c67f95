/**
 * Who may be asked (src/prompt.ts): never with --no-prompt (`prompt` false), WS_NO_PROMPT or CI, nor without a
 * terminal on stdin and stderr; askSecret and readAll refuse at once, naming the reason, where nobody may answer.
 */
import { describe, expect, it } from 'vitest';
import { askSecret, nobodyToAsk, readAll, whyNotAsk } from '../../src/prompt.js';
import { fakeIO } from '../helpers/fake-io.js';

const wanted = { what: 'the API key', instead: 'pipe it in' };

describe('who may be asked', () => {
  it.each([
    [{}, undefined, undefined],
    [{}, false, '--no-prompt is given'],
    [{ WS_NO_PROMPT: '1' }, true, 'WS_NO_PROMPT is set'],
    [{ WS_NO_PROMPT: '0' }, undefined, undefined],
    [{ WS_NO_PROMPT: 'false' }, undefined, undefined],
    [{ CI: 'true' }, undefined, 'CI is set'],
  ])('env %j, prompt %s: %s', (env, prompt, why) => {
    expect(nobodyToAsk(env, prompt)).toBe(why);
    expect(whyNotAsk(fakeIO({ tty: true, env }), prompt)).toBe(why);
  });

  it('a terminal on stdin and on stderr, both', () => {
    expect(whyNotAsk(fakeIO({ stdinIsTTY: true }))).toBe('stderr is not a terminal');
    expect(whyNotAsk(fakeIO({ stderrIsTTY: true }))).toBe('stdin is not a terminal');
  });

  it('askSecret and readAll at a terminal with --no-prompt: exit 2 at once, naming it', async () => {
    const io = fakeIO({ tty: true });
    const message = 'ws will not wait for the API key to be typed: --no-prompt is given, and nobody may be there to type it';
    await expect(askSecret(io, 'API key: ', wanted, false)).rejects.toMatchObject({ kind: 'usage', message });
    await expect(readAll(io, wanted, false)).rejects.toMatchObject({ kind: 'usage', message });
    expect(io.err()).toBe('');
  });
});
