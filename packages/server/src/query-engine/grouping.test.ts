import { describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { queryDialectFor } from './dialect.ts';
import { salesDataset } from './testFixtures.ts';

/**
 * Superset's rule for when a query groups: a query object that names metrics, even an empty
 * list (a native value filter asking distinct values), groups by its columns; one without
 * `metrics` (raw records, samples, drill to detail) reads rows as they are.
 */

const sql = (metrics: unknown) =>
  compileQuery({
    dataset: salesDataset(),
    query: { columns: ['country'], ...(metrics === undefined ? {} : { metrics }) } as never,
    dialect: queryDialectFor('duckdb'),
    sqlMaxRow: 1000,
    defaultRowLimit: 100,
  }).sql;

describe('grouping', () => {
  it('groups by the columns when metrics is an empty list', () => {
    expect(sql([])).toContain('GROUP BY');
  });

  it('reads raw rows when the query object has no metrics', () => {
    expect(sql(undefined)).not.toContain('GROUP BY');
    expect(sql(null)).not.toContain('GROUP BY');
  });

  it('groups by the columns beside real metrics', () => {
    expect(sql(['count'])).toContain('GROUP BY');
  });
});
