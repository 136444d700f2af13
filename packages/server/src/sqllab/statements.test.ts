import { describe, expect, it } from 'vitest';
import { duckdbEngine } from '../engines/duckdb/index.ts';
import { mysqlEngine } from '../engines/mysql/index.ts';
import { postgresqlEngine } from '../engines/postgresql/index.ts';
import { sqliteEngine } from '../engines/sqlite/index.ts';
import {
  buildPlan,
  DML_NOT_ALLOWED_MESSAGE,
  defaultCtasTableName,
  type PlanInput,
  resolveLimit,
} from './plan.ts';
import { analyzeStatement, applyLimit, sqlLimitOf, tokenizeOptions } from './statements.ts';
import { splitStatements } from './tokens.ts';

const pg = postgresqlEngine.dialect;
const duck = duckdbEngine.dialect;
const my = mysqlEngine.dialect;

describe('splitting a script into statements', () => {
  it('splits on top-level semicolons only', () => {
    expect(splitStatements('select \'a;b\' as x; select "c;d" from t;\n-- done\n')).toEqual([
      "select 'a;b' as x",
      'select "c;d" from t',
    ]);
  });

  it('keeps semicolons inside comments and dollar quotes', () => {
    expect(splitStatements('select 1 /* ; */; select $$;$$; select $tag$ ; $tag$')).toEqual([
      'select 1 /* ; */',
      'select $$;$$',
      'select $tag$ ; $tag$',
    ]);
  });

  it('reads MySQL backslash escapes and # comments', () => {
    expect(splitStatements("select 'it\\'s;' # ; comment\n; select 2", { mysql: true })).toEqual([
      "select 'it\\'s;' # ; comment",
      'select 2',
    ]);
  });

  it('drops pieces that hold only comments or blanks', () => {
    expect(splitStatements(' ; -- nothing\n ; ')).toEqual([]);
  });
});

describe('reading one statement', () => {
  it('sees a SELECT and the tables it reads, without CTE names', () => {
    const info = analyzeStatement(
      'with c as (select * from s.t) select * from c join u on true',
      pg,
    );
    expect(info).toMatchObject({ isSelect: true, isMutating: false, parsed: true });
    expect(info.tables).toEqual([
      { name: 't', schema: 's', catalog: null },
      { name: 'u', schema: null, catalog: null },
    ]);
  });

  it('calls INSERT, UPDATE, DELETE, CREATE and DROP writes', () => {
    for (const sql of [
      'insert into t values (1)',
      'update t set a = 1',
      'delete from t',
      'create table x (a int)',
      'drop table t',
    ]) {
      expect(analyzeStatement(sql, pg).isMutating, sql).toBe(true);
    }
  });

  it('falls back to keywords where the parser cannot read the dialect, without failing', () => {
    const pragma = analyzeStatement('PRAGMA table_info(numbers)', sqliteEngine.dialect);
    expect(pragma).toMatchObject({ parsed: false, isMutating: false, isSelect: false });
    const from = analyzeStatement('FROM numbers SELECT n', duck);
    expect(from).toMatchObject({ parsed: false, isSelect: true });
    expect(from.tables).toEqual([{ name: 'numbers', schema: null, catalog: null }]);
    expect(analyzeStatement("ATTACH 'x.db' AS x", duck).isMutating).toBe(true);
    expect(
      analyzeStatement("PRAGMA journal_mode = 'delete'", sqliteEngine.dialect).isMutating,
    ).toBe(true);
  });

  it('sees writes hidden in a CTE or in SELECT ... INTO', () => {
    expect(
      analyzeStatement('with d as (delete from t returning *) select * from d', pg).isMutating,
    ).toBe(true);
    expect(analyzeStatement('select * into new_table from t', pg).isMutating).toBe(true);
  });

  it('leaves a typo for the engine to report instead of calling it a write', () => {
    expect(analyzeStatement('selec 1', pg)).toMatchObject({ isMutating: false, isSelect: false });
  });

  it('finds tables after FROM and JOIN when parsing fails, comma lists included', () => {
    const info = analyzeStatement('FROM a.b x, "C" JOIN d USING (id) SELECT 1', duck);
    expect(info.tables.map((t) => [t.schema, t.name])).toEqual([
      ['a', 'b'],
      [null, 'C'],
      [null, 'd'],
    ]);
  });
});

