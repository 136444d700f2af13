import { describe, expect, it } from 'vitest';
import { astifySql, MAX_PARSE_CHARS, parseSql, withParseBudget } from './sqlParser.ts';

/** Brackets around a syntax error: node-sql-parser's PostgreSQL grammar takes ~90 s on this. */
const BACKTRACKING = `SELECT ${'(a IN (SELECT '.repeat(8)}1 FROM${'))'.repeat(8)}`;

describe('the bounded SQL parser', () => {
  it('parses ordinary SQL and names the tables', () => {
    const outcome = parseSql('SELECT a FROM t JOIN u ON t.id = u.id', 'postgresql');
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.value.tableList).toHaveLength(2);
  });

  it('reports a syntax error as such', () => {
    const outcome = astifySql('SELECT FROM WHERE', 'postgresql');
    expect(outcome).toMatchObject({ ok: false, reason: 'syntax' });
  });

  it('stops a parse that backtracks for minutes, within its time limit', () => {
    const started = performance.now();
    expect(astifySql(BACKTRACKING, 'postgresql')).toEqual({ ok: false, reason: 'too-costly' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('does not even start on text over the size limit', () => {
    const sql = `SELECT ${'1,'.repeat(MAX_PARSE_CHARS / 2)}1`;
    expect(parseSql(sql, 'postgresql')).toEqual({ ok: false, reason: 'too-costly' });
  });

  it('shares one budget between the statements of a request', () => {
    const started = performance.now();
    const outcomes = withParseBudget(300, () =>
      Array.from({ length: 6 }, () => astifySql(BACKTRACKING, 'postgresql')),
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcomes.every((o) => !o.ok && o.reason === 'too-costly')).toBe(true);
    // Outside the budget, a plain statement parses again.
    expect(astifySql('SELECT 1', 'postgresql').ok).toBe(true);
  });
});
