import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, "N passed, N failed, N skipped", that any CI log reader understands
 * (vitest's own summary is coloured and shaped for people).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const count = (state: 'passed' | 'failed' | 'skipped') => testModules.reduce((sum, module) => sum + [...module.children.allTests(state)].length, 0);
    const failed = count('failed') + unhandledErrors.length;
    process.stdout.write(`\n${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped\n`);
  }
}
