import type { ColumnConfigs } from '@tessera/shared/controls/columnConfig';
import type { QueryFormData } from '@tessera/shared/viz/types';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ColumnConfigControl } from './ColumnConfigControl.tsx';
import { configurableColumns } from './configurableColumns.ts';
import { DATASOURCE, pick, SLOW } from './testing.tsx';

const SUM_NUM = {
  expressionType: 'SIMPLE' as const,
  aggregate: 'SUM' as const,
  column: { column_name: 'num' },
  label: 'SUM(num)',
};

const AGGREGATE: QueryFormData = {
  datasource: '3__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['ds', 'gender'],
  metrics: ['count', SUM_NUM],
  percent_metrics: ['sum__num'],
};

/** The control as the panel holds it: each change becomes the next value. */
function Harness({
  initial,
  formData,
  onChange,
}: {
  initial: unknown;
  formData: QueryFormData;
  onChange: (value: unknown) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ColumnConfigControl
      name="column_config"
      config={{ type: 'ColumnConfigControl', label: 'Customize columns' }}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      datasource={DATASOURCE}
      formData={formData}
    />
  );
}

function renderColumnConfig(initial: unknown, formData: QueryFormData = AGGREGATE) {
  const onChange = vi.fn();
  render(<Harness initial={initial} formData={formData} onChange={onChange} />);
  return { onChange, last: () => onChange.mock.lastCall?.[0] as ColumnConfigs };
}

async function openColumn(key: string) {
  const item = screen
    .getAllByTestId('column-config-item')
    .find((el) => el.getAttribute('data-column') === key);
  fireEvent.click(item as HTMLElement);
  return screen.findByTestId('column-config-popover', {}, SLOW);
}

describe('configurableColumns', () => {
  it('lists the query’s dimensions, metrics and percentage metrics with their kinds', () => {
    expect(configurableColumns(AGGREGATE, DATASOURCE)).toEqual([
      { key: 'ds', label: 'ds', kind: 'temporal' },
      { key: 'gender', label: 'gender', kind: 'string' },
      { key: 'count', label: 'COUNT(*)', kind: 'numeric' },
      { key: 'SUM(num)', label: 'SUM(num)', kind: 'numeric' },
      { key: '%sum__num', label: '%sum__num', kind: 'numeric' },
    ]);
  });

  it('lists the raw columns in raw mode', () => {
    const raw = { ...AGGREGATE, query_mode: 'raw', all_columns: ['name', 'num'] };
    expect(configurableColumns(raw, DATASOURCE).map((c) => [c.key, c.kind])).toEqual([
      ['name', 'string'],
      ['num', 'numeric'],
    ]);
  });
});

describe('ColumnConfigControl', { timeout: 60_000 }, () => {
  it('writes a metric’s settings with Superset’s keys', async () => {
    const { last } = renderColumnConfig({});
    const popover = await openColumn('count');
    fireEvent.change(within(popover).getByTestId('column-config-columnWidth'), {
      target: { value: '120' },
    });
    fireEvent.click(within(popover).getByLabelText('Align center'));
    fireEvent.click(within(popover).getByTestId('column-config-showCellBars'));
    fireEvent.click(within(popover).getByTestId('column-config-alignPositiveNegative'));
    fireEvent.click(within(popover).getByTestId('column-config-colorPositiveNegative'));
    expect(last()).toEqual({
      count: {
        columnWidth: 120,
        horizontalAlign: 'center',
        showCellBars: false,
        alignPositiveNegative: true,
        colorPositiveNegative: false,
      },
    });
    fireEvent.click(within(popover).getByTestId('column-config-tab-format'));
    await pick('select-d3NumberFormat', ',d (12345.432 => 12,345)', popover);
    await pick('currency-symbol-currencyFormat', 'EUR', popover);
    expect(last().count).toMatchObject({
      d3NumberFormat: ',d',
      currencyFormat: { symbol: 'EUR', symbolPosition: 'prefix' },
    });
  });

  it('shows the chart-wide cell bar settings until a column has its own', async () => {
    renderColumnConfig({}, { ...AGGREGATE, show_cell_bars: false, align_pn: true });
    const popover = await openColumn('SUM(num)');
    const checked = (id: string) => (within(popover).getByTestId(id) as HTMLInputElement).checked;
    expect(checked('column-config-showCellBars')).toBe(false);
    expect(checked('column-config-alignPositiveNegative')).toBe(true);
    expect(checked('column-config-colorPositiveNegative')).toBe(true);
  });

  it('offers a time format for a temporal column and only layout for a text column', async () => {
    const { last } = renderColumnConfig({});
    const popover = await openColumn('ds');
    await pick('select-d3TimeFormat', '%Y-%m-%d | 2019-01-14', popover);
    expect(last()).toEqual({ ds: { d3TimeFormat: '%Y-%m-%d' } });
    await openColumn('gender');
    const forms = await screen.findAllByTestId('column-config-popover');
    const genderForm = forms.at(-1) as HTMLElement;
    expect(within(genderForm).queryByTestId('select-d3NumberFormat')).toBeNull();
    expect(within(genderForm).queryByTestId('select-d3TimeFormat')).toBeNull();
    expect(within(genderForm).queryByTestId('column-config-showCellBars')).toBeNull();
    expect(within(genderForm).getByTestId('column-config-columnWidth')).toBeTruthy();
  });

  it('removes cleared settings, emptied columns and columns the query no longer returns', async () => {
    const { last } = renderColumnConfig({
      count: { columnWidth: 80 },
      gender: { horizontalAlign: 'center' },
      dropped_metric: { d3NumberFormat: ',d' },
    });
    const popover = await openColumn('count');
    fireEvent.change(within(popover).getByTestId('column-config-columnWidth'), {
      target: { value: '' },
    });
    expect(last()).toEqual({ gender: { horizontalAlign: 'center' } });
  });

  it('resets a column to the chart’s settings', async () => {
    const { last } = renderColumnConfig({ 'SUM(num)': { d3NumberFormat: '.3s', columnWidth: 90 } });
    const popover = await openColumn('SUM(num)');
    fireEvent.click(within(popover).getByTestId('column-config-reset'));
    expect(last()).toEqual({});
  });

  it('says what to do when the query has no columns yet', () => {
    renderColumnConfig({}, { datasource: '3__table', viz_type: 'table', query_mode: 'aggregate' });
    expect(screen.getByTestId('column-config-empty-column_config').textContent).toContain(
      'Add dimensions, metrics or columns',
    );
  });
});
