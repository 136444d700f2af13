import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatCounts } from './vitest-summary-reporter.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the closing line', () => {
  it('reads "N passed, N failed" and adds skipped tests only when there are some', () => {
    expect(formatCounts({ passed: 3, failed: 0, skipped: 0 })).toBe('3 passed, 0 failed');
    expect(formatCounts({ passed: 3, failed: 1, skipped: 2 })).toBe(
      '3 passed, 1 failed, 2 skipped',
    );
  });

  it('counts a failed test, a file that fails to load, a failing hook and an unhandled error', () => {
    const env = { ...process.env };
    delete env.TESSERA_TEST_SUMMARY_FILE;
    delete env.TESSERA_TEST_SETUP_FAILURES;
    const run = spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'scripts/fixtures/summary/vitest.config.ts',
      ],
      { cwd: root, env, encoding: 'utf8' },
    );
    const lines = run.stdout.trim().split('\n');
    // passes x3 (two plain, one leaving an error); skipped: the skipIf suite and the test under
    // the failing hook; failed: the assertion, the broken file, the hook, the unhandled error.
    expect(lines.at(-1)).toBe('3 passed, 4 failed, 2 skipped');
    expect(run.status).not.toBe(0);
    // A nested vitest run: seconds when idle, much longer while the rest of the suite runs.
  }, 120_000);
});
