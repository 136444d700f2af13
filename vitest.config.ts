import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { SummaryReporter } from './scripts/vitest-summary-reporter.ts';

// One run covers every workspace: `npm test` (scripts/test.mjs) calls vitest once with this file.
const webConfig = fileURLToPath(new URL('./packages/web/vitest.config.ts', import.meta.url));

const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'repo',
      environment: 'node',
      include: ['scripts/**/*.test.ts'],
    },
  },
  {
    test: {
      name: 'shared',
      environment: 'node',
      include: ['packages/shared/src/**/*.test.ts'],
    },
  },
  {
    test: {
      name: 'server',
      environment: 'node',
      include: ['packages/server/src/**/*.test.ts'],
      // Native drivers (better-sqlite3, DuckDB) are safest in child processes.
      pool: 'forks',
      isolate: false,
      // Real databases and engines: slower than pure units, and CI has 2 cores.
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  // The web workspace brings its own jsdom config; it joins the run once it exists.
  ...(existsSync(webConfig) ? [webConfig] : []),
  {
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['e2e/**/*.e2e.ts'],
      pool: 'forks',
      // Each journey starts a server and a browser: one file at a time, after the unit projects,
      // so they neither fight over the two cores nor over ports.
      fileParallelism: false,
      sequence: { groupOrder: 1 },
      testTimeout: 120_000,
      hookTimeout: 180_000,
      // A journey drives a real browser on a loaded two-core machine: one retry keeps a timing
      // hiccup from failing the run, while a journey that fails twice still fails it.
      retry: 1,
    },
  },
];

export default defineConfig({
  test: {
    projects,
    reporters: ['default', new SummaryReporter()],
    // Most tests wait on databases and child processes, so both cores stay busy with two
    // workers (vitest's default would be one here).
    maxWorkers: 2,
    teardownTimeout: 30_000,
  },
});
