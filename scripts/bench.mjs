// `npm run bench`: runs every bench/**/*.bench.ts one after another (they measure, so never in
// parallel). `npm run bench -- <part of a name>` runs the matching ones.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filters = process.argv.slice(2);

function benchFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : benchFiles(full);
    return entry.name.endsWith('.bench.ts') ? [full] : [];
  });
}

const files = benchFiles(path.join(root, 'bench'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.log('No benchmark matched: add bench/<name>.bench.ts (see bench/README.md).');
  process.exit(filters.length === 0 ? 0 : 1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n== ${path.relative(root, file)}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
