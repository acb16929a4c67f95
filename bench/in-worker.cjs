// What issue 40's Worker would give: runs ws's CLI (dist/cli.cjs) inside a Worker whose young generation is limited
// by resourceLimits.maxYoungGenerationSizeMb (WS_BENCH_YOUNG_MB, default 4), e.g.
//   node -r bench/max-rss.cjs bench/in-worker.cjs queries data <id> --all --out rows.csv
// A measuring aid, not a way to run ws: in the Worker stdout and stderr are no terminal, and signals reach the main
// thread only (a file of --out is left as .part on Ctrl-C). No maxOldGenerationSizeMb: what the heap may hold stays
// V8's, only how large the young generation grows between scavenges is set.
const path = require('node:path');
const { Worker, isMainThread, workerData } = require('node:worker_threads');

if (isMainThread) {
  const worker = new Worker(__filename, {
    workerData: { args: process.argv.slice(2) },
    resourceLimits: { maxYoungGenerationSizeMb: Number(process.env.WS_BENCH_YOUNG_MB || 4) },
  });
  worker.on('exit', (code) => {
    process.exitCode = code;
  });
} else {
  require(path.join(__dirname, '../dist/cli.cjs'))
    .run(workerData.args)
    .then((code) => {
      process.exitCode = code;
    });
}
