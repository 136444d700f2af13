import { describe, expect, it } from 'vitest';
import { tokenize } from '../sqllab/tokens.ts';
import { toAnnotation } from './annotations.ts';
import { parserProblem } from './parserCheck.ts';
import { checkKind, policyFor } from './policy.ts';
import { lineAndColumn, placeStatements } from './script.ts';
import { noValidatorError } from './service.ts';

const kind = (engine: string, sql: string) => {
  const policy = policyFor(engine);
  if (!policy) throw new Error(`no policy for ${engine}`);
  return checkKind(policy, tokenize(sql));
};

describe('which check a statement gets', () => {
  it('sends what EXPLAIN plans to the engine', () => {
    expect(kind('postgresql', 'WITH x AS (SELECT 1) SELECT * FROM x')).toBe('engine');
    expect(kind('mysql', 'REPLACE INTO t VALUES (1)')).toBe('engine');
    expect(kind('duckdb', 'DROP TABLE t')).toBe('engine');
    expect(kind('sqlite', 'DROP TABLE t')).toBe('engine');
  });

  it('checks PostgreSQL and MySQL DDL with the parser only', () => {
    expect(kind('postgresql', 'DROP TABLE t')).toBe('parser');
    expect(kind('postgresql', 'CREATE OR REPLACE VIEW v AS SELECT 1')).toBe('parser');
    expect(kind('mariadb', 'ALTER TABLE t ADD COLUMN c INT')).toBe('parser');
    // node-sql-parser refuses these valid statements, so they are not judged at all.
    expect(kind('postgresql', 'DROP SCHEMA s CASCADE')).toBe('none');
    expect(kind('postgresql', 'ALTER TABLE t RENAME COLUMN a TO b')).toBe('none');
  });

  it('leaves statements neither can judge alone', () => {
    expect(
      kind('postgresql', 'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql'),
    ).toBe('none');
    expect(kind('postgresql', 'BEGIN')).toBe('none');
    expect(kind('duckdb', "ATTACH 'x.db'")).toBe('none');
    expect(kind('sqlite', 'PRAGMA table_info(t)')).toBe('none');
    expect(kind('postgresql', 'EXPLAIN ANALYZE DELETE FROM t')).toBe('none');
  });

  it('lets the engine name a typo in the first word', () => {
    expect(kind('postgresql', 'SELEC 1')).toBe('engine');
  });

  it('has no validator for engines without one, answered in Superset words', () => {
    expect(policyFor('oracle')).toBeUndefined();
    expect(policyFor('constructor')).toBeUndefined();
    const error = noValidatorError('oracle');
    expect(error.status).toBe(422);
    expect(error.toBody()).toMatchObject({
      errors: [
        {
          message: 'no SQL validator is configured for oracle',
          error_type: 'GENERIC_DB_ENGINE_ERROR',
        },
      ],
    });
  });
});

describe('statement positions', () => {
  it('keeps where each statement starts, comments and semicolons aside', () => {
    const script = "-- head\nSELECT 1;\n\n  SELECT ';' AS x -- tail\n;";
    const statements = placeStatements(script, {});
    expect(statements.map((s) => s.sql)).toEqual(['SELECT 1', "SELECT ';' AS x"]);
    expect(lineAndColumn(script, statements[1].offset)).toEqual({ line: 4, column: 3 });
  });

  it('turns an offset in a statement into a line and columns of the script', () => {
    const script = 'SELECT 1;\nSELECT a,\n  nope FROM t';
    const [, second] = placeStatements(script, {});
    const annotation = toAnnotation(script, second, {
      message: 'no such column: nope',
      offset: second.sql.indexOf('nope'),
    });
    expect(annotation).toEqual({
      line_number: 3,
      start_column: 3,
      end_column: 7,
      message: 'no such column: nope',
    });
    expect(toAnnotation(script, second, { message: 'bad', offset: null })).toEqual({
      line_number: 2,
      start_column: null,
      end_column: null,
      message: 'bad',
    });
  });
});

describe('the parser check', () => {
  it('says where the syntax breaks, in short words', () => {
    expect(parserProblem('DROP TABL x', 'postgresql')).toEqual({
      message: 'syntax error at or near "TABL"',
      offset: 5,
    });
    expect(parserProblem('CREATE TABLE t (a int', 'postgresql')).toEqual({
      message: 'syntax error at end of input',
      offset: 21,
    });
    expect(parserProblem('DROP TABLE x', 'mysql')).toBeNull();
  });
});
