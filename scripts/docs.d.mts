// The types of scripts/docs.mjs, for the tests that read what it writes.
import type { ManualPage } from '../src/help/manual.js';

/** Every file of the reference by its path from the repository (docs/commands/…, man/…), with its text. */
export function referenceFiles(manual: ManualPage[]): Map<string, string>;
