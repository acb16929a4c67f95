// Preloaded by bench/run.mjs into the ws process it measures: writes the peak resident set size at exit.
import fs from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) fs.writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