describe('what a statement reads, for users granted single tables', () => {
  const lite = sqliteEngine.dialect;
  const names = (sql: string, dialect = duck) =>
    analyzeStatement(sql, dialect).tables.map((t) => [t.schema, t.name].filter(Boolean).join('.'));

  it("asks DuckDB's own binder, which sees through query_table, query and SUMMARIZE", () => {
    expect(names("SELECT * FROM query_table('flights')")).toContain('flights');
    expect(names("SELECT * FROM query('SELECT * FROM flights')")).toContain('flights');
    expect(names('SUMMARIZE flights')).toEqual(['flights']);
    expect(names('DESCRIBE main.flights')).toEqual(['main.flights']);
    expect(names('SELECT * FROM cars c JOIN cars AS d ON true')).toEqual(['cars']);
  });

  it('reads SUMMARIZE, DESCRIBE, SHOW, PRAGMA, TABLE and EXPLAIN as reads of their table', () => {
    for (const [sql, dialect] of [
      ['TABLE flights', duck],
      ['TABLE flights\nLIMIT 1001', duck],
      ['SHOW flights', duck],
      ["PRAGMA table_info('flights')", duck],
      ['PRAGMA main.table_info(flights)', lite],
      ['SHOW FULL COLUMNS FROM flights', my],
      ['DESCRIBE flights origin', my],
      ['EXPLAIN (ANALYZE, FORMAT JSON) SELECT * FROM flights', pg],
    ] as const) {
      const info = analyzeStatement(sql, dialect);
      expect(
        info.tables.map((t) => t.name),
        sql,
      ).toContain('flights');
      expect(info.unverified, sql).toBeNull();
    }
  });

  it('leaves unverified what it does not understand, and functions that hide their reads', () => {
    for (const [sql, dialect] of [
      ['SELECT * FROM duckdb_tables()', duck],
      ['SELECT * FROM "Query_Table"(\'flights\')', duck],
      ['SELECT * FROM (PIVOT flights ON origin)', duck],
      ['SHOW TABLES', duck],
      ['PRAGMA database_list', lite],
      ["SELECT * FROM pragma_table_info('flights')", lite],
      ["SELECT query_to_xml('select * from flights', true, true, '')", pg],
      ["SELECT pg_catalog.set_config('search_path', 'x', false)", pg],
      ['SET search_path = other', pg],
      ['USE other', my],
      ['SELECT * FROM t WHERE a IN (TABLE flights)', my],
    ] as const) {
      expect(analyzeStatement(sql, dialect).unverified, sql).not.toBeNull();
    }
    for (const sql of ['SELECT * FROM cars', 'SELECT * FROM cars, range(3)']) {
      expect(analyzeStatement(sql, duck).unverified, sql).toBeNull();
    }
  });

  it('forbids reaching files to everyone, however it is written', () => {
    for (const [sql, dialect] of [
      ["ATTACH '/x/tessera.db' AS m", lite],
      ['/* c */ aTTacH DATABASE \'/x\' AS "m"', lite],
      ['DETACH m', lite],
      ["VACUUM m INTO '/tmp/x'", lite],
      ["SELECT load_extension('/tmp/x.so')", lite],
      ["PRAGMA temp_store_directory = '/tmp'", lite],
      ['FORCE INSTALL httpfs', duck],
      ["COPY cars TO '/tmp/cars.csv'", duck],
      ["SET GLOBAL extension_directory = '/tmp'", duck],
      ["SELECT * FROM t INTO OUTFILE '/tmp/x'", my],
      ["COPY t FROM PROGRAM 'id'", pg],
    ] as const) {
      expect(analyzeStatement(sql, dialect).forbidden, sql).toMatch(/not allowed/);
    }
    expect(analyzeStatement("SELECT 'ATTACH' AS attach", lite).forbidden).toBeNull();
  });
});

describe('lexical rules of each dialect', () => {
  const lite = sqliteEngine.dialect;
  it('reads SQLite brackets as names and $a$ as no string, so no statement hides', () => {
    expect(
      splitStatements("SELECT [ ' ]; ATTACH 'x' AS m; SELECT ' ]", tokenizeOptions(lite)),
    ).toHaveLength(3);
    expect(
      splitStatements("SELECT $a$; ATTACH 'x' AS m; SELECT $a$", tokenizeOptions(lite)),
    ).toHaveLength(3);
    expect(splitStatements('SELECT $a$; x $a$', tokenizeOptions(pg))).toHaveLength(1);
  });

  it("reads E'...' strings with backslash escapes where the dialect has them", () => {
    expect(splitStatements("SELECT E'\\'; x'", tokenizeOptions(pg))).toHaveLength(1);
    expect(splitStatements("SELECT '\\'; SELECT 2", tokenizeOptions(pg))).toHaveLength(2);
  });
});

