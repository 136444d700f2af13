import { TesseraError } from '@tessera/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectRows } from '../arrow.ts';
import type { EngineConnection, EngineSpec, ExecuteResult } from '../types.ts';

/**
 * One behaviour table run against every engine (the real thing: temp files for DuckDB and
 * SQLite, the servers from TESSERA_TEST_POSTGRES_URL / TESSERA_TEST_MYSQL_URL for the others).
 * Each engine's test file describes how to reach an isolated schema and its fixture DDL.
 */
export interface ConformanceTarget {
  spec: EngineSpec;
  /** Prepares an isolated place (temp file, fresh schema or database) and says how to reach it. */
  setup(): Promise<{
    uri: string;
    password?: string | null;
    home: string;
    schema: string;
    teardown(): Promise<void>;
  }>;
  /** Statements creating `parent`, `child` (with FK, index) and view `child_view` in `schema`. */
  fixture(schema: string): string[];
  /** A statement that runs far longer than the test (cancelled after 300 ms). */
  longQuery: string;
  /** Connection attempts that must fail with a given error_type. */
  badConnections(context: { uri: string; password?: string | null; home: string }): Array<{
    label: string;
    uri: string;
    password?: string | null;
    errorType: string;
    /** Text that must not appear in the message (the password). */
    secret?: string;
  }>;
  /** Native type names expected for child's columns, matched case-insensitively as prefixes. */
  expectedTypes: Record<string, string>;
  supportsCost: boolean;
}

/** Fixed instants the time-grain checks truncate (a Thursday and a Sunday). */
const THURSDAY = '2024-03-14 15:27:43';
const SUNDAY = '2024-03-17 10:00:00';

const utc = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

const EXPECTED_GRAINS: Record<string, [string, string]> = {
  PT1S: ['2024-03-14 15:27:43', '2024-03-17 10:00:00'],
  PT5S: ['2024-03-14 15:27:40', '2024-03-17 10:00:00'],
  PT30S: ['2024-03-14 15:27:30', '2024-03-17 10:00:00'],
  PT1M: ['2024-03-14 15:27:00', '2024-03-17 10:00:00'],
  PT5M: ['2024-03-14 15:25:00', '2024-03-17 10:00:00'],
  PT10M: ['2024-03-14 15:20:00', '2024-03-17 10:00:00'],
  PT15M: ['2024-03-14 15:15:00', '2024-03-17 10:00:00'],
  PT30M: ['2024-03-14 15:00:00', '2024-03-17 10:00:00'],
  PT1H: ['2024-03-14 15:00:00', '2024-03-17 10:00:00'],
  PT6H: ['2024-03-14 12:00:00', '2024-03-17 06:00:00'],
  P1D: ['2024-03-14 00:00:00', '2024-03-17 00:00:00'],
  P1W: ['2024-03-11 00:00:00', '2024-03-11 00:00:00'],
  P1M: ['2024-03-01 00:00:00', '2024-03-01 00:00:00'],
  P3M: ['2024-01-01 00:00:00', '2024-01-01 00:00:00'],
  P1Y: ['2024-01-01 00:00:00', '2024-01-01 00:00:00'],
  '1969-12-28T00:00:00Z/P1W': ['2024-03-10 00:00:00', '2024-03-17 00:00:00'],
  '1969-12-29T00:00:00Z/P1W': ['2024-03-11 00:00:00', '2024-03-11 00:00:00'],
  'P1W/1970-01-03T00:00:00Z': ['2024-03-16 00:00:00', '2024-03-23 00:00:00'],
  'P1W/1970-01-04T00:00:00Z': ['2024-03-17 00:00:00', '2024-03-17 00:00:00'],
};

/** A temporal cell as epoch milliseconds, whatever shape the Arrow column gave it. */
function millis(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return utc(value.length === 10 ? `${value} 00:00:00` : value);
  throw new Error(`not a time value: ${String(value)}`);
}

async function rowsOf(result: ExecuteResult) {
  return collectRows(result.batches);
}

