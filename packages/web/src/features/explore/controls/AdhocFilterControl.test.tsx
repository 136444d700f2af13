import { sharedControls } from '@tessera/shared/controls/sharedControls';
import type { AdhocFilter, ControlConfig } from '@tessera/shared/viz/types';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdhocFilterControl } from './AdhocFilterControl.tsx';
import { FILTER_OPERATOR_OPTIONS, filterLabel, operatorsFor } from './filters.ts';
import { DATASOURCE, dropItem, FORM_DATA, pick, SLOW } from './testing.tsx';

const CONFIG = sharedControls.adhoc_filters as ControlConfig;
const suggestions = () => ({ values: ['boy', 'girl'], loading: false });

function renderFilters(value: AdhocFilter[] = []) {
  const onChange = vi.fn();
  render(
    <AdhocFilterControl
      name="adhoc_filters"
      config={CONFIG}
      value={value}
      onChange={onChange}
      datasource={DATASOURCE}
      formData={FORM_DATA}
      useSuggestions={suggestions}
    />,
  );
  return onChange;
}

describe('AdhocFilterControl', { timeout: 60_000 }, () => {
  it('builds a SIMPLE filter with the chosen operator and a suggested value', async () => {
    const onChange = renderFilters();
    fireEvent.click(screen.getByTestId('filter-adhoc_filters-add'));
    await screen.findByTestId('filter-popover', {}, SLOW);
    await pick('filter-column-select', 'gender');
    await pick('filter-operator-select', 'Not equal to (≠)');
    await pick('filter-comparator', 'girl');
    fireEvent.click(screen.getByTestId('filter-popover-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'gender',
        operator: '!=',
        operatorId: 'NOT_EQUALS',
        comparator: 'girl',
      }),
    ]);
  });

  it('opens the popover with a dropped column and builds an IN filter', async () => {
    const onChange = renderFilters();
    dropItem(screen.getByTestId('filter-adhoc_filters-dropzone'), {
      type: 'column',
      name: 'gender',
    });
    await screen.findByTestId('filter-popover', {}, SLOW);
    await pick('filter-operator-select', 'In');
    await pick('filter-comparator', 'boy');
    await pick('filter-comparator', 'girl');
    fireEvent.click(screen.getByTestId('filter-popover-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ subject: 'gender', operator: 'IN', comparator: ['boy', 'girl'] }),
    ]);
  });

  it('takes no value for IS NULL', async () => {
    const onChange = renderFilters();
    fireEvent.click(screen.getByTestId('filter-adhoc_filters-add'));
    await screen.findByTestId('filter-popover', {}, SLOW);
    await pick('filter-column-select', 'name');
    await pick('filter-operator-select', 'Is null');
    expect(screen.queryByTestId('filter-comparator')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-popover-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ subject: 'name', operator: 'IS NULL', comparator: null }),
    ]);
  });

  it('writes a custom SQL HAVING filter', async () => {
    const onChange = renderFilters();
    fireEvent.click(screen.getByTestId('filter-adhoc_filters-add'));
    fireEvent.click(await screen.findByTestId('filter-tab-sql', {}, SLOW));
    await pick('filter-clause-select', 'HAVING');
    fireEvent.change(screen.getByTestId('filter-sql'), { target: { value: 'SUM(num) > 10' } });
    fireEvent.click(screen.getByTestId('filter-popover-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        expressionType: 'SQL',
        clause: 'HAVING',
        sqlExpression: 'SUM(num) > 10',
      }),
    ]);
  });

  it('shows chips and removes one', () => {
    const onChange = renderFilters([
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'num', operator: '>', comparator: 3 },
    ]);
    expect(screen.getByTestId('filter-adhoc_filters-chip-label').textContent).toBe('num > 3');
    fireEvent.click(screen.getByTestId('filter-adhoc_filters-chip-remove'));
    expect(onChange).toHaveBeenCalledWith([]);
  });
});

describe('filter operators', () => {
  it('are the spec list, temporal range only on temporal columns', () => {
    expect(FILTER_OPERATOR_OPTIONS.map((o) => o.operator)).toEqual([
      '==',
      '!=',
      '<',
      '<=',
      '>',
      '>=',
      'IN',
      'NOT IN',
      'LIKE',
      'ILIKE',
      'IS NULL',
      'IS NOT NULL',
      'LATEST PARTITION',
      'IS TRUE',
      'IS FALSE',
      'TEMPORAL_RANGE',
    ]);
    const [ds, gender] = DATASOURCE.columns;
    expect(operatorsFor(ds, DATASOURCE).some((o) => o.id === 'TEMPORAL_RANGE')).toBe(true);
    expect(operatorsFor(gender, DATASOURCE).some((o) => o.id === 'TEMPORAL_RANGE')).toBe(false);
    // Latest partition only where the engine has partitions.
    expect(operatorsFor(gender, DATASOURCE).some((o) => o.id === 'LATEST_PARTITION')).toBe(false);
    const trino = { ...DATASOURCE, database: { id: 1, backend: 'trino' } };
    expect(operatorsFor(gender, trino).some((o) => o.id === 'LATEST_PARTITION')).toBe(true);
  });

  it('label chips like Superset', () => {
    expect(
      filterLabel({
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'ds',
        operator: 'TEMPORAL_RANGE',
        comparator: 'Last week',
      }),
    ).toBe('ds (Last week)');
    expect(
      filterLabel({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: "state = 'CA'" }),
    ).toBe("WHERE state = 'CA'");
  });
});
