import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { type Config, loadConfig } from './platform/config.ts';
import {
  type MetadataStore,
  migrateToLatest,
  openMetadataStore,
} from './platform/metadata/store.ts';

/** The server package's version, which is Tessera's. */
export function tesseraVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function portNumber(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('Not a port number (0-65535).');
  }
  return port;
}

/** Opens the configured metadata store, runs `work`, and always closes it. */
async function withStore<T>(
  config: Config,
  work: (store: MetadataStore) => Promise<T>,
): Promise<T> {
  const store = openMetadataStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function serve(options: { port?: number; host?: string }): Promise<void> {
  const overrides: Partial<Config> = {};
  if (options.port !== undefined) overrides.port = options.port;
  if (options.host !== undefined) overrides.host = options.host;
  const config = loadConfig(process.env, overrides);
  // Loaded on demand so `tessera version` and `--help` stay fast.
  const { startServer } = await import('./main.ts');
  await startServer(config, { handleSignals: true });
}

async function worker(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  await withStore(config, async (store) => {
    // Fail now, not at the first job, when the store is unreachable.
    await sql`select 1`.execute(store.db);
    if (!config.redisUrl) {
      log.info('worker ready: no queue configured; jobs run in the serving process');
      return;
    }
    await assertRedisReachable(config.redisUrl);
    const [{ closeContext, createContext }, { startWorker }, { startAsyncRuntime }] =
      await Promise.all([
        import('./context.ts'),
        import('./sqllab/runtime.ts'),
        import('./async/runtime.ts'),
      ]);
    const logger = log as unknown as FastifyBaseLogger;
    const ctx = createContext({ config, store, logger });
    let runtime: Awaited<ReturnType<typeof startWorker>>;
    let charts: Awaited<ReturnType<typeof startAsyncRuntime>>;
    try {
      runtime = await startWorker(ctx);
      // GLOBAL_ASYNC_QUERIES: chart jobs too, from their own queue (nothing without the flag).
      charts = await startAsyncRuntime(ctx, {
        processJobs: true,
        concurrency: Math.max(1, config.workerConcurrency),
      });
    } catch (error) {
      await closeContext(ctx);
      throw new Error(
        `Cannot start the worker on Redis at ${redactUrl(config.redisUrl)}: ${(error as Error).message}`,
      );
    }
    // Listen before announcing readiness, so a supervisor reacting to the log line cannot
    // signal us before the handler exists. `on`, not `once`: a repeat must not kill us mid-stop.
    const stopped = new Promise<void>((resolve) => {
      process.on('SIGTERM', () => resolve());
      process.on('SIGINT', () => resolve());
    });
    log.info(
      { redis: redactUrl(config.redisUrl), concurrency: Math.max(1, config.workerConcurrency) },
      'worker ready: running asynchronous SQL Lab queries from the Redis queue',
    );
    await stopped;
    log.info('worker stopping');
    await charts.close();
    await runtime.close();
    await closeContext(ctx);
  });
}

/** Fails at once with a readable message when Redis does not answer (BullMQ would retry forever). */
async function assertRedisReachable(url: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  let lastError: Error | null = null;
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(`Cannot connect to Redis at ${redactUrl(url)}: ${reason}`);
  } finally {
    redis.disconnect();
  }
}

/** A URL safe to log: any password replaced. */
function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = 'XXXXXXXXXX';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function migrate(): Promise<void> {
  const config = loadConfig();
  const applied = await withStore(config, migrateToLatest);
  if (applied.length === 0) {
    console.log('The metadata store is up to date: no migration to apply.');
  } else {
    console.log(`Applied ${applied.length} migration(s):`);
    for (const name of applied) console.log(`  ${name}`);
  }
}

