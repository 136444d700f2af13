import type { QueryObject } from '@tessera/shared/api/chartData';
import { TesseraError } from '@tessera/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery } from './compiler.ts';
import { queryDialectFor } from './dialect.ts';
import { checkExpression, checkVirtualSql, SUBQUERY_MESSAGE } from './fragments.ts';
import { type LoadedEngine, loadFileEngine, loadServerEngine } from './testEngines.ts';
import { salesDataset } from './testFixtures.ts';

const MYSQL_URL = process.env.TESSERA_TEST_MYSQL_URL;
if (!MYSQL_URL) console.warn('MySQL injection checks skipped: TESSERA_TEST_MYSQL_URL is not set');

const duckdb = queryDialectFor('duckdb');
const postgres = queryDialectFor('postgresql');
const mysql = queryDialectFor('mysql');

function refusal(work: () => unknown): TesseraError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraError);
    expect((error as TesseraError).status).toBe(400);
    return error as TesseraError;
  }
  throw new Error('expected a refusal');
}

const compile = (query: QueryObject, options: { rls?: string[]; engine?: string } = {}) =>
  compileQuery({
    dataset: salesDataset(),
    query,
    dialect: queryDialectFor(options.engine ?? 'duckdb'),
    rlsClauses: options.rls,
    sqlMaxRow: 1000,
    defaultRowLimit: 100,
  });

describe('user SQL fragments', () => {
  it.each([
    ['1); DROP TABLE sales; --', 'comments are not allowed'],
    ['SUM(num); DELETE FROM sales', "only one expression is allowed (no ';')"],
    ['num /* hidden */', 'comments are not allowed'],
    ['num) OR (1=1', 'parentheses are not balanced'],
    ["'abc", 'a string, quoted name or comment is not closed'],
    ['DELETE FROM sales', 'DELETE is not allowed in an expression'],
    ["pg_read_file('/etc/passwd')", 'the function pg_read_file is not allowed'],
    ["read_csv('/etc/passwd')", 'the function read_csv is not allowed'],
    ['num num num', 'this is not a single SQL expression'],
    ['$$x$$', 'dollar-quoted text is not allowed'],
  ])('refuses %s', (fragment, reason) => {
    expect(refusal(() => checkExpression(fragment, postgres)).message).toBe(
      `Invalid SQL expression: ${reason}`,
    );
  });

  it.each(['(SELECT MAX(num) FROM sales)', 'num IN (SELECT 1)', 'EXISTS (TABLE secrets)'])(
    'refuses the sub-query %s with Superset message',
    (fragment) => {
      expect(refusal(() => checkExpression(fragment, duckdb)).message).toBe(SUBQUERY_MESSAGE);
    },
  );

  it('reads MySQL strings with backslash escapes, so a hidden comment is seen', () => {
    expect(refusal(() => checkExpression("'\\'' OR 1=1 # x", mysql)).message).toBe(
      'Invalid SQL expression: comments are not allowed',
    );
    // MySQL reads \' as a quote inside the string, so this string never closes.
    expect(refusal(() => checkExpression("'\\') OR (1=1", mysql)).message).toBe(
      'Invalid SQL expression: a string, quoted name or comment is not closed',
    );
  });

  it('accepts ordinary expressions', () => {
    for (const ok of [
      'SUM(num * price) / COUNT(*)',
      "CASE WHEN country = 'FR' THEN 1 ELSE 0 END",
      "note LIKE '%;--%'",
      'COUNT(DISTINCT product)',
    ]) {
      expect(checkExpression(ok, duckdb)).toBe(ok);
    }
  });

  it('refuses a virtual dataset with a second statement or DML', () => {
    expect(refusal(() => checkVirtualSql('SELECT 1; DROP TABLE sales', duckdb)).message).toBe(
      'Only one SELECT statement is allowed in a virtual dataset',
    );
    expect(refusal(() => checkVirtualSql('DELETE FROM sales', duckdb)).message).toBe(
      'A virtual dataset must be a SELECT statement',
    );
    expect(
      refusal(() =>
        checkVirtualSql('WITH d AS (DELETE FROM sales RETURNING *) SELECT * FROM d', postgres),
      ).message,
    ).toBe('DELETE is not allowed in a virtual dataset');
    expect(checkVirtualSql('SELECT 1 AS x; -- done\n', duckdb)).toBe('SELECT 1 AS x');
  });

  it('refuses template code reaching beyond its context', () => {
    const error = refusal(() =>
      compile({
        metrics: [
          { expressionType: 'SQL', sqlExpression: '{{ range.constructor("return process")() }}' },
        ],
      }),
    );
    expect(error.message).toContain('is not allowed in templates');
  });
});