async function drain(connection: EngineConnection, sql: string) {
  const result = await connection.execute(sql);
  for await (const _batch of result.batches) {
    // Statements run to completion as their batches are read.
  }
}

async function failure(work: () => Promise<unknown>): Promise<TesseraError> {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraError);
    return error as TesseraError;
  }
  throw new Error('expected a failure');
}

/** 100,000 rows from digits cross-joined: portable to every engine, no generator functions. */
const DIGITS = Array.from({ length: 10 }, (_, digit) => `SELECT ${digit} AS d`).join(' UNION ALL ');
const HUNDRED_THOUSAND = `SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d AS n
FROM (${DIGITS}) a CROSS JOIN (${DIGITS}) b CROSS JOIN (${DIGITS}) c CROSS JOIN (${DIGITS}) e CROSS JOIN (${DIGITS}) f`;

export function runEngineConformance(target: ConformanceTarget): void {
  const { spec } = target;
  const dialect = spec.dialect;
  let connection: EngineConnection;
  let context: Awaited<ReturnType<ConformanceTarget['setup']>>;
  const table = (name: string) =>
    `${dialect.quoteIdentifier(context.schema)}.${dialect.quoteIdentifier(name)}`;

  beforeAll(async () => {
    context = await target.setup();
    connection = await spec.connect(context.uri, {
      password: context.password,
      home: context.home,
    });
    for (const statement of target.fixture(context.schema)) await drain(connection, statement);
  });

  afterAll(async () => {
    await connection?.close();
    await context?.teardown();
  });

  describe(`${spec.name} connection`, () => {
    it('passes the connection test', async () => {
      await expect(connection.testConnection()).resolves.toBeUndefined();
    });

    it('reports bad connections with their error type and never the password', async () => {
      for (const attempt of target.badConnections(context)) {
        const error = await failure(async () => {
          const bad = await spec.connect(attempt.uri, {
            password: attempt.password,
            home: context.home,
          });
          try {
            await bad.testConnection();
          } finally {
            await bad.close();
          }
        });
        expect(error.errorType, attempt.label).toBe(attempt.errorType);
        expect(error.status, attempt.label).toBe(422);
        if (attempt.secret) expect(error.message, attempt.label).not.toContain(attempt.secret);
        expect(error.message, attempt.label).not.toContain(attempt.uri);
      }
    });
  });

  describe(`${spec.name} introspection`, () => {
    it('lists schemas sorted, the test schema among them', async () => {
      const schemas = await connection.getSchemas();
      expect(schemas).toContain(context.schema);
      expect(schemas).toEqual([...schemas].sort());
    });

    it('lists tables and views sorted by name with their kind', async () => {
      const tables = await connection.getTables(context.schema);
      expect(tables).toEqual([
        { value: 'child', type: 'table' },
        { value: 'child_view', type: 'view' },
        { value: 'parent', type: 'table' },
      ]);
    });

    it('describes columns, types, keys and indexes of a table', async () => {
      const metadata = await connection.getTableMetadata({ name: 'child', schema: context.schema });
      expect(metadata.type).toBe('table');
      expect(metadata.columns.map((column) => column.name)).toEqual([
        'id',
        'parent_id',
        'amount',
        'ratio',
        'flag',
        'day',
        'ts',
        'label',
      ]);
      const byName = Object.fromEntries(metadata.columns.map((column) => [column.name, column]));
      for (const [name, type] of Object.entries(target.expectedTypes)) {
        expect(
          byName[name].longType.toUpperCase().startsWith(type.toUpperCase()),
          `${name}: ${byName[name].longType}`,
        ).toBe(true);
      }
      expect(byName.id.type_generic).toBe(0);
      expect(byName.amount.type_generic).toBe(0);
      expect(byName.ratio.type_generic).toBe(0);
      expect(byName.label.type_generic).toBe(1);
      expect(byName.day.type_generic).toBe(2);
      expect(byName.ts.type_generic).toBe(2);
      expect([0, 3]).toContain(byName.flag.type_generic);
      expect(metadata.primaryKey?.column_names).toEqual(['id']);
      expect(byName.id.keys.some((key) => key.type === 'pk')).toBe(true);
      expect(metadata.foreignKeys).toHaveLength(1);
      expect(metadata.foreignKeys[0]).toMatchObject({
        column_names: ['parent_id'],
        referred_table: 'parent',
        referred_columns: ['id'],
      });
      expect(byName.parent_id.keys.some((key) => key.type === 'fk')).toBe(true);
      const dayIndex = metadata.indexes.find((index) => index.name === 'ix_child_day');
      expect(dayIndex).toMatchObject({ column_names: ['day'], unique: false });
      expect(byName.label.nullable).toBe(true);
    });

    it('describes a view', async () => {
      const metadata = await connection.getTableMetadata({
        name: 'child_view',
        schema: context.schema,
      });
      expect(metadata.type).toBe('view');
      expect(metadata.columns.map((column) => column.name)).toEqual(['id', 'label']);
    });

    it('answers TABLE_DOES_NOT_EXIST_ERROR (404) for a missing table', async () => {
      const error = await failure(() =>
        connection.getTableMetadata({ name: 'no_such_table', schema: context.schema }),
      );
      expect(error.status).toBe(404);
      expect(error.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    });

    it('lists function names for editor completion', async () => {
      const names = await connection.functionNames();
      expect(names.length).toBeGreaterThan(10);
      expect(names.map((name) => name.toLowerCase())).toContain('count');
    });
  });

  describe(`${spec.name} execution`, () => {
    it('runs a small query into Arrow batches with typed columns', async () => {
      const result = await connection.execute(
        `SELECT id, amount, ratio, flag, day, ts, label FROM ${table('child')} ORDER BY id`,
      );
      const byName = Object.fromEntries(result.columns.map((column) => [column.name, column]));
      expect(byName.id.type_generic).toBe(0);
      expect(byName.label.type_generic).toBe(1);
      expect(byName.ts.type_generic).toBe(2);
      expect(byName.ts.is_dttm).toBe(true);
      expect(byName.day.is_dttm).toBe(true);
      expect(result.schema.fields.map((field) => field.name)).toEqual([
        'id',
        'amount',
        'ratio',
        'flag',
        'day',
        'ts',
        'label',
      ]);
      const rows = await rowsOf(result);
      expect(rows).toHaveLength(2);
      expect(Number(rows[0].id)).toBe(1);
      expect(Number(rows[0].amount)).toBeCloseTo(12.5);
      expect(rows[1].amount).toBeNull();
      expect(Number(rows[1].ratio)).toBeCloseTo(1.5);
      expect(Boolean(rows[0].flag)).toBe(true);
      expect(Boolean(rows[1].flag)).toBe(false);
      expect(millis(rows[0].day)).toBe(utc('2024-03-14 00:00:00'));
      expect(millis(rows[0].ts)).toBe(utc(THURSDAY));
      expect(rows[0].label).toBe('x');
      expect(rows[1].label).toBeNull();
    });

    it('binds positional parameters', async () => {
      const placeholder = spec.engine === 'postgresql' ? '$1' : '?';
      const result = await connection.execute(
        `SELECT label FROM ${table('child')} WHERE id = ${placeholder}`,
        { params: [1] },
      );
      expect(await rowsOf(result)).toEqual([{ label: 'x' }]);
    });

    it('streams 100,000 rows as batches of at most 10,000', async () => {
      const result = await connection.execute(HUNDRED_THOUSAND);
      let total = 0;
      let batches = 0;
      let sum = 0;
      for await (const batch of result.batches) {
        batches += 1;
        expect(batch.numRows).toBeLessThanOrEqual(10_000);
        total += batch.numRows;
        const column = batch.getChildAt(0);
        for (let row = 0; row < batch.numRows; row += 1) sum += Number(column?.get(row));
      }
      expect(total).toBe(100_000);
      expect(batches).toBeGreaterThanOrEqual(10);
      expect(sum).toBe((99_999 * 100_000) / 2);
    });

    it('stops at maxRows', async () => {
      const result = await connection.execute(HUNDRED_THOUSAND, { maxRows: 25 });
      expect(await rowsOf(result)).toHaveLength(25);
    });

    it('cancels a long-running statement through the AbortSignal within 2 seconds', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 300);
      const error = await failure(async () => {
        const result = await connection.execute(target.longQuery, { signal: controller.signal });
        for await (const _batch of result.batches) {
          // Keep reading until the cancel lands.
        }
      });
      expect(error.message).toBe('The query was cancelled.');
      expect(Date.now() - started).toBeLessThan(2_300);
      // The pooled connection is usable again afterwards.
      expect(await rowsOf(await connection.execute('SELECT 1 AS one'))).toHaveLength(1);
    });

    it('maps a missing table, a missing column and bad syntax to Superset error types', async () => {
      const missingTable = await failure(() =>
        connection.execute(`SELECT * FROM ${table('no_such_table')}`).then(rowsFromResult),
      );
      expect(missingTable.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      expect(missingTable.status).toBe(400);
      const missingColumn = await failure(() =>
        connection.execute(`SELECT no_such_column FROM ${table('child')}`).then(rowsFromResult),
      );
      expect(missingColumn.errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
      const syntax = await failure(() => connection.execute('SELEC 1').then(rowsFromResult));
      expect(syntax.errorType).toBe('SYNTAX_ERROR');
    });

    it('quotes identifiers and string literals so they survive a round trip', async () => {
      const sql = `SELECT ${dialect.quoteString("it's \\ fine")} AS ${dialect.quoteIdentifier('odd "name" `x`')}`;
      expect(await rowsOf(await connection.execute(sql))).toEqual([
        { 'odd "name" `x`': "it's \\ fine" },
      ]);
    });

    it('truncates correctly for every time grain it offers', async () => {
      expect(dialect.timeGrains.length).toBeGreaterThanOrEqual(15);
      for (const grain of dialect.timeGrains) {
        const expression = dialect.timeGrainExpression(grain, dialect.quoteIdentifier('ts'));
        expect(expression, grain).toBeDefined();
        const result = await connection.execute(
          `SELECT ${expression} AS g FROM ${table('child')} ORDER BY id`,
        );
        expect(result.columns[0].is_dttm, grain).toBe(true);
        const rows = await rowsOf(result);
        const expected = EXPECTED_GRAINS[grain];
        expect(
          rows.map((row) => new Date(millis(row.g)).toISOString()),
          grain,
        ).toEqual(expected.map((text) => new Date(utc(text)).toISOString()));
      }
      expect(dialect.timeGrainExpression('P2W', '"ts"')).toBeUndefined();
    });
  });

  describe(`${spec.name} cost estimate`, () => {
    it(
      target.supportsCost
        ? 'estimates cost from EXPLAIN'
        : 'answers 400 that cost estimation is unsupported',
      async () => {
        const sql = `SELECT * FROM ${table('child')}`;
        if (target.supportsCost) {
          const estimate = await connection.estimateCost(sql);
          expect(estimate).toHaveLength(1);
          expect(Object.keys(estimate[0])).toEqual(['Start-up cost', 'Total cost']);
        } else {
          const error = await failure(() => connection.estimateCost(sql));
          expect(error.status).toBe(400);
          expect(error.message).toBe(`${spec.name} does not support cost estimation`);
        }
        expect(spec.supportsCostEstimate).toBe(target.supportsCost);
      },
    );
  });

  describe(`${spec.name} connection form`, () => {
    it('labels every form field and rejects an empty form', () => {
      expect(spec.parameters.length).toBeGreaterThan(0);
      for (const field of spec.parameters) expect(field.label.length).toBeGreaterThan(0);
      expect(spec.parametersSchema.safeParse({}).success).toBe(false);
    });
  });
}

async function rowsFromResult(result: ExecuteResult) {
  return collectRows(result.batches);
}

export { SUNDAY, THURSDAY };
