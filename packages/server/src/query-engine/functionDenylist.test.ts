import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { lexSql } from '../engines/sqlLexer.ts';
import { queryDialectFor } from './dialect.ts';
import { checkExpression } from './fragments.ts';

const ENGINES = ['duckdb', 'sqlite', 'postgresql', 'mysql', 'mariadb'];

function refusedWith(fragment: string, engine: string): string {
  try {
    checkExpression(fragment, queryDialectFor(engine));
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraError);
    expect((error as TesseraError).status).toBe(400);
    return (error as TesseraError).message;
  }
  throw new Error(`expected ${fragment} to be refused on ${engine}`);
}

describe('function names are read as the engine resolves them', () => {
  it('finds quoted, qualified and spaced calls', () => {
    const names = (sql: string, engine = 'postgresql') =>
      lexSql(sql, queryDialectFor(engine)).calls.map((call) => call.name);
    expect(names('"pg_catalog"."PG_Read_File" (\'x\') + abs(num)')).toEqual([
      'pg_read_file',
      'abs',
    ]);
    expect(names('"a""b"(1)')).toEqual(['a"b']);
    expect(names('`sle``ep`(1)', 'mysql')).toEqual(['sle`ep']);
    expect(names('[load_extension](1)', 'sqlite')).toEqual(['load_extension']);
    expect(names("'x'.current_setting()", 'duckdb')).toEqual(['current_setting']);
    // A string, a number or a closing parenthesis before `(` calls nothing.
    expect(names("'pg_read_file' (1) * 2 (3) + (num)(4)")).toEqual([]);
  });

  it.each([
    ['postgresql', `"pg_read_file"('/etc/hostname')`, 'pg_read_file'],
    ['postgresql', `"query_to_xml"('select 1', true, true, '')`, 'query_to_xml'],
    ['postgresql', `pg_catalog."pg_ls_dir"('.')`, 'pg_ls_dir'],
    ['postgresql', `"PG_SLEEP" (1)`, 'pg_sleep'],
    ['duckdb', `"current_setting"('memory_limit')`, 'current_setting'],
    ['duckdb', `"CURRENT_SETTING"\n('threads')`, 'current_setting'],
    ['duckdb', `main."getenv"('HOME')`, 'getenv'],
    ['mysql', '`sleep`(5)', 'sleep'],
    ['mysql', "`LOAD_FILE` ('/etc/passwd')", 'load_file'],
    ['mysql', `"benchmark"(1000, 1)`, 'benchmark'],
    ['mariadb', '`sleep`(5)', 'sleep'],
    ['sqlite', `[load_extension]('x')`, 'load_extension'],
    ['sqlite', "`readfile`('/etc/passwd')", 'readfile'],
    ['sqlite', `"writefile"('/tmp/x', 'y')`, 'writefile'],
  ])('on %s refuses %s', (engine, fragment, name) => {
    expect(refusedWith(fragment, engine)).toBe(
      `Invalid SQL expression: the function ${name} is not allowed`,
    );
  });

  it('refuses a name spelled with U& escapes', () => {
    expect(refusedWith(`U&"pg\\005fread\\005ffile"('/etc/hostname')`, 'postgresql')).toBe(
      'Invalid SQL expression: function names written with U& escapes are not allowed',
    );
  });

  it('refuses comments between a name and its parenthesis, whatever the name', () => {
    for (const engine of ENGINES) {
      expect(refusedWith(`"pg_read_file"/**/('/etc/hostname')`, engine)).toMatch(
        /comments are not allowed|not allowed/,
      );
    }
    expect(lexSql('sleep /* x */ (1)', queryDialectFor('mysql')).calls[0]?.name).toBe('sleep');
  });

  it('keeps quoted columns and ordinary functions working', () => {
    for (const engine of ['duckdb', 'postgresql', 'sqlite']) {
      const ok = `SUM("num") / COUNT(DISTINCT "product") + "abs"(1)`;
      expect(checkExpression(ok, queryDialectFor(engine))).toBe(ok);
    }
    expect(checkExpression('SUM(`num`) + `abs`(1)', queryDialectFor('mysql'))).toBe(
      'SUM(`num`) + `abs`(1)',
    );
  });
});
