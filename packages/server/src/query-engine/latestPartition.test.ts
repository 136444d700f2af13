import { describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { queryDialectFor } from './dialect.ts';
import { salesDataset } from './testFixtures.ts';

/** Golden SQL of the LATEST PARTITION operator on PostgreSQL (the engine with partitions). */

const compile = (latestPartitions: Parameters<typeof compileQuery>[0]['latestPartitions']) =>
  compileQuery({
    dataset: salesDataset(),
    query: {
      columns: ['country'],
      metrics: ['count'],
      filters: [{ col: 'ds', op: 'LATEST PARTITION' }],
    },
    dialect: queryDialectFor('postgresql'),
    sqlMaxRow: 100_000,
    defaultRowLimit: 10_000,
    latestPartitions,
  });

describe('latest partition', () => {
  it('bounds the partition key by the latest range partition', () => {
    const compiled = compile({
      ds: {
        kind: 'range',
        from: "'2024-03-01 00:00:00'",
        to: "'2024-04-01 00:00:00'",
      },
    });
    expect(compiled.sql).toBe(
      [
        'SELECT "country" AS "country", (COUNT(*)) AS "count"',
        'FROM "sales"',
        `WHERE "ds" >= '2024-03-01 00:00:00' AND "ds" < '2024-04-01 00:00:00'`,
        'GROUP BY "country"',
        'ORDER BY "count" DESC',
        'LIMIT 10000',
      ].join('\n'),
    );
    expect(compiled.appliedFilters).toEqual([{ column: 'ds' }]);
  });

  it('leaves an open side out (MAXVALUE) and lists the values of a list partition', () => {
    expect(compile({ ds: { kind: 'range', from: "'2024-03-01'", to: null } }).sql).toContain(
      `WHERE "ds" >= '2024-03-01'\n`,
    );
    expect(
      compile({ ds: { kind: 'list', values: ["'2024-03-01'", "'2024-03-02'"] } }).sql,
    ).toContain(`WHERE "ds" IN ('2024-03-01', '2024-03-02')\n`);
  });

  it('refuses a column that is not the partition key', () => {
    expect(() => compile({})).toThrow('Column "ds" is not the partition key of the dataset');
  });
});
