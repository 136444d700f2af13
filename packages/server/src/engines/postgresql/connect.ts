import pg from 'pg';
import type { Secrets } from '../errorKit.ts';
import { effectivePassword, type ParsedUri, parseSqlalchemyUri } from '../uri.ts';
import { mapPostgresError } from './errors.ts';
import { PG_RAW_TEXT_OIDS } from './types.ts';

const POOL_SIZE = 5;
const CONNECT_TIMEOUT_MS = 10_000;

/** Date and time types stay text so no conversion through the server's local time zone happens. */
export const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (PG_RAW_TEXT_OIDS.has(oid)) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

function sslFrom(
  query: Record<string, string>,
  extra?: Record<string, unknown>,
): pg.ClientConfig['ssl'] {
  const connectArgs = ((extra?.engine_params as Record<string, unknown> | undefined)
    ?.connect_args ?? {}) as Record<string, unknown>;
  const mode = String(query.sslmode ?? connectArgs.sslmode ?? 'disable');
  if (mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  return { rejectUnauthorized: mode === 'verify-ca' || mode === 'verify-full' };
}

/**
 * One PostgreSQL server reached through a URI: a pool for the URI's database and, since the
 * databases of a server are catalogs, one more pool per other catalog asked for.
 */
export class PostgresSession {
  private readonly pools = new Map<string, pg.Pool>();
  /** Releases of statements still streaming; closing the session ends them first. */
  private readonly active = new Set<() => Promise<void>>();
  readonly defaultCatalog: string;
  readonly secrets: Secrets & {
    host: string;
    port: number;
    database: string;
    username: string | null;
  };

  private constructor(
    private readonly parsed: ParsedUri,
    private readonly password: string | null,
    private readonly ssl: pg.ClientConfig['ssl'],
  ) {
    this.defaultCatalog = parsed.database ?? parsed.username ?? 'postgres';
    this.secrets = {
      password,
      host: parsed.host ?? 'localhost',
      port: parsed.port ?? 5432,
      database: this.defaultCatalog,
      username: parsed.username,
    };
  }

  static async open(
    uri: string,
    options: { password?: string | null; extra?: Record<string, unknown> },
  ): Promise<PostgresSession> {
    const parsed = parseSqlalchemyUri(uri);
    const session = new PostgresSession(
      parsed,
      effectivePassword(parsed, options.password),
      sslFrom(parsed.query, options.extra),
    );
    return session;
  }

  clientConfig(catalog?: string | null): pg.ClientConfig {
    return {
      host: this.parsed.host ?? 'localhost',
      port: this.parsed.port ?? 5432,
      user: this.parsed.username ?? undefined,
      password: this.password ?? undefined,
      database: catalog ?? this.defaultCatalog,
      ssl: this.ssl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: this.parsed.query.application_name ?? 'tessera',
    };
  }

  pool(catalog?: string | null): pg.Pool {
    const name = catalog ?? this.defaultCatalog;
    let pool = this.pools.get(name);
    if (!pool) {
      pool = new pg.Pool({ ...this.clientConfig(name), max: POOL_SIZE, idleTimeoutMillis: 30_000 });
      // An idle client dropped by the server must not crash the process.
      pool.on('error', () => undefined);
      this.pools.set(name, pool);
    }
    return pool;
  }

  async client(catalog?: string | null): Promise<pg.PoolClient> {
    try {
      return await this.pool(catalog).connect();
    } catch (error) {
      throw mapPostgresError(error, { ...this.secrets, database: catalog ?? this.defaultCatalog });
    }
  }

  async query<T extends Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    catalog?: string | null,
  ): Promise<T[]> {
    const client = await this.client(catalog);
    try {
      const result = await client.query({ text: sql, values: params, types: pgTypes });
      return result.rows as T[];
    } catch (error) {
      throw mapPostgresError(error, this.secrets);
    } finally {
      client.release();
    }
  }

  /** Cancels the statement of backend `pid` from a separate, short-lived connection. */
  async cancel(pid: number, catalog?: string | null): Promise<void> {
    const client = new pg.Client(this.clientConfig(catalog));
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  track(release: () => Promise<void>): () => void {
    this.active.add(release);
    return () => this.active.delete(release);
  }

  async close(): Promise<void> {
    await Promise.all([...this.active].map((release) => release()));
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  }
}
