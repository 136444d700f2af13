import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './spreadsheetSafe.ts';

describe('spreadsheetSafe', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    for (const cell of ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves ordinary text, numbers and nulls alone', () => {
    expect(spreadsheetSafe('AAPL')).toBe('AAPL');
    expect(spreadsheetSafe(-3)).toBe(-3);
    expect(spreadsheetSafe(null)).toBe(null);
    expect(spreadsheetSafe('a=b')).toBe('a=b');
  });
});
