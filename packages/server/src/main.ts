import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import { buildApp } from './app.ts';
import { type LoadExamplesSummary, loadExamples } from './examples/load.ts';
import type { Config } from './platform/config.ts';
import { migrateToLatest, openMetadataStore } from './platform/metadata/store.ts';
import { ensureRolesAndAdmin } from './security/bootstrap.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** The address a browser on this machine opens, e.g. http://localhost:8088/. */
  url: string;
  /** Settles when example loading ends (null when disabled or failed: the error is logged). */
  examples: Promise<LoadExamplesSummary | null>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Stop on SIGINT/SIGTERM and exit the process (the CLI wants it; embedding code may not). */
  handleSignals?: boolean;
}

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 5000;

/** The boxed message naming the login, printed once when the first admin is created. */
export function adminBanner(url: string, username: string, password: string | null): string {
  const lines = [
    `Tessera is running at ${url}`,
    '',
    'An admin user was created. Log in with:',
    `  username: ${username}`,
    password === null
      ? '  password: the value of TESSERA_ADMIN_PASSWORD'
      : `  password: ${password}`,
  ];
  if (password !== null) lines.push('', 'This password is shown only once: keep it or change it.');
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`].join('\n');
}

/**
 * Starts Tessera: migrates the metadata store, seeds roles and the first admin, serves the API
 * and the web client, then builds the example data in the background so /health answers at once.
 */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = pino({ level: config.logLevel });
  // Whatever the server writes under its home (example data, SQLite companions, files a
  // library creates) is for its own user only; the platform also asks for 0600/0700 itself.
  process.umask(0o077);
  const store = openMetadataStore(config);
  let app: FastifyInstance | null = null;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await app?.close();
      await store.close();
    })();
    return closing;
  };
  // Before anything is announced: whoever reacts to the banner may signal us at once.
  if (options.handleSignals) installSignalHandlers(close, log);
  try {
    const applied = await migrateToLatest(store);
    if (applied.length > 0) log.info({ migrations: applied }, 'metadata store migrated');
    const admin = await ensureRolesAndAdmin(
      { store },
      { username: config.adminUsername, password: config.adminPassword },
    );
    app = await buildApp({ config, store });
    const running = app;
    await running.listen({ port: config.port, host: config.host });
    const address = running.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}/`;
    if (admin.created) {
      process.stdout.write(`\n${adminBanner(url, admin.username, admin.password ?? null)}\n\n`);
    } else {
      log.info({ url }, 'Tessera is running');
    }

    const examples = config.loadExamples
      ? loadExamples({ config, store, logger: running.log }).catch((error: unknown) => {
          running.log.error({ err: error }, 'loading the example data failed');
          return null;
        })
      : Promise.resolve(null);
    return { app: running, url, examples, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

function installSignalHandlers(close: () => Promise<void>, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // npm and scripts/start.mjs pass a Ctrl-C on while the terminal also sends it, so one
    // keypress can arrive several times: later signals are ignored and the grace timer decides.
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.warn('shutdown took too long; exiting');
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
