import { expect, it } from 'vitest';
import { collectGarbage } from '../../src/memory.js';

it('collectGarbage runs a full collection without leaving gc exposed to the program', async () => {
  let target: object | undefined = { rows: Array.from({ length: 1000 }, (_, n) => ({ n })) };
  const weak = new WeakRef(target);
  target = undefined;
  // a WeakRef's target is kept until the end of the current job: collect in a later one
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  expect(weak.deref()).toBeUndefined();
  expect('gc' in globalThis).toBe(false);
  collectGarbage(); // the second call reuses the function
});
