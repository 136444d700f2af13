import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_NAMES,
  type FeatureFlags,
} from '@tessera/shared/featureFlags';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE } from './privateFiles.ts';

/**
 * Every setting, read once from `TESSERA_*` environment variables. The README's configuration
 * table lists them all; `CONFIG_VARIABLES` below is its source.
 */
export interface Config {
  home: string;
  host: string;
  port: number;
  databaseUrl: string | null;
  redisUrl: string | null;
  secretKey: string;
  adminUsername: string;
  adminPassword: string | null;
  loadExamples: boolean;
  logLevel: string;
  webDist: string | null;
  featureFlags: FeatureFlags;
  sqlMaxRow: number;
  defaultSqllabLimit: number;
  sqllabDefaultDbId: number | null;
  sqllabQueryResultTimeout: number;
  sqllabTimeout: number;
  sqllabPayloadMaxMb: number;
  workerConcurrency: number;
  rowLimit: number;
  samplesRowLimit: number;
  defaultVizType: string;
  defaultTimeFilter: string;
  webserverTimeout: number;
  exportRowLimit: number;
  timeZone: string;
  cacheDefaultTimeout: number;
  dataCacheTimeout: number;
  smtp: {
    host: string | null;
    port: number;
    user: string | null;
    password: string | null;
    mailFrom: string;
    starttls: boolean;
    ssl: boolean;
  };
  /** Hosts report webhooks may reach although private or local (never the store or Redis). */
  webhookAllowedHosts: string[];
  bodyLimit: number;
  /** SQLite and DuckDB connections (they can reach the server's files) are admins' only. */
  preventUnsafeDbConnections: boolean;
  sessionLifetimeSeconds: number;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  loginRateLimit: number;
  /** Failed logins one account allows per 15 minutes before it refuses logins (0: no limit). */
  loginAccountLimit: number;
  /** Days the event log keeps its rows before pruning them (0: forever). */
  logRetentionDays: number;
  /** Guest tokens of embedded dashboards: their own signing secret, lifetime, audience and role. */
  guestToken: {
    secret: string;
    expSeconds: number;
    audience: string;
    roleName: string;
  };
  /** Global async queries (GLOBAL_ASYNC_QUERIES): Superset's GLOBAL_ASYNC_QUERIES_* settings. */
  globalAsync: {
    /** How the client hears of its jobs: `polling` (the default) or `ws`. */
    transport: 'polling' | 'ws';
    pollingDelayMs: number;
    /** Path of the websocket on this server's port (Superset runs a separate server). */
    websocketPath: string;
    /** Prefix of each channel's Redis stream; the global stream is `<prefix>full`. */
    streamPrefix: string;
    /** MAXLEN of a channel's stream and of the global stream. */
    streamLimit: number;
    streamLimitFirehose: number;
    /** Seconds a job may take before it ends as an error event, whatever became of its worker. */
    jobTimeoutSeconds: number;
  };
}

export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string;
}