describe('limits in SQL', () => {
  it('reads the top-level LIMIT, not one in a subquery', () => {
    expect(sqlLimitOf('select * from (select 1 limit 3) s limit 7', pg)).toBe(7);
    expect(sqlLimitOf('select * from (select 1 limit 3) s', pg)).toBeNull();
    expect(sqlLimitOf('select 1 limit 5 offset 10', pg)).toBe(5);
    expect(sqlLimitOf('select 1 limit 10, 20', my)).toBe(20);
  });

  it('replaces an existing count or appends a LIMIT on its own line', () => {
    expect(applyLimit('select 1 limit 5', 6, pg)).toBe('select 1 limit 6');
    expect(applyLimit('select 1 limit 10, 20', 11, my)).toBe('select 1 limit 10, 11');
    expect(applyLimit('select 1 -- note', 11, pg)).toBe('select 1 -- note\nLIMIT 11');
  });

  it('gives the limiting factor as Superset does', () => {
    expect(resolveLimit(null, 100, 1000, 10)).toEqual({ limit: 100, factor: 'DROPDOWN' });
    expect(resolveLimit(500, 100, 1000, 10)).toEqual({ limit: 100, factor: 'DROPDOWN' });
    expect(resolveLimit(5, 100, 1000, 10)).toEqual({ limit: 5, factor: 'QUERY' });
    expect(resolveLimit(100, 100, 1000, 10)).toEqual({ limit: 100, factor: 'QUERY_AND_DROPDOWN' });
    expect(resolveLimit(null, 5000, 1000, 10)).toEqual({ limit: 1000, factor: 'DROPDOWN' });
    expect(resolveLimit(null, null, 1000, 10)).toEqual({ limit: 10, factor: 'DROPDOWN' });
  });
});

describe('planning a run', () => {
  const base: PlanInput = {
    sql: 'select 1',
    dialect: pg,
    database: { allow_dml: 0, allow_ctas: 1, allow_cvas: 1, force_ctas_schema: null },
    schema: 'public',
    userId: 7,
    queryLimit: 10,
    sqlMaxRow: 1000,
    defaultLimit: 100,
    selectAsCta: false,
    ctasMethod: 'TABLE',
    tmpTableName: null,
  };

  it('fetches one row more than the limit from every SELECT', () => {
    const plan = buildPlan({ ...base, sql: 'select 1; select 2 limit 3' });
    expect(plan.statements).toEqual(['select 1\nLIMIT 4', 'select 2 limit 4']);
    expect(plan).toMatchObject({ limit: 3, limitingFactor: 'QUERY' });
  });

  it('refuses DML unless the database allows it', () => {
    expect(() => buildPlan({ ...base, sql: 'select 1; delete from t' })).toThrow(
      DML_NOT_ALLOWED_MESSAGE,
    );
    expect(
      buildPlan({ ...base, sql: 'delete from t', database: { ...base.database, allow_dml: 1 } })
        .statements,
    ).toEqual(['delete from t']);
  });

  it('wraps the last SELECT for CTAS into the forced schema, with the default table name', () => {
    const now = new Date(Date.UTC(2024, 2, 14, 15, 27, 43));
    const plan = buildPlan({
      ...base,
      selectAsCta: true,
      now,
      database: { ...base.database, force_ctas_schema: 'scratch' },
    });
    expect(defaultCtasTableName(7, now)).toBe('tmp_7_table_2024_03_14_15_27_43');
    expect(plan.statements).toEqual([
      'CREATE TABLE "scratch"."tmp_7_table_2024_03_14_15_27_43" AS\nselect 1',
    ]);
    expect(plan.ctas).toMatchObject({ schema: 'scratch', method: 'TABLE', selectSql: 'select 1' });
  });

  it('applies the CTAS and CVAS rules', () => {
    const fails = (input: Partial<PlanInput>) => {
      try {
        buildPlan({ ...base, selectAsCta: true, ...input });
      } catch (error) {
        return (error as { errorType?: string }).errorType;
      }
      return null;
    };
    expect(fails({ database: { ...base.database, allow_ctas: 0 } })).toBe(
      'INVALID_CTAS_QUERY_ERROR',
    );
    expect(fails({ sql: 'select 1; show search_path' })).toBe('INVALID_CTAS_QUERY_ERROR');
    expect(fails({ ctasMethod: 'VIEW', database: { ...base.database, allow_cvas: 0 } })).toBe(
      'INVALID_CVAS_QUERY_ERROR',
    );
    expect(fails({ ctasMethod: 'VIEW', sql: 'select 1; select 2' })).toBe(
      'INVALID_CVAS_QUERY_ERROR',
    );
    expect(fails({ ctasMethod: 'VIEW' })).toBeNull();
  });

  it('refuses a temporary table name that is not an identifier', () => {
    expect(() =>
      buildPlan({ ...base, selectAsCta: true, tmpTableName: '1; drop table x' }),
    ).toThrow('Invalid input');
  });
});
