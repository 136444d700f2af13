import { selectFilterQuery } from '@tessera/shared/dashboard/filterQueries';
import type { NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { describe, expect, it } from 'vitest';
import { describeAdhoc, withWhereClause } from './PreFilterFields.tsx';

const where = (sqlExpression: string) => ({
  expressionType: 'SQL',
  clause: 'WHERE',
  sqlExpression,
});
const simple = { expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SFO'] };

describe('pre-filters beyond one WHERE clause', () => {
  it('edits, adds and removes WHERE clauses by position and keeps the other filters', () => {
    const list = [where('delay > 0'), simple];
    expect(withWhereClause(list, 0, 'delay > 10')).toEqual([where('delay > 10'), simple]);
    expect(withWhereClause(list, 1, 'distance < 500')).toEqual([
      where('delay > 0'),
      simple,
      where('distance < 500'),
    ]);
    expect(withWhereClause(list, 0, null)).toEqual([simple]);
    expect(describeAdhoc(simple)).toBe('origin IN SFO');
  });

  it('sends every clause with the options query, blank ones left out', () => {
    const filter = {
      id: 'NATIVE_FILTER-x',
      type: 'NATIVE_FILTER',
      name: 'Origin',
      filterType: 'filter_select',
      targets: [{ datasetId: 1, column: { name: 'origin' } }],
      adhoc_filters: [where('delay > 0'), where('  '), simple],
    } as NativeFilter;
    const query = selectFilterQuery(filter);
    expect(JSON.stringify(query.form_data?.adhoc_filters)).not.toContain('"  "');
    expect(query.form_data?.adhoc_filters).toHaveLength(2);
  });
});
