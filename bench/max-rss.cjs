// Preloaded (node -r) by bench/run.mjs into the process it measures: writes the peak resident set size at exit.
// CommonJS, so that measuring does not load Node's ES module loader into a CommonJS program.
const fs = require('node:fs');

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) fs.writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
