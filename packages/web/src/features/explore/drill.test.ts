import { describe, expect, it } from 'vitest';
import { DRILL_PAGE_SIZE, drillByFormData, drillDetailContext } from './drill.ts';

const formData = {
  datasource: '2__table',
  viz_type: 'pie',
  groupby: ['origin'],
  metric: 'count',
  adhoc_filters: [],
  time_range: 'Last year',
};

describe('drill to detail', () => {
  it('asks for one page of raw rows with the clicked filters, and their count', () => {
    const context = drillDetailContext(formData, [{ col: 'origin', op: '==', val: 'SFO' }], 2);
    const [rows, count] = context.queries;
    expect(rows?.result_type).toBe('drill_detail');
    expect(rows?.row_limit).toBe(DRILL_PAGE_SIZE);
    expect(rows?.row_offset).toBe(2 * DRILL_PAGE_SIZE);
    expect(rows?.time_range).toBe('Last year');
    expect(rows?.filters).toContainEqual({ col: 'origin', op: '==', val: 'SFO' });
    expect(count?.metrics).toEqual([
      { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'row_count' },
    ]);
  });
});

describe('drill by', () => {
  it('groups the same chart by the chosen column, filtered to the clicked point', () => {
    const drilled = drillByFormData(
      { ...formData, slice_id: 4 },
      [{ col: 'origin', op: '==', val: 'SFO' }],
      'destination',
    );
    expect(drilled.viz_type).toBe('pie');
    expect(drilled.groupby).toEqual(['destination']);
    expect(drilled.slice_id).toBeUndefined();
    expect(drilled.adhoc_filters).toEqual([
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'origin',
        operator: '==',
        comparator: 'SFO',
        isExtra: false,
      },
    ]);
  });
});
