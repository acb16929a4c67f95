// Where an export's memory goes: preloaded into a run of ws (`node -r bench/promoted.cjs bin/ws.js queries data … --all`),
// it samples allocations with the inspector's heap profiler and, at exit, writes to stderr the places in the code that
// allocated the objects a full collection (mark-compact) freed: short-lived objects that lived long enough to be
// promoted to the old generation, which is what makes the heap of a long export grow between collections.
// Objects that die young (freed by a scavenge) are left out; so are the ones still alive at exit.
// A measuring aid, never loaded by ws itself. CommonJS, like bench/max-rss.cjs.
const fs = require('node:fs');
const inspector = require('node:inspector');

const session = new inspector.Session();
session.connect();
session.post('HeapProfiler.enable');
session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });

process.on('exit', () => {
  // the session's calls are synchronous: the profile is there before the process ends
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) return fs.writeSync(2, `promoted.cjs: ${error.message}\n`);
    const bytes = new Map();
    const visit = (node, stack) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const frames = [...stack, `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`];
      // the three innermost frames name the place well enough
      const place = frames.slice(-3).reverse().join(' < ');
      if (node.selfSize) bytes.set(place, (bytes.get(place) ?? 0) + node.selfSize);
      for (const child of node.children) visit(child, frames);
    };
    visit(result.profile.head, []);
    const mib = (n) => `${(n / 2 ** 20).toFixed(1)} MiB`;
    const total = [...bytes.values()].reduce((sum, n) => sum + n, 0);
    const top = [...bytes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
    fs.writeSync(
      2,
      `promoted, then freed by a full collection: ${mib(total)} (sampled)\n${top.map(([place, n]) => `${mib(n).padStart(10)}  ${place}`).join('\n')}\n`,
    );
  });
});
