/**
 * A full garbage collection, now. A long export keeps each page's rows alive while the next page travels, so
 * they outlive the young generation and pile up in the old one, which V8 lets grow by tens of MB before it
 * collects: the peak memory of 1,000,000 rows would be a third above that of 100,000. Collecting every so many
 * pages (a few ms for the 10 MB that stay alive) keeps it flat. V8 hands out `gc` only under --expose-gc,
 * which `#!/usr/bin/env node` cannot pass, so the flag is set just long enough to take the function.
 */
let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    const v8 = process.getBuiltinModule('node:v8');
    v8.setFlagsFromString('--expose-gc');
    gc = process.getBuiltinModule('node:vm').runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
  }
  gc();
}