/** The documented variables, in the README's order. */
export const CONFIG_VARIABLES: ConfigVariable[] = [
  {
    name: 'TESSERA_HOME',
    default: '`./.tessera`',
    meaning: 'Folder for the SQLite metadata store, example data, results and cache files.',
  },
  { name: 'TESSERA_HOST', default: '`0.0.0.0`', meaning: 'Address the server listens on.' },
  { name: 'TESSERA_PORT', default: '`8088`', meaning: 'Port for the API and the web client.' },
  {
    name: 'TESSERA_DATABASE_URL',
    default: '(none: SQLite under `TESSERA_HOME`)',
    meaning: 'PostgreSQL URL of the metadata store, e.g. `postgresql://user@host/tessera`.',
  },
  {
    name: 'TESSERA_REDIS_URL',
    default: '(none: in-process)',
    meaning:
      'Redis URL for the job queue, results backend and cache when running several processes.',
  },
  {
    name: 'TESSERA_SECRET_KEY',
    default: 'generated once into `TESSERA_HOME/secret_key`',
    meaning:
      'Key that signs sessions and tokens and encrypts database passwords. Set it when several processes share one store.',
  },
  {
    name: 'TESSERA_ADMIN_USERNAME',
    default: '`admin`',
    meaning: 'User name of the first admin created on start.',
  },
  {
    name: 'TESSERA_ADMIN_PASSWORD',
    default: 'generated once and printed',
    meaning: 'Password of the first admin.',
  },
  {
    name: 'TESSERA_LOAD_EXAMPLES',
    default: '`true`',
    meaning: 'Build the `examples` DuckDB database on first start.',
  },
  { name: 'TESSERA_LOG_LEVEL', default: '`info`', meaning: 'pino log level.' },
  {
    name: 'TESSERA_FEATURE_FLAGS',
    default: '(Superset defaults)',
    meaning:
      'Comma-separated flags to switch, e.g. `DASHBOARD_RBAC,!CONFIRM_DASHBOARD_DIFF` (a `!` turns one off).',
  },
  {
    name: 'TESSERA_SQL_MAX_ROW',
    default: '`100000`',
    meaning: 'SQL_MAX_ROW: the most rows any query may return.',
  },
  {
    name: 'TESSERA_DEFAULT_SQLLAB_LIMIT',
    default: '`10000`',
    meaning: 'DEFAULT_SQLLAB_LIMIT: row limit of a new SQL Lab tab.',
  },
  {
    name: 'TESSERA_SQLLAB_DEFAULT_DBID',
    default: '(none)',
    meaning: 'SQLLAB_DEFAULT_DBID: database of a new SQL Lab tab.',
  },
  {
    name: 'TESSERA_SQLLAB_QUERY_RESULT_TIMEOUT',
    default: '`0`',
    meaning:
      'SQLLAB_QUERY_RESULT_TIMEOUT: seconds the client waits for stored results (0: no limit).',
  },
  {
    name: 'TESSERA_SQLLAB_TIMEOUT',
    default: '`30`',
    meaning:
      'SQLLAB_TIMEOUT: seconds a synchronous SQL Lab run may take before it ends `timed_out`.',
  },
  {
    name: 'TESSERA_SQLLAB_PAYLOAD_MAX_MB',
    default: '`100`',
    meaning:
      'SQLLAB_PAYLOAD_MAX_MB: largest SQL Lab result kept, in megabytes; a bigger one fails with RESULT_TOO_LARGE_ERROR.',
  },
  {
    name: 'TESSERA_WORKER_CONCURRENCY',
    default: '`4`',
    meaning:
      'Asynchronous SQL Lab runs one process executes at once (0: this web process runs none and leaves them to `tessera worker`; needs Redis).',
  },
  {
    name: 'TESSERA_ROW_LIMIT',
    default: '`50000`',
    meaning: 'ROW_LIMIT: default row limit of chart queries.',
  },
  {
    name: 'TESSERA_SAMPLES_ROW_LIMIT',
    default: '`1000`',
    meaning: 'SAMPLES_ROW_LIMIT: rows in dataset samples.',
  },
  {
    name: 'TESSERA_DEFAULT_VIZ_TYPE',
    default: '`table`',
    meaning: 'DEFAULT_VIZ_TYPE: chart type Explore starts with.',
  },
  {
    name: 'TESSERA_DEFAULT_TIME_FILTER',
    default: '`No filter`',
    meaning: 'DEFAULT_TIME_FILTER: time range Explore starts with.',
  },
  {
    name: 'TESSERA_WEBSERVER_TIMEOUT',
    default: '`60`',
    meaning: 'Web-server timeout in seconds; charts and annotations time out with it.',
  },
  {
    name: 'TESSERA_WEB_DIST',
    default: '`packages/web/dist`',
    meaning: 'Folder of the built web client the server serves (a build made elsewhere).',
  },
  {
    name: 'TESSERA_EXPORT_ROW_LIMIT',
    default: '`1000000`',
    meaning: 'Most rows a CSV/XLSX download may hold.',
  },
  {
    name: 'TESSERA_TIME_ZONE',
    default: '`UTC`',
    meaning: 'Server time zone for relative time ranges and schedules (IANA name).',
  },
  {
    name: 'TESSERA_CACHE_DEFAULT_TIMEOUT',
    default: '`86400`',
    meaning: 'Seconds metadata cache entries live.',
  },
  {
    name: 'TESSERA_DATA_CACHE_TIMEOUT',
    default: '`86400`',
    meaning: 'Seconds chart-data cache entries live when nothing more specific is set.',
  },
  { name: 'TESSERA_SMTP_HOST', default: '(none)', meaning: 'SMTP server for e-mailed reports.' },
  { name: 'TESSERA_SMTP_PORT', default: '`25`', meaning: 'SMTP port.' },
  { name: 'TESSERA_SMTP_USER', default: '(none)', meaning: 'SMTP user.' },
  { name: 'TESSERA_SMTP_PASSWORD', default: '(none)', meaning: 'SMTP password.' },
  {
    name: 'TESSERA_SMTP_MAIL_FROM',
    default: '`tessera@localhost`',
    meaning: 'Sender address of e-mails.',
  },
  { name: 'TESSERA_SMTP_STARTTLS', default: '`true`', meaning: 'Use STARTTLS.' },
  { name: 'TESSERA_SMTP_SSL', default: '`false`', meaning: 'Use SMTP over TLS.' },
  {
    name: 'TESSERA_WEBHOOK_ALLOWED_HOSTS',
    default: '(none)',
    meaning:
      'Comma-separated hosts that report webhooks may reach although they are private or local (never the metadata store or Redis).',
  },
  { name: 'TESSERA_BODY_LIMIT', default: '`10485760`', meaning: 'Largest request body in bytes.' },
  {
    name: 'TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS',
    default: '`true`',
    meaning:
      "PREVENT_UNSAFE_DB_CONNECTIONS: only admins may create, edit or test SQLite and DuckDB connections (they can reach the server's files); `false` lets anyone with `can_write` on `Database` do so.",
  },
  {
    name: 'TESSERA_SESSION_LIFETIME',
    default: '`604800`',
    meaning: 'Seconds a browser session lasts.',
  },
  {
    name: 'TESSERA_LOGIN_RATE_LIMIT',
    default: '`10`',
    meaning:
      'Login attempts allowed per minute from one address (browser and API logins share it).',
  },
  {
    name: 'TESSERA_LOGIN_ACCOUNT_LIMIT',
    default: '`10`',
    meaning:
      'Failed logins one account allows per 15 minutes, from any address, before it refuses logins until the window ends (0: no limit).',
  },
  {
    name: 'TESSERA_LOG_RETENTION_DAYS',
    default: '`90`',
    meaning:
      'Days the action log keeps events and failed queries before pruning them (0: forever).',
  },
  {
    name: 'TESSERA_GUEST_TOKEN_JWT_SECRET',
    default: 'derived from `TESSERA_SECRET_KEY`',
    meaning:
      'GUEST_TOKEN_JWT_SECRET: HS256 secret of the guest tokens of embedded dashboards (`POST /api/v1/security/guest_token/`).',
  },
  {
    name: 'TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS',
    default: '`300`',
    meaning: 'GUEST_TOKEN_JWT_EXP_SECONDS: seconds a guest token lives.',
  },
  {
    name: 'TESSERA_GUEST_TOKEN_JWT_AUDIENCE',
    default: '`tessera`',
    meaning: 'GUEST_TOKEN_JWT_AUDIENCE: the `aud` claim guest tokens carry and must carry.',
  },
  {
    name: 'TESSERA_GUEST_ROLE_NAME',
    default: '`Public`',
    meaning:
      'GUEST_ROLE_NAME: role whose permissions (reads only) and row-level security a guest of an embedded dashboard gets.',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_TRANSPORT',
    default: '`polling`',
    meaning:
      'GLOBAL_ASYNC_QUERIES_TRANSPORT: how browsers hear of their chart jobs, `polling` or `ws` (the websocket).',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_POLLING_DELAY',
    default: '`500`',
    meaning:
      'GLOBAL_ASYNC_QUERIES_POLLING_DELAY: milliseconds between two polls of `/api/v1/async_event/`.',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_WEBSOCKET_PATH',
    default: '`/ws/`',
    meaning: 'Path of the async-events websocket, served on the same port.',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX',
    default: '`async-events-`',
    meaning:
      'GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX: Redis streams of the channels (`<prefix><channel>`) and of all events (`<prefix>full`).',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT',
    default: '`1000`',
    meaning:
      'GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT: events a channel keeps (older ones are trimmed).',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT_FIREHOSE',
    default: '`1000000`',
    meaning: 'GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT_FIREHOSE: events the global stream keeps.',
  },
  {
    name: 'TESSERA_GLOBAL_ASYNC_QUERIES_JOB_TIMEOUT',
    default: 'the web-server timeout',
    meaning:
      'Seconds a chart job may take (waiting and running) before it ends as an error event, also when its worker died.',
  },
];

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

