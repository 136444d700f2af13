import { describe, expect, it } from 'vitest';
import { isGeneratedMetric, parseGeneratedMetric } from './savedMetric.ts';

describe('saved-metric pattern', () => {
  it('recognises an optional LONG, DOUBLE or FLOAT prefix plus SUM, AVG, MAX, MIN or COUNT of a column', () => {
    for (const text of [
      'SUM(num)',
      'avg(num)',
      'MAX(x)',
      'MIN("col")',
      'COUNT(a.b)',
      'LONGSUM(x)',
      'LONG_SUM(x)',
      'DOUBLEMAX(x)',
      'FLOATMIN(y)',
    ]) {
      expect(isGeneratedMetric(text), text).toBe(true);
    }
    expect(parseGeneratedMetric('LONG_SUM(x)')).toEqual({ aggregate: 'SUM', column: 'x' });
    expect(parseGeneratedMetric('MIN("col")')).toEqual({ aggregate: 'MIN', column: 'col' });
  });

  it('recognises generated names such as sum__num', () => {
    expect(parseGeneratedMetric('sum__num')).toEqual({ aggregate: 'SUM', column: 'num' });
    expect(parseGeneratedMetric('count_distinct__name')).toEqual({
      aggregate: 'COUNT_DISTINCT',
      column: 'name',
    });
  });

  it('leaves hand-written metrics alone', () => {
    for (const text of [
      'SUM(num) / 2',
      'MEDIAN(x)',
      'COUNT(*)',
      'INTSUM(x)',
      'revenue',
      'sum_num',
      'SUM(a + b)',
    ]) {
      expect(isGeneratedMetric(text), text).toBe(false);
    }
  });
});
