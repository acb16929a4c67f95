import type { SentResponse } from '../../src/emulator/server.js';
import { contract, violations } from './contract.js';

/**
 * Checks each response of an in-process emulator against the API description as it is sent (a copy as
 * it goes over the wire: the emulator changes its records afterwards), keeping only what does not conform;
 * assert() throws with all of it. Test helpers call assert() when they close the emulator.
 */
export function contractCheck(): { onResponse: (response: SentResponse) => void; assert: () => void; found: string[]; checked: () => number } {
  contract(); // a missing description fails the start, not only the end
  const found = new Set<string>();
  let count = 0;
  return {
    onResponse(response) {
      count++;
      const body = response.body === undefined ? undefined : (JSON.parse(JSON.stringify(response.body)) as unknown);
      for (const line of violations({ ...response, body })) found.add(line);
    },
    assert() {
      if (found.size) throw new Error(`the emulator sent ${found.size} response(s) the API description does not allow:\n${[...found].slice(0, 40).join('\n')}`);
    },
    get found() {
      return [...found];
    },
    checked: () => count,
  };
}
