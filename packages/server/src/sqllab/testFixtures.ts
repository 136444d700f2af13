import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { securityRepository } from '../security/repository.ts';
import type { Caller, TestApp } from '../testing/harness.ts';

/** Shared set-up of the SQL Lab API tests: small real databases and helpers around the API. */

export const rison = (text: string) => encodeURIComponent(text);
export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `numbers` (n = 1..100, a label, a timestamp) and `secrets`, in SQLite's `main` schema. */
export function makeNumbersSqlite(file: string): void {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE numbers (n INTEGER, label TEXT, at TIMESTAMP);
    CREATE TABLE secrets (code TEXT);
    INSERT INTO secrets VALUES ('s3cr3t');
  `);
  const insert = db.prepare('INSERT INTO numbers VALUES (?, ?, ?)');
  for (let n = 1; n <= 100; n += 1)
    insert.run(n, `label ${n}`, `2024-01-${String((n % 28) + 1).padStart(2, '0')} 10:00:00`);
  db.close();
}

/** A DuckDB file with a `numbers` table (1..1000). */
export async function makeNumbersDuckdb(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  await connection.run('CREATE TABLE numbers AS SELECT range AS n FROM range(1, 1001)');
  connection.closeSync();
  instance.closeSync();
}

export async function createDatabase(t: TestApp, body: Record<string, unknown>): Promise<number> {
  const res = await t.call('admin', { method: 'POST', url: '/api/v1/database/', payload: body });
  if (res.statusCode !== 201)
    throw new Error(`creating database failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

export async function grantToRole(
  t: TestApp,
  roleName: string,
  ...pairs: Array<[string, string]>
): Promise<void> {
  const role = await securityRepository.getRoleByName(t.store.db, roleName);
  if (!role) throw new Error(`${roleName} role missing`);
  await securityRepository.ensurePermissionViews(t.store.db, pairs);
  await securityRepository.setRolePermissions(t.store.db, role.id, pairs, 'add');
}

export async function execute(
  t: TestApp,
  caller: Caller,
  body: Record<string, unknown>,
  url = '/api/v1/sqllab/execute/',
) {
  return t.call(caller, { method: 'POST', url, payload: body });
}

export const sqliteUri = (home: string, name: string) => `sqlite:///${path.join(home, name)}`;
export const duckdbUri = (home: string, name: string) => `duckdb:///${path.join(home, name)}`;

let counter = 0;
/** A fresh 11-character client id. */
export function clientId(prefix = 'c'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${counter.toString(36)}${Date.now().toString(36)}`.slice(
    -11,
  );
}

/** Polls `updated_since` until the query reaches one of `states`; answers its record. */
export async function pollUntil(
  t: TestApp,
  caller: Caller,
  id: string,
  states: string[],
  timeoutMs = 20_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call(caller, {
      method: 'GET',
      url: `/api/v1/query/updated_since?q=${rison('(last_updated_ms:0)')}`,
    });
    expect(res.statusCode).toBe(200);
    const record = (res.json() as { result: Array<Record<string, unknown>> }).result.find(
      (q) => q.id === id,
    );
    if (record && states.includes(record.state as string)) return record;
    if (Date.now() > deadline)
      throw new Error(`query ${id} did not reach ${states.join('/')}: ${JSON.stringify(record)}`);
    await wait(100);
  }
}