describe('names, labels, orderby and grains', () => {
  it('refuses a column the dataset lacks', () => {
    expect(refusal(() => compile({ columns: ['country; DROP TABLE sales'] })).message).toBe(
      "Columns missing in dataset: ['country; DROP TABLE sales']",
    );
  });

  it('refuses an orderby that is neither a column nor a metric', () => {
    expect(
      refusal(() =>
        compile({
          columns: ['country'],
          metrics: ['count'],
          orderby: [['1; DROP TABLE sales', true]],
        }),
      ).message,
    ).toBe("Metric '1; DROP TABLE sales' does not exist");
  });

  it('refuses an unknown time grain', () => {
    expect(
      refusal(() =>
        compile({
          columns: [{ sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: "P1D'); --" }],
          metrics: ['count'],
        }),
      ).message,
    ).toBe("No grain spec for P1D'); -- for database duckdb");
  });

  it('refuses a time range that is not one', () => {
    expect(
      refusal(() =>
        compile({
          columns: ['country'],
          filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: "2024' OR '1'='1 : " }],
        }),
      ).message,
    ).toBe("Cannot parse time string [2024' OR '1'='1]");
  });
});

const HOSTILE_LABEL = 'x" FROM sales; DROP TABLE sales; --`\'';

describe.each([
  ['DuckDB', 'file', () => loadFileEngine('duckdb')],
  ['SQLite', 'file', () => loadFileEngine('sqlite')],
  ['MySQL/MariaDB', MYSQL_URL, () => loadServerEngine('mysql', MYSQL_URL as string)],
] as const)('hostile values are harmless on %s', (_name, url, open) => {
  let engine: LoadedEngine;
  beforeAll(async () => {
    if (url) engine = await open();
  });
  afterAll(async () => {
    if (url) await engine.close();
  });
  const run = (query: QueryObject, rls?: string[]) =>
    engine.run(
      compileQuery({
        dataset: salesDataset({ schema: engine.schema }),
        query,
        dialect: engine.dialect,
        rlsClauses: rls,
        sqlMaxRow: 1000,
        defaultRowLimit: 100,
      }).sql,
    );

  it.skipIf(!url)('treats quotes and backslashes in comparators as text', async () => {
    for (const val of ["FR' OR '1'='1", "\\' OR 1=1 -- ", "FR\\'; DROP TABLE sales; --"]) {
      expect(
        await run({ columns: ['country'], filters: [{ col: 'country', op: '==', val }] }),
      ).toEqual([]);
      expect(
        await run({
          columns: ['country'],
          filters: [{ col: 'country', op: 'IN', val: ['x', val] }],
        }),
      ).toEqual([]);
    }
    expect(await run({ columns: ['country'], metrics: ['count'] })).toHaveLength(4);
  });

  it.skipIf(!url)('answers a hostile label as a column name', async () => {
    const rows = await run({
      metrics: [
        {
          expressionType: 'SIMPLE',
          column: { column_name: 'num' },
          aggregate: 'SUM',
          label: HOSTILE_LABEL,
        },
      ],
    });
    expect(rows).toEqual([{ [HOSTILE_LABEL]: expect.anything() }]);
  });

  it.skipIf(!url)('keeps row-level security whatever extras.where says', async () => {
    const rows = await run(
      { columns: ['country'], metrics: ['count'], extras: { where: "1=1 OR country <> 'FR'" } },
      ["country = 'FR'"],
    );
    expect(rows.map((r) => r.country)).toEqual(['FR']);
  });
});
