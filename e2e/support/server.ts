import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TESSERA_BIN = path.join(REPO_ROOT, 'packages/server/bin/tessera.mjs');
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export interface StartServerOptions {
  /** Extra environment for the server, on top of the scratch home and port. */
  env?: Record<string, string>;
  /** Build the `examples` database on start (slower); off unless a journey needs it. */
  loadExamples?: boolean;
  /**
   * The first admin's password. `null` leaves TESSERA_ADMIN_PASSWORD unset so the server
   * generates and prints one (read it with `waitForOutput`).
   */
  adminPassword?: string | null;
  /** The command to run instead of `tessera serve`, e.g. `['npm', 'start']`; it gets TESSERA_PORT. */
  command?: string[];
  /** How long to wait for GET /health to answer 200. */
  startTimeoutMs?: number;
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** The scratch TESSERA_HOME, removed by stop(). */
  home: string;
  adminUsername: string;
  /** null when the server generated it (see StartServerOptions.adminPassword). */
  adminPassword: string | null;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the first match of `pattern` in the server's output. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Runs another `tessera` command (create-admin, load-examples, ...) on the same home. */
  cli(args: string[]): Promise<{ code: number | null; output: string }>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

// Servers still running when the test process ends (a crashed test) are killed with it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Negative pid: the whole group, so `npm start` takes its node child down with it.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

interface CollectedOutput {
  text(): string;
  onData(listener: () => void): void;
}

function collectOutput(child: ChildProcess): CollectedOutput {
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return {
    text: () => text,
    onData: (listener) => {
      listeners.add(listener);
    },
  };
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Tessera server exited (${child.exitCode ?? child.signalCode}) before /health answered:\n${output()}`,
      );
    }
    try {
      const reply = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) });
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Tessera server did not answer /health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The test process's environment without its own TESSERA_* settings (a developer's shell may
 * point TESSERA_DATABASE_URL at a real store); the TESSERA_TEST_* URLs stay for the journeys.
 */
function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (name.startsWith('TESSERA_') && !name.startsWith('TESSERA_TEST_')) continue;
    env[name] = value;
  }
  return env;
}

/**
 * Starts a real Tessera server as a child process on a free port with a scratch TESSERA_HOME
 * and waits until GET /health answers. Always `stop()` it (afterAll), which also removes the home.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));
  const adminPassword =
    options.adminPassword === undefined ? E2E_ADMIN_PASSWORD : options.adminPassword;
  const adminUsername = options.env?.TESSERA_ADMIN_USERNAME ?? 'admin';
  const env: Record<string, string> = {
    ...inheritedEnv(),
    TESSERA_HOME: home,
    TESSERA_HOST: '127.0.0.1',
    TESSERA_PORT: String(port),
    TESSERA_LOAD_EXAMPLES: options.loadExamples ? 'true' : 'false',
    TESSERA_LOG_LEVEL: 'warn',
    // A journey signs in many browsers within a minute; the limit has its own API test.
    TESSERA_LOGIN_RATE_LIMIT: '1000',
    // A developer building the client into a folder of their own (several at once) points the
    // journeys at it; CI leaves it unset and serves packages/web/dist.
    ...(process.env.TESSERA_TEST_WEB_DIST
      ? { TESSERA_WEB_DIST: process.env.TESSERA_TEST_WEB_DIST }
      : {}),
    ...options.env,
  };
  if (adminPassword === null) delete env.TESSERA_ADMIN_PASSWORD;
  else env.TESSERA_ADMIN_PASSWORD = adminPassword;

  const [command, ...args] = options.command ?? [
    process.execPath,
    TESSERA_BIN,
    'serve',
    '--port',
    String(port),
  ];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output = collectOutput(child);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
    rmSync(home, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output.text, options.startTimeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseUrl,
    port,
    home,
    adminUsername,
    adminPassword,
    output: output.text,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = output.text().match(pattern);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(
          () => reject(new Error(`No ${pattern} in the server output:\n${output.text()}`)),
          timeoutMs,
        );
        output.onData(check);
        check();
      }),
    cli: (cliArgs) =>
      new Promise((resolve, reject) => {
        const run = spawn(process.execPath, [TESSERA_BIN, ...cliArgs], {
          cwd: REPO_ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const runOutput = collectOutput(run);
        run.once('error', reject);
        run.once('exit', (code) => resolve({ code, output: runOutput.text() }));
      }),
    stop,
  };
}
