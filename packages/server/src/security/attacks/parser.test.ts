import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopDatabase, createDataset } from '../../datasets/testFixtures.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

/**
 * Issue 21, item 2: SQL whose parse backtracks for minutes, or grows arrays until V8 aborts the
 * whole process, sent to every route that parses user SQL (SQL Lab runs, estimates, validation,
 * chart expressions). Each answers within a second of CPU and the server keeps serving.
 */

const nestedError = (depth: number) =>
  `SELECT ${'(a IN (SELECT '.repeat(depth)}1 FROM${'))'.repeat(depth)}`;
/** This one made node-sql-parser abort the process ("invalid size error"). */
const processKiller = `SELECT ${'('.repeat(20)}1 +${')'.repeat(20)}`;
const HOSTILE = [nestedError(8), processKiller, `SELECT ${'('.repeat(25)}1`];

function cpuSeconds(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  return work().then(() => {
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1e6;
  });
}

describe('SQL that makes the parser backtrack or abort', () => {
  let t: TestApp;
  let database: number;
  let dataset: number;

  beforeAll(async () => {
    t = await createTestApp();
    database = (await addShopDatabase(t, 'parser_attack')).id;
    dataset = await createDataset(t, { database, schema: 'main', table_name: 'sales' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('SQL Lab answers each run within a second of CPU, and the server lives on', async () => {
    for (const sql of HOSTILE) {
      for (const caller of ['admin', 'sqllab'] as const) {
        let status = 0;
        const cpu = await cpuSeconds(async () => {
          const res = await t.call(caller, {
            method: 'POST',
            url: '/api/v1/sqllab/execute/',
            payload: { database_id: database, sql, schema: 'main', runAsync: false },
          });
          status = res.statusCode;
        });
        expect(status, sql).toBeGreaterThanOrEqual(400);
        expect(status, sql).toBeLessThan(500);
        expect(cpu, sql).toBeLessThan(1);
      }
    }
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });

  it('validation and cost estimates stay within a second too', async () => {
    for (const sql of HOSTILE) {
      const cpu = await cpuSeconds(async () => {
        const validate = await t.call('admin', {
          method: 'POST',
          url: `/api/v1/database/${database}/validate_sql/`,
          payload: { sql, schema: 'main' },
        });
        expect(validate.statusCode).toBeLessThan(500);
        const estimate = await t.call('admin', {
          method: 'POST',
          url: '/api/v1/sqllab/estimate/',
          payload: { database_id: database, sql, schema: 'main' },
        });
        expect(estimate.statusCode).toBeLessThan(500);
      });
      expect(cpu, sql).toBeLessThan(2);
    }
  });

  it('a chart metric written that way is refused with a 400, quickly', async () => {
    for (const fragment of [nestedError(8).slice(7), processKiller.slice(7)]) {
      let status = 0;
      const cpu = await cpuSeconds(async () => {
        const res = await t.call('admin', {
          method: 'POST',
          url: '/api/v1/chart/data',
          payload: {
            datasource: { id: dataset, type: 'table' },
            queries: [
              { metrics: [{ expressionType: 'SQL', sqlExpression: fragment, label: 'm' }] },
            ],
          },
        });
        status = res.statusCode;
      });
      expect(status).toBe(400);
      expect(cpu).toBeLessThan(1);
    }
  });
});
