import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
const builtIndex = path.join(web, 'dist/index.html');

// Everything the client bundle is made from: its own sources and the shared contract.
const inputs = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/shared/src'),
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** True when packages/web/dist is missing or older than any of its inputs. */
export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

/**
 * Builds the web client when its bundle is missing or stale, so that the server started by
 * `npm start` or by the e2e journeys serves what the sources say. Returns false when the
 * build failed (its output has already been printed).
 */
export function ensureWebBuild() {
  if (!existsSync(path.join(web, 'index.html'))) {
    console.warn('packages/web has no index.html yet: the web client is not built.');
    return true;
  }
  if (!webBuildIsStale()) return true;
  console.log('Building the web client (packages/web/dist is missing or stale)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@tessera/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}
