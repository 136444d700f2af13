import { sharedControls } from '@tessera/shared/controls/sharedControls';
import type { ControlConfig } from '@tessera/shared/viz/types';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColumnsControl } from './ColumnsControl.tsx';
import { MetricsControl } from './MetricsControl.tsx';
import { isGeneratedMetricName } from './metrics.ts';
import { dropItem, pick, renderControl, SLOW } from './testing.tsx';

const METRICS = sharedControls.metrics as ControlConfig;
const METRIC = sharedControls.metric as ControlConfig;

describe('MetricsControl', { timeout: 60_000 }, () => {
  it('builds a SIMPLE metric from a column and an aggregate', async () => {
    const { onChange } = renderControl(MetricsControl, METRICS, [], 'metrics');
    fireEvent.click(screen.getByTestId('metric-metrics-add'));
    await screen.findByTestId('metric-popover', {}, SLOW);
    await pick('metric-column-select', 'num');
    await pick('metric-aggregate-select', 'SUM');
    fireEvent.click(screen.getByTestId('metric-popover-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        expressionType: 'SIMPLE',
        column: expect.objectContaining({ column_name: 'num' }),
        aggregate: 'SUM',
        label: 'SUM(num)',
        hasCustomLabel: false,
      }),
    ]);
  });

  it('keeps an edited label as a custom label', async () => {
    const { onChange } = renderControl(MetricsControl, METRIC, null, 'metric');
    fireEvent.click(screen.getByTestId('metric-metric-add'));
    await screen.findByTestId('metric-popover', {}, SLOW);
    await pick('metric-column-select', 'num');
    await pick('metric-aggregate-select', 'MAX');
    fireEvent.change(screen.getByTestId('metric-popover-label'), {
      target: { value: 'Biggest' },
    });
    fireEvent.click(screen.getByTestId('metric-popover-save'));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ aggregate: 'MAX', label: 'Biggest', hasCustomLabel: true }),
    );
  });

  it('picks a saved metric and writes custom SQL', async () => {
    const { onChange } = renderControl(MetricsControl, METRICS, ['count'], 'metrics');
    expect(screen.getByTestId('metric-metrics-chip-label').textContent).toBe('COUNT(*)');
    fireEvent.click(screen.getByTestId('metric-metrics-add'));
    fireEvent.click(await screen.findByTestId('metric-tab-sql', {}, SLOW));
    fireEvent.change(screen.getByTestId('metric-sql'), {
      target: { value: 'MAX(num) - MIN(num)' },
    });
    fireEvent.click(screen.getByTestId('metric-popover-save'));
    expect(onChange).toHaveBeenLastCalledWith([
      'count',
      expect.objectContaining({
        expressionType: 'SQL',
        sqlExpression: 'MAX(num) - MIN(num)',
        label: 'MAX(num) - MIN(num)',
      }),
    ]);
  });

  it('reopens a generated name that is not a saved metric as a simple metric', async () => {
    const { onChange } = renderControl(MetricsControl, METRICS, ['avg__num'], 'metrics');
    fireEvent.click(screen.getByTestId('metric-metrics-chip'));
    await screen.findByTestId('metric-popover', {}, SLOW);
    fireEvent.click(screen.getByTestId('metric-popover-save'));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ expressionType: 'SIMPLE', aggregate: 'AVG', label: 'AVG(num)' }),
    ]);
  });

  it('removes a chip', () => {
    const { onChange } = renderControl(MetricsControl, METRICS, ['count', 'sum__num'], 'metrics');
    fireEvent.click(screen.getAllByTestId('metric-metrics-chip-remove')[0] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(['sum__num']);
  });

  it('adds a dropped metric, and opens the Simple tab for a dropped column', async () => {
    const { onChange } = renderControl(MetricsControl, METRICS, [], 'metrics');
    dropItem(screen.getByTestId('metric-metrics-dropzone'), { type: 'metric', name: 'sum__num' });
    expect(onChange).toHaveBeenCalledWith(['sum__num']);
    dropItem(screen.getByTestId('metric-metrics-dropzone'), { type: 'column', name: 'num' });
    await screen.findByTestId('metric-popover', {}, SLOW);
    await pick('metric-aggregate-select', 'AVG');
    fireEvent.click(screen.getByTestId('metric-popover-save'));
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ expressionType: 'SIMPLE', aggregate: 'AVG', label: 'AVG(num)' }),
    ]);
  });

  it('recognises generated metric names', () => {
    expect(isGeneratedMetricName('SUM(num)')).toBe(true);
    expect(isGeneratedMetricName('DOUBLESUM(x)')).toBe(true);
    expect(isGeneratedMetricName('sum__num')).toBe(true);
    expect(isGeneratedMetricName('my metric')).toBe(false);
  });
});

describe('ColumnsControl', { timeout: 60_000 }, () => {
  it('adds a dropped column, once', () => {
    const { onChange, rerender } = renderControl(
      ColumnsControl,
      sharedControls.groupby as ControlConfig,
      [],
      'groupby',
    );
    dropItem(screen.getByTestId('column-groupby-dropzone'), { type: 'column', name: 'gender' });
    expect(onChange).toHaveBeenCalledWith(['gender']);
    expect(rerender).toBeTruthy();
  });

  it('picks a column from the popover and writes an adhoc SQL column', async () => {
    const { onChange } = renderControl(
      ColumnsControl,
      sharedControls.groupby as ControlConfig,
      ['gender'],
      'groupby',
    );
    fireEvent.click(screen.getByTestId('column-groupby-add'));
    await screen.findByTestId('column-popover', {}, SLOW);
    await pick('column-select', 'state');
    fireEvent.click(screen.getByTestId('column-popover-save'));
    expect(onChange).toHaveBeenLastCalledWith(['gender', 'state']);

    fireEvent.click(screen.getByTestId('column-groupby-add'));
    fireEvent.click(await screen.findByTestId('column-tab-sql', {}, SLOW));
    fireEvent.change(screen.getByTestId('column-sql'), { target: { value: 'UPPER(name)' } });
    fireEvent.change(screen.getByTestId('column-sql-label'), { target: { value: 'Name' } });
    fireEvent.click(screen.getByTestId('column-popover-save'));
    expect(onChange).toHaveBeenLastCalledWith([
      'gender',
      { expressionType: 'SQL', sqlExpression: 'UPPER(name)', label: 'Name' },
    ]);
  });

  it('a single x-axis replaces its column', () => {
    const { onChange } = renderControl(
      ColumnsControl,
      sharedControls.x_axis as ControlConfig,
      'ds',
      'x_axis',
    );
    expect(screen.queryByTestId('column-x_axis-add')).toBeNull();
    fireEvent.click(screen.getByTestId('column-x_axis-chip-remove'));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
