import type { NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { NO_FILTER } from '@tessera/shared/time-range/index';
import type { ControlConfig, QueryFormData } from '@tessera/shared/viz/types';
import { Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { TimeRangeControl } from '../../explore/controls/TimeRangeControl.tsx';
import type { FilterDataset } from './filterDatasets.ts';

const TIME_RANGE: ControlConfig = {
  type: 'TimeRangeControl',
  label: 'Time range',
  default: NO_FILTER,
};

type SqlFilter = { expressionType?: string; clause?: string; sqlExpression?: string };

/** The custom WHERE clause a pre-filter keeps as a SQL adhoc filter. */
const whereOf = (filter: NativeFilter) =>
  ((filter.adhoc_filters ?? []) as SqlFilter[]).find(
    (f) => f.expressionType === 'SQL' && f.clause === 'WHERE',
  )?.sqlExpression ?? '';

/**
 * "Pre-filter available values": what limits the rows a value or range filter reads its options
 * from (a time range on a time column, a WHERE clause), as Superset's config modal offers it.
 */
export function PreFilterFields({
  filter,
  dataset,
  onChange,
}: {
  filter: NativeFilter;
  dataset: FilterDataset | null;
  onChange: (next: NativeFilter) => void;
}) {
  const where = whereOf(filter);
  const [on, setOn] = useState(
    Boolean(where || (filter.time_range && filter.time_range !== NO_FILTER)),
  );
  const temporal = (dataset?.columns ?? []).filter((c) => c.temporal);
  return (
    <>
      <Form.Item style={{ marginBottom: 8 }}>
        <Checkbox
          data-testid="filter-config-prefilter"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            if (!e.target.checked) {
              onChange({
                ...filter,
                adhoc_filters: [],
                time_range: undefined,
                granularity_sqla: undefined,
              });
            }
          }}
        >
          Pre-filter available values
        </Checkbox>
      </Form.Item>
      {on && (
        <>
          <Form.Item label="Custom SQL (WHERE)">
            <Input.TextArea
              data-testid="filter-config-prefilter-where"
              rows={2}
              value={where}
              onChange={(e) =>
                onChange({
                  ...filter,
                  adhoc_filters: e.target.value
                    ? [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: e.target.value }]
                    : [],
                })
              }
            />
          </Form.Item>
          <Form.Item label="Time range">
            <TimeRangeControl
              name={`${filter.id}-prefilter`}
              config={TIME_RANGE}
              value={filter.time_range ?? NO_FILTER}
              datasource={null}
              formData={{ datasource: '', viz_type: filter.filterType } as QueryFormData}
              onChange={(next) => onChange({ ...filter, time_range: next as string })}
            />
          </Form.Item>
          {temporal.length > 0 && (
            <Form.Item label="Time column">
              <Select
                data-testid="filter-config-prefilter-time-column"
                allowClear
                value={filter.granularity_sqla}
                options={temporal.map((c) => ({ value: c.name, label: c.label }))}
                onChange={(column?: string) => onChange({ ...filter, granularity_sqla: column })}
              />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}
