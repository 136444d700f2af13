// `npm start`: builds the web client when it is missing or stale, then runs `tessera serve` on
// the embedded defaults (or TESSERA_* variables). Extra arguments go to serve:
// `npm start -- --port 9000`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'packages/server/bin/tessera.mjs');

function webHasBuildScript() {
  const file = path.join(root, 'packages/web/package.json');
  if (!existsSync(file)) return false;
  return Boolean(JSON.parse(readFileSync(file, 'utf8')).scripts?.build);
}

if (!webHasBuildScript()) {
  console.warn(
    'warning: packages/web has no build script yet; serving the API without the web client.',
  );
} else if (!ensureWebBuild()) {
  // The API still works without the client: say so loudly and carry on.
  console.warn('warning: building the web client failed (see above); serving the API only.');
}

const server = spawn(process.execPath, [bin, 'serve', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

const stopServer = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};

// Pass stop requests on; the server ignores repeats, so a Ctrl-C that also reaches it directly
// through the terminal's process group is harmless.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopServer(signal));
}

// `npm start` runs this through `sh -c`; a SIGTERM sent to npm kills that shell without reaching
// us, and we are re-parented. Treat losing the parent as a stop request so no server is orphaned.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM');
}, 500).unref();

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 : 1));
});
