import Database from 'better-sqlite3';
import { securityRepository } from '../security/repository.ts';
import type { TestApp } from '../testing/harness.ts';

/** Shared set-up of the database API tests: a small SQLite file and grants for Gamma. */

export const BASE = '/api/v1/database';
export const rison = (text: string) => encodeURIComponent(text);

/** customers, orders (with a foreign key) and a view, in SQLite's `main` schema. */
export function makeSalesDb(file: string): void {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "select" TEXT);
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      customer_id INTEGER REFERENCES customers(id),
      amount REAL,
      ordered_at TIMESTAMP
    );
    CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
  `);
  db.close();
}

/** The sales fixture's tables as `/tables/` lists them (sorted by name, with their kind). */
export const SALES_TABLES = [
  { value: 'big_orders', type: 'view' },
  { value: 'customers', type: 'table' },
  { value: 'orders', type: 'table' },
];

export async function grantToGamma(t: TestApp, ...pairs: Array<[string, string]>): Promise<void> {
  const role = await securityRepository.getRoleByName(t.store.db, 'Gamma');
  if (!role) throw new Error('Gamma role missing');
  await securityRepository.ensurePermissionViews(t.store.db, pairs);
  await securityRepository.setRolePermissions(t.store.db, role.id, pairs, 'add');
}
