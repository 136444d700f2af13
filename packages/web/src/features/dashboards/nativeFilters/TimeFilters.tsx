import { TIME_GRAINS } from '@tessera/shared/controls/options';
import type { DataMask, NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { NO_FILTER } from '@tessera/shared/time-range/index';
import type { ControlConfig, QueryFormData } from '@tessera/shared/viz/types';
import { Select } from 'antd';
import { TimeRangeControl } from '../../explore/controls/TimeRangeControl.tsx';
import { useDashboardSelector } from '../state/hooks.ts';
import { timeDataMask } from './dataMask.ts';

interface TimeFilterProps {
  filter: NativeFilter;
  mask: DataMask | undefined;
  onChange: (mask: DataMask) => void;
  invalid: boolean;
}

const selectedText = (mask: DataMask | undefined) => {
  const value = mask?.filterState?.value;
  return typeof value === 'string' && value !== '' ? value : null;
};

const TIME_RANGE_CONFIG: ControlConfig = {
  type: 'TimeRangeControl',
  label: 'Time range',
  default: NO_FILTER,
};

/** A time range filter: Explore's time-range picker; "No filter" applies nothing. */
export function TimeRangeFilter({ filter, mask, onChange }: TimeFilterProps) {
  return (
    <TimeRangeControl
      name={filter.id}
      config={TIME_RANGE_CONFIG}
      value={selectedText(mask) ?? NO_FILTER}
      datasource={null}
      formData={{ datasource: '', viz_type: 'filter_time' } as QueryFormData}
      onChange={(next) =>
        onChange(timeDataMask(filter, next === NO_FILTER ? null : (next as string)))
      }
    />
  );
}

/** A choice among fixed options (a time column, a time grain), one value at a time. */
function OptionFilter({
  filter,
  mask,
  onChange,
  invalid,
  options,
  testId,
}: TimeFilterProps & { options: Array<{ value: string; label: string }>; testId: string }) {
  return (
    <Select
      data-testid={testId}
      aria-label={filter.name}
      allowClear
      style={{ width: '100%' }}
      status={invalid ? 'error' : undefined}
      placeholder={`${options.length} option(s)`}
      value={selectedText(mask) ?? undefined}
      options={options}
      onChange={(next?: string) => onChange(timeDataMask(filter, next ?? null))}
    />
  );
}

/** A time column filter: which temporal column of its dataset the charts filter time on. */
export function TimeColumnFilter(props: TimeFilterProps) {
  const datasetId = props.filter.targets[0]?.datasetId;
  const columns = useDashboardSelector(
    (s) => s.dashboardInfo.datasources[`${datasetId}__table`]?.columns,
  );
  const options = (columns ?? [])
    .filter((c) => c.is_dttm)
    .map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }));
  return <OptionFilter {...props} options={options} testId="filter-time-column" />;
}

const GRAIN_OPTIONS = TIME_GRAINS.map(([value, label]) => ({ value: String(value), label }));

/** A time grain filter: the grain the charts' time axes are bucketed by. */
export function TimeGrainFilter(props: TimeFilterProps) {
  return <OptionFilter {...props} options={GRAIN_OPTIONS} testId="filter-time-grain" />;
}
