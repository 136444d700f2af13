import { TesseraError } from '@tessera/shared/errors';
import { describe, expect, it } from 'vitest';
import { queryDialectFor } from './dialect.ts';
import { checkExpression, parseMemoSize } from './fragments.ts';

/** Parse verdicts of fragments are remembered by (dialect, text), within a bound. */

const duckdb = queryDialectFor('duckdb');
const mysql = queryDialectFor('mysql');

function messageOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraError);
    return (error as TesseraError).message;
  }
  throw new Error('expected a refusal');
}

describe('fragment parse memo', () => {
  it('gives the same verdict for a fragment checked again', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(checkExpression(' SUM(amount) ', duckdb)).toBe('SUM(amount)');
      expect(messageOf(() => checkExpression('amount +', duckdb))).toBe(
        'Invalid SQL expression: this is not a single SQL expression',
      );
    }
  });

  it('keeps the verdicts of each dialect apart', () => {
    expect(checkExpression('COUNT(*)', duckdb)).toBe('COUNT(*)');
    expect(checkExpression('COUNT(*)', mysql)).toBe('COUNT(*)');
    expect(messageOf(() => checkExpression('amount +', mysql))).toBe(
      'Invalid SQL expression: this is not a single SQL expression',
    );
  });

  it('remembers at most a thousand texts', () => {
    for (let i = 0; i < 1100; i += 1) checkExpression(`amount + ${i}`, duckdb);
    expect(parseMemoSize()).toBe(1000);
    expect(checkExpression('amount + 5', duckdb)).toBe('amount + 5');
  });
});
