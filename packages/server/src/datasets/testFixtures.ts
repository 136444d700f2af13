import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { acquireDuckdbInstance, releaseDuckdbInstance } from '../engines/duckdb/connect.ts';
import { securityRepository } from '../security/repository.ts';
import type { TestApp } from '../testing/harness.ts';

/** Shared set-up of the dataset API tests: a small DuckDB file registered as a database. */

export const BASE = '/api/v1/dataset';
export const rison = (text: string) => encodeURIComponent(text);

/** `sales` (with a timestamp and a date), `regions` and a view, in DuckDB's `main` schema. */
export async function makeShopDb(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  await connection.run(`
    CREATE TABLE sales (
      id INTEGER, region VARCHAR, amount DOUBLE, sold_at TIMESTAMP, sold_on DATE, paid BOOLEAN
    );
    INSERT INTO sales VALUES
      (1, 'EU', 10.5, TIMESTAMP '2024-01-01 10:00:00', DATE '2024-01-01', true),
      (2, 'US', 20.0, TIMESTAMP '2024-01-02 11:00:00', DATE '2024-01-02', false),
      (3, 'EU', 5.25, TIMESTAMP '2024-02-01 12:00:00', DATE '2024-02-01', true);
    CREATE TABLE regions (code VARCHAR, name VARCHAR);
    INSERT INTO regions VALUES ('EU', 'Europe'), ('US', 'United States');
    CREATE VIEW eu_sales AS SELECT * FROM sales WHERE region = 'EU';
  `);
  connection.closeSync();
  instance.closeSync();
}

/** Runs DDL on a DuckDB file the server may hold open (through the shared instance). */
export async function runOnDuckdb(file: string, sql: string): Promise<void> {
  const instance = await acquireDuckdbInstance(file);
  try {
    const connection = await instance.connect();
    await connection.run(sql);
    connection.closeSync();
  } finally {
    releaseDuckdbInstance(file, instance);
  }
}

/** Creates the shop database (DuckDB) through the API and returns its id and file. */
export async function addShopDatabase(
  t: TestApp,
  name = 'shop',
): Promise<{ id: number; file: string }> {
  const file = path.join(t.home, `${name}.duckdb`);
  await makeShopDb(file);
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/database/',
    payload: { database_name: name, sqlalchemy_uri: `duckdb:///${file}` },
  });
  if (res.statusCode !== 201) throw new Error(`creating ${name} failed: ${res.body}`);
  return { id: (res.json() as { id: number }).id, file };
}

export async function createDataset(
  t: TestApp,
  body: Record<string, unknown>,
  caller: 'admin' | 'alpha' = 'admin',
): Promise<number> {
  const res = await t.call(caller, { method: 'POST', url: `${BASE}/`, payload: body });
  if (res.statusCode !== 201) throw new Error(`creating a dataset failed: ${res.body}`);
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
