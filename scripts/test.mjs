// `npm test`: every test of every workspace in one vitest run, closing with `N passed, N failed`.
// Extra arguments go to vitest: `npm test -- packages/server/src/platform`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

function hasJourneys(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'node_modules' && hasJourneys(path.join(dir, entry.name))
      : entry.name.endsWith('.e2e.ts'),
  );
}

// The journeys drive the built client; a filtered run that leaves them out needs no build.
const runsJourneys =
  hasJourneys(path.join(root, 'e2e')) &&
  (args.every((arg) => arg.startsWith('-')) || args.some((arg) => arg.includes('e2e')));
// A failed build still lets every other test run; it counts as one failure of its own.
const buildFailed = runsJourneys && !ensureWebBuild();
if (buildFailed) console.error('The web client failed to build: the e2e journeys will fail too.');

const summaryDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
const summaryFile = path.join(summaryDir, 'summary.json');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    TESSERA_TEST_SUMMARY_FILE: summaryFile,
    TESSERA_TEST_SETUP_FAILURES: buildFailed ? '1' : '0',
  },
});

let summary = null;
if (existsSync(summaryFile)) summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
rmSync(summaryDir, { recursive: true, force: true });

if (!summary) {
  const how = result.signal ? `signal ${result.signal}` : `exit code ${result.status}`;
  console.error(`vitest ended (${how}) before reporting any result.`);
  process.exit(result.status || 1);
}
// Printed last, after vitest has exited, so nothing can come after it.
console.log(summary.line);
process.exit(summary.failed > 0 || result.status !== 0 ? result.status || 1 : 0);
