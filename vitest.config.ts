import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the standalone binary's own tests need one built: vitest.standalone.config.ts
    exclude: ['test/standalone/**', 'node_modules/**'],
    // a fresh dist/ for the e2e tests, and one temporary folder for the run, removed at its end
    globalSetup: ['./test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // e2e tests spawn bin/ws; two cores on CI machines, so keep the pool small.
    maxWorkers: 2,
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      // Tests in this process (no mocks, no global stubs, no chdir, fake IO): one module graph for all their files,
      // instead of loading ws again for each file.
      { extends: true, test: { name: 'in-process', include: ['test/{unit,commands,emulator}/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