function strVar(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
}

export function parseFeatureFlags(raw: string | null): FeatureFlags {
  const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const off = item.startsWith('!');
    const [name, value] = (off ? item.slice(1) : item).split('=');
    if (!FEATURE_FLAG_NAMES.includes(name as keyof FeatureFlags)) {
      throw new Error(`Unknown feature flag "${name}" in TESSERA_FEATURE_FLAGS`);
    }
    flags[name as keyof FeatureFlags] = off
      ? false
      : value === undefined
        ? true
        : boolVar({ v: value }, 'v', true);
  }
  return flags;
}

/** The secret key: from the environment, else generated once and kept under TESSERA_HOME. */
function resolveSecretKey(env: Env, home: string): string {
  const fromEnv = strVar(env, 'TESSERA_SECRET_KEY');
  if (fromEnv) return fromEnv;
  const file = path.join(home, 'secret_key');
  if (existsSync(file)) {
    ensurePrivateFile(file);
    return readFileSync(file, 'utf8').trim();
  }
  ensurePrivateDir(home);
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: PRIVATE_FILE_MODE });
  return key;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const home = path.resolve(overrides.home ?? strVar(env, 'TESSERA_HOME') ?? '.tessera');
  ensurePrivateDir(home);
  const config: Config = {
    home,
    host: strVar(env, 'TESSERA_HOST') ?? '0.0.0.0',
    port: intVar(env, 'TESSERA_PORT', 8088),
    databaseUrl: strVar(env, 'TESSERA_DATABASE_URL'),
    redisUrl: strVar(env, 'TESSERA_REDIS_URL'),
    secretKey: overrides.secretKey ?? resolveSecretKey(env, home),
    adminUsername: strVar(env, 'TESSERA_ADMIN_USERNAME') ?? 'admin',
    adminPassword: strVar(env, 'TESSERA_ADMIN_PASSWORD'),
    loadExamples: boolVar(env, 'TESSERA_LOAD_EXAMPLES', true),
    logLevel: strVar(env, 'TESSERA_LOG_LEVEL') ?? 'info',
    webDist: strVar(env, 'TESSERA_WEB_DIST') ?? null,
    featureFlags: parseFeatureFlags(strVar(env, 'TESSERA_FEATURE_FLAGS')),
    sqlMaxRow: intVar(env, 'TESSERA_SQL_MAX_ROW', 100000),
    defaultSqllabLimit: intVar(env, 'TESSERA_DEFAULT_SQLLAB_LIMIT', 10000),
    sqllabDefaultDbId: strVar(env, 'TESSERA_SQLLAB_DEFAULT_DBID')
      ? intVar(env, 'TESSERA_SQLLAB_DEFAULT_DBID', 0)
      : null,
    sqllabQueryResultTimeout: intVar(env, 'TESSERA_SQLLAB_QUERY_RESULT_TIMEOUT', 0),
    sqllabTimeout: intVar(env, 'TESSERA_SQLLAB_TIMEOUT', 30),
    sqllabPayloadMaxMb: intVar(env, 'TESSERA_SQLLAB_PAYLOAD_MAX_MB', 100),
    workerConcurrency: intVar(env, 'TESSERA_WORKER_CONCURRENCY', 4),
    rowLimit: intVar(env, 'TESSERA_ROW_LIMIT', 50000),
    samplesRowLimit: intVar(env, 'TESSERA_SAMPLES_ROW_LIMIT', 1000),
    defaultVizType: strVar(env, 'TESSERA_DEFAULT_VIZ_TYPE') ?? 'table',
    defaultTimeFilter: strVar(env, 'TESSERA_DEFAULT_TIME_FILTER') ?? 'No filter',
    webserverTimeout: intVar(env, 'TESSERA_WEBSERVER_TIMEOUT', 60),
    exportRowLimit: intVar(env, 'TESSERA_EXPORT_ROW_LIMIT', 1_000_000),
    timeZone: strVar(env, 'TESSERA_TIME_ZONE') ?? 'UTC',
    cacheDefaultTimeout: intVar(env, 'TESSERA_CACHE_DEFAULT_TIMEOUT', 86400),
    dataCacheTimeout: intVar(env, 'TESSERA_DATA_CACHE_TIMEOUT', 86400),
    smtp: {
      host: strVar(env, 'TESSERA_SMTP_HOST'),
      port: intVar(env, 'TESSERA_SMTP_PORT', 25),
      user: strVar(env, 'TESSERA_SMTP_USER'),
      password: strVar(env, 'TESSERA_SMTP_PASSWORD'),
      mailFrom: strVar(env, 'TESSERA_SMTP_MAIL_FROM') ?? 'tessera@localhost',
      starttls: boolVar(env, 'TESSERA_SMTP_STARTTLS', true),
      ssl: boolVar(env, 'TESSERA_SMTP_SSL', false),
    },
    webhookAllowedHosts: (strVar(env, 'TESSERA_WEBHOOK_ALLOWED_HOSTS') ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
    bodyLimit: intVar(env, 'TESSERA_BODY_LIMIT', 10 * 1024 * 1024),
    preventUnsafeDbConnections: boolVar(env, 'TESSERA_PREVENT_UNSAFE_DB_CONNECTIONS', true),
    sessionLifetimeSeconds: intVar(env, 'TESSERA_SESSION_LIFETIME', 7 * 24 * 3600),
    accessTokenSeconds: 15 * 60,
    refreshTokenSeconds: 30 * 24 * 3600,
    loginRateLimit: intVar(env, 'TESSERA_LOGIN_RATE_LIMIT', 10),
    loginAccountLimit: intVar(env, 'TESSERA_LOGIN_ACCOUNT_LIMIT', 10),
    logRetentionDays: intVar(env, 'TESSERA_LOG_RETENTION_DAYS', 90),
    guestToken: {
      secret: strVar(env, 'TESSERA_GUEST_TOKEN_JWT_SECRET') ?? '',
      expSeconds: intVar(env, 'TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS', 300),
      audience: strVar(env, 'TESSERA_GUEST_TOKEN_JWT_AUDIENCE') ?? 'tessera',
      roleName: strVar(env, 'TESSERA_GUEST_ROLE_NAME') ?? 'Public',
    },
    globalAsync: {
      transport: strVar(env, 'TESSERA_GLOBAL_ASYNC_QUERIES_TRANSPORT') === 'ws' ? 'ws' : 'polling',
      pollingDelayMs: intVar(env, 'TESSERA_GLOBAL_ASYNC_QUERIES_POLLING_DELAY', 500),
      websocketPath: strVar(env, 'TESSERA_GLOBAL_ASYNC_QUERIES_WEBSOCKET_PATH') ?? '/ws/',
      streamPrefix:
        strVar(env, 'TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_PREFIX') ?? 'async-events-',
      streamLimit: intVar(env, 'TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT', 1000),
      streamLimitFirehose: intVar(
        env,
        'TESSERA_GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT_FIREHOSE',
        1_000_000,
      ),
      jobTimeoutSeconds: intVar(
        env,
        'TESSERA_GLOBAL_ASYNC_QUERIES_JOB_TIMEOUT',
        intVar(env, 'TESSERA_WEBSERVER_TIMEOUT', 60),
      ),
    },
    ...overrides,
  };
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone });
  } catch {
    throw new Error(`TESSERA_TIME_ZONE "${config.timeZone}" is not a known IANA time zone`);
  }
  if (config.sqlMaxRow <= 0) throw new Error('TESSERA_SQL_MAX_ROW must be positive');
  const transport = strVar(env, 'TESSERA_GLOBAL_ASYNC_QUERIES_TRANSPORT');
  if (transport !== null && transport !== 'polling' && transport !== 'ws') {
    throw new Error(
      `TESSERA_GLOBAL_ASYNC_QUERIES_TRANSPORT must be polling or ws, got "${transport}"`,
    );
  }
  if (!config.globalAsync.websocketPath.startsWith('/')) {
    throw new Error('TESSERA_GLOBAL_ASYNC_QUERIES_WEBSOCKET_PATH must start with /');
  }
  if (config.globalAsync.jobTimeoutSeconds <= 0 || config.globalAsync.pollingDelayMs <= 0) {
    throw new Error('TESSERA_GLOBAL_ASYNC_QUERIES_JOB_TIMEOUT and _POLLING_DELAY must be positive');
  }
  if (config.guestToken.expSeconds <= 0) {
    throw new Error('TESSERA_GUEST_TOKEN_JWT_EXP_SECONDS must be positive');
  }
  return config;
}