interface CreateAdminOptions {
  username?: string;
  password?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

async function createAdmin(options: CreateAdminOptions): Promise<void> {
  const config = loadConfig();
  const username = options.username ?? config.adminUsername;
  const given = options.password ?? config.adminPassword;
  const password = given ?? randomBytes(12).toString('base64url');
  await withStore(config, async (store) => {
    await migrateToLatest(store);
    const { createUser, ensureRolesAndAdmin } = await import('./security/bootstrap.ts');
    // Seeds the built-in roles; on an empty store it also creates this very admin.
    const first = await ensureRolesAndAdmin({ store }, { username, password });
    const details = {
      email: options.email,
      firstName: options.firstName,
      lastName: options.lastName,
    };
    if (first.created) {
      if (details.email || details.firstName || details.lastName) {
        const { securityRepository } = await import('./security/repository.ts');
        const user = await securityRepository.getUserByName(store.db, username);
        if (user) {
          await securityRepository.updateUser(store.db, user.id, {
            ...(details.email ? { email: details.email } : {}),
            ...(details.firstName ? { first_name: details.firstName } : {}),
            ...(details.lastName ? { last_name: details.lastName } : {}),
          });
        }
      }
    } else {
      await createUser({ store }, { username, password, roles: ['Admin'], ...details });
    }
  });
  console.log(`Admin user "${username}" created.`);
  if (given === null) console.log(`  password: ${password}`);
}

async function loadExamplesCommand(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const summary = await withStore(config, async (store) => {
    await migrateToLatest(store);
    const { loadExamples } = await import('./examples/load.ts');
    return loadExamples({ config, store, logger });
  });
  console.log(
    summary.built
      ? `Built ${summary.file} in ${summary.seconds} s:`
      : `${summary.file} is up to date (${summary.version}); nothing to do.`,
  );
  const width = Math.max(...summary.tables.map((t) => t.table.length));
  for (const t of summary.tables)
    console.log(`  ${t.table.padEnd(width)}  ${t.rows.toLocaleString('en-US')} rows`);
  console.log(
    summary.registered
      ? `Registered database "examples" (id ${summary.databaseId}).`
      : `Database "examples" already registered (id ${summary.databaseId}).`,
  );
}

/** The `tessera` command line. */
export function buildProgram(): Command {
  const program = new Command('tessera')
    .description('Tessera: open-source business intelligence with a Superset-compatible API.')
    .version(tesseraVersion(), '-V, --version', 'print the version')
    .showHelpAfterError()
    .addHelpText(
      'after',
      '\nSettings come from TESSERA_* environment variables (see the README), e.g. TESSERA_HOME, TESSERA_DATABASE_URL.',
    );

  program
    .command('serve')
    .description(
      'serve the API and the web client (migrates, creates the first admin, loads examples)',
    )
    .option('-p, --port <port>', 'port to listen on (default: TESSERA_PORT or 8088)', portNumber)
    .option('-H, --host <host>', 'address to listen on (default: TESSERA_HOST or 0.0.0.0)')
    .action(serve);

  program
    .command('worker')
    .description('run background jobs (asynchronous SQL Lab queries) from the Redis queue')
    .addHelpText(
      'after',
      '\nNeeds TESSERA_REDIS_URL: the worker takes jobs from the BullMQ queue on Redis until SIGTERM.\n' +
        'Without it, jobs run inside the serving process and the worker has nothing to do.',
    )
    .action(worker);

  program.command('migrate').description('apply pending metadata-store migrations').action(migrate);

  program
    .command('create-admin')
    .description(
      'create a user with the Admin role (a password is generated and printed if none is given)',
    )
    .option('--username <name>', 'user name (default: TESSERA_ADMIN_USERNAME or admin)')
    .option('--password <password>', 'password (default: TESSERA_ADMIN_PASSWORD, else generated)')
    .option('--email <email>', 'e-mail address')
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .action(createAdmin);

  program
    .command('load-examples')
    .description('build the examples DuckDB database under TESSERA_HOME and register it')
    .action(loadExamplesCommand);

  program
    .command('version')
    .description('print the version')
    .action(() => console.log(`tessera ${tesseraVersion()}`));

  return program;
}

/** Runs the command line; failures print one clear line and set a non-zero exit code. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    console.error(`tessera: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
