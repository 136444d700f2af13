import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Counts every test of a finished run. A file that fails to load, a failing beforeAll/afterAll
 * and an unhandled error each count as one failure: they have no failed test of their own, yet
 * the run must not look green.
 */
export function countRun(
  modules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError>,
): RunCounts {
  const counts: RunCounts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else if (state === 'skipped') counts.skipped += 1;
    }
    if (module.errors().length > 0) counts.failed += 1;
    for (const suite of module.children.allSuites()) {
      if (suite.errors().length > 0) counts.failed += 1;
    }
  }
  return counts;
}

/** The closing line CI reads: `N passed, N failed` and, when any, `, N skipped`. */
export function formatCounts({ passed, failed, skipped }: RunCounts): string {
  const line = `${passed} passed, ${failed} failed`;
  return skipped > 0 ? `${line}, ${skipped} skipped` : line;
}

/**
 * Runs after vitest's own reporter. Under scripts/test.mjs it hands the counts over through a
 * file so that the closing line is printed after vitest has exited and nothing can follow it;
 * run directly (`npx vitest run`), it prints the line itself.
 */
export class SummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const counts = countRun(modules, unhandledErrors);
    // Set by scripts/test.mjs when a step before vitest (the web build) failed.
    counts.failed += Number(process.env.TESSERA_TEST_SETUP_FAILURES ?? 0);
    const line = formatCounts(counts);
    const file = process.env.TESSERA_TEST_SUMMARY_FILE;
    if (file) writeFileSync(file, JSON.stringify({ ...counts, line }));
    else process.stdout.write(`${line}\n`);
  }
}
