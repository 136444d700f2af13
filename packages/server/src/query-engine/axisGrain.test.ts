import { describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { queryDialectFor } from './dialect.ts';
import { salesDataset } from './testFixtures.ts';

/** The x-axis grain applies to temporal columns only; every time_range is read. */

const dialect = queryDialectFor('duckdb');
const compile = (query: Parameters<typeof compileQuery>[0]['query'], dataset = salesDataset()) =>
  compileQuery({ dataset, query, dialect, sqlMaxRow: 1000, defaultRowLimit: 100 });
const axis = (column: string, timeGrain: string | null) => ({
  sqlExpression: column,
  label: column,
  columnType: 'BASE_AXIS' as const,
  timeGrain,
  expressionType: 'SQL' as const,
});

describe('x-axis grain', () => {
  it.each(['num', 'country'])(
    'groups a %s axis plainly, whatever grain Explore keeps',
    (column) => {
      const { sql } = compile({ columns: [axis(column, 'P1D')], metrics: ['count'] });
      expect(sql).toContain(`SELECT "${column}" AS "${column}"`);
      expect(sql).not.toMatch(/date_trunc/i);
      const fromExtras = compile({
        columns: [axis(column, null)],
        metrics: ['count'],
        extras: { time_grain_sqla: 'P1M' },
      });
      expect(fromExtras.sql).not.toMatch(/date_trunc/i);
    },
  );

  it('truncates a temporal column, flagged or typed so, to its grain', () => {
    expect(compile({ columns: [axis('ds', 'P1M')], metrics: ['count'] }).sql).toMatch(
      /date_trunc\('month'/i,
    );
    const dated = salesDataset();
    dated.columns = dated.columns.map((c) =>
      c.column_name === 'ds' ? { ...c, is_dttm: false, type: 'DATE', type_generic: 2 } : c,
    );
    expect(compile({ columns: [axis('ds', null)], metrics: ['count'] }, dated).sql).toMatch(
      /date_trunc\('day'/i,
    );
  });
});

describe('time_range', () => {
  it('refuses a reversed range without a time column, and reports a range it reads', () => {
    expect(() => compile({ metrics: ['count'], time_range: '2024-02-01 : 2024-01-01' })).toThrow(
      'From date cannot be larger than to date',
    );
    const compiled = compile({ metrics: ['count'], time_range: '2024-01-01 : 2024-02-01' });
    expect(compiled.fromDttm?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(compiled.sql).not.toContain('WHERE');
  });
});
