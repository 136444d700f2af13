import mysql from 'mysql2';
import type { Secrets } from '../errorKit.ts';
import { effectivePassword, type ParsedUri, parseSqlalchemyUri } from '../uri.ts';
import { type MysqlErrorContext, mapMysqlError } from './errors.ts';

const POOL_SIZE = 5;
const CONNECT_TIMEOUT_MS = 10_000;

export type MysqlConnection = mysql.PoolConnection;

/**
 * A pool to one MySQL/MariaDB server. Dates come back as text (no trip through the server's
 * local time zone), and each session runs in UTC so TIMESTAMP columns read the same everywhere.
 */
export class MysqlSession {
  readonly pool: mysql.Pool;
  readonly defaultDatabase: string | null;
  readonly errorContext: MysqlErrorContext;
  private readonly config: mysql.ConnectionOptions;
  private readonly active = new Set<() => void>();

  private constructor(
    parsed: ParsedUri,
    password: string | null,
    engineName: string,
    extra?: Record<string, unknown>,
  ) {
    this.defaultDatabase = parsed.database;
    const sslMode =
      parsed.query.ssl_mode ??
      parsed.query.sslmode ??
      (parsed.query.ssl === 'true' ? 'REQUIRED' : undefined);
    const connectArgs = ((extra?.engine_params as Record<string, unknown> | undefined)
      ?.connect_args ?? {}) as Record<string, unknown>;
    const wantsSsl =
      (sslMode !== undefined && !/^(disabled?|false)$/i.test(sslMode)) || Boolean(connectArgs.ssl);
    this.config = {
      host: parsed.host ?? 'localhost',
      port: parsed.port ?? 3306,
      user: parsed.username ?? undefined,
      password: password ?? undefined,
      database: parsed.database ?? undefined,
      connectTimeout: CONNECT_TIMEOUT_MS,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      multipleStatements: false,
      charset: parsed.query.charset ?? 'utf8mb4',
      ssl: wantsSsl ? { rejectUnauthorized: /VERIFY/i.test(sslMode ?? '') } : undefined,
    };
    this.pool = mysql.createPool({
      ...this.config,
      connectionLimit: POOL_SIZE,
      waitForConnections: true,
    });
    this.pool.on('connection', (connection) => {
      connection.query("SET time_zone = '+00:00'");
    });
    this.errorContext = {
      engineName,
      password,
      host: this.config.host,
      port: this.config.port,
      database: parsed.database,
      username: parsed.username,
    };
  }

  static async open(
    uri: string,
    options: { password?: string | null; extra?: Record<string, unknown> },
    engineName: string,
  ): Promise<MysqlSession> {
    const parsed = parseSqlalchemyUri(uri);
    return new MysqlSession(
      parsed,
      effectivePassword(parsed, options.password),
      engineName,
      options.extra,
    );
  }

  get secrets(): Secrets {
    return this.errorContext;
  }

  connection(): Promise<MysqlConnection> {
    return new Promise((resolve, reject) => {
      this.pool.getConnection((error, connection) => {
        if (error) reject(mapMysqlError(error, { ...this.errorContext, phase: 'connect' }));
        else resolve(connection);
      });
    });
  }

  /** Runs one statement on `connection` and returns its rows (or OK packet) whole. */
  static run<T>(
    connection: mysql.PoolConnection | mysql.Connection,
    sql: string,
    values: unknown[] = [],
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      connection.query({ sql, values }, (error, result) => {
        if (error) reject(error);
        else resolve(result as T);
      });
    });
  }

  async query<T extends Record<string, unknown>>(
    sql: string,
    values: unknown[] = [],
  ): Promise<T[]> {
    const connection = await this.connection();
    try {
      return await MysqlSession.run<T[]>(connection, sql, values);
    } catch (error) {
      throw mapMysqlError(error, { ...this.errorContext, phase: 'query' });
    } finally {
      connection.release();
    }
  }

  /** `KILL QUERY` from a separate, short-lived connection: the session keeps its connection. */
  async kill(threadId: number): Promise<void> {
    const connection = mysql.createConnection(this.config);
    connection.on('error', () => undefined);
    try {
      await MysqlSession.run(connection, `KILL QUERY ${Number(threadId)}`);
    } finally {
      connection.destroy();
    }
  }

  track(stop: () => void): () => void {
    this.active.add(stop);
    return () => this.active.delete(stop);
  }

  async close(): Promise<void> {
    for (const stop of [...this.active]) stop();
    await new Promise<void>((resolve) => this.pool.end(() => resolve()));
  }
}
