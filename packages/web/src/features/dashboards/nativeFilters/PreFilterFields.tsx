import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { NativeFilter } from '@tessera/shared/dashboard/nativeFilters';
import { NO_FILTER } from '@tessera/shared/time-range/index';
import type { ControlConfig, QueryFormData } from '@tessera/shared/viz/types';
import { Button, Checkbox, Flex, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { TimeRangeControl } from '../../explore/controls/TimeRangeControl.tsx';
import type { FilterDataset } from './filterDatasets.ts';

const TIME_RANGE: ControlConfig = {
  type: 'TimeRangeControl',
  label: 'Time range',
  default: NO_FILTER,
};

type AdhocFilter = {
  expressionType?: string;
  clause?: string;
  sqlExpression?: string;
  subject?: unknown;
  operator?: string;
  comparator?: unknown;
};

const isWhere = (f: AdhocFilter) => f.expressionType === 'SQL' && f.clause === 'WHERE';

/** How a pre-filter that is not a custom WHERE clause reads (e.g. one imported from Superset). */
export function describeAdhoc(f: AdhocFilter): string {
  if (f.expressionType === 'SQL') return `${f.clause ?? 'WHERE'} ${f.sqlExpression ?? ''}`;
  const value = Array.isArray(f.comparator) ? f.comparator.join(', ') : String(f.comparator ?? '');
  return `${String(f.subject ?? '')} ${f.operator ?? ''} ${value}`.trim();
}

/**
 * The pre-filter list with the WHERE clause at `index` (among the WHERE clauses) replaced, or
 * removed when `text` is null; the other adhoc filters stay where they are.
 */
export function withWhereClause(
  list: readonly AdhocFilter[],
  index: number,
  text: string | null,
): AdhocFilter[] {
  let seen = -1;
  const out: AdhocFilter[] = [];
  for (const f of list) {
    if (isWhere(f) && ++seen === index) {
      if (text !== null) out.push({ ...f, sqlExpression: text });
      continue;
    }
    out.push(f);
  }
  if (index > seen && text !== null) {
    out.push({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: text });
  }
  return out;
}

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
  const adhoc = (filter.adhoc_filters ?? []) as AdhocFilter[];
  const wheres = adhoc.filter(isWhere).map((f) => f.sqlExpression ?? '');
  const others = adhoc.filter((f) => !isWhere(f));
  const [on, setOn] = useState(
    Boolean(adhoc.length || (filter.time_range && filter.time_range !== NO_FILTER)),
  );
  const setWhere = (index: number, text: string | null) =>
    onChange({ ...filter, adhoc_filters: withWhereClause(adhoc, index, text) });
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
          {others.length > 0 && (
            <Form.Item label="Filters">
              {others.map((f, i) => (
                <Tag
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list has no ids; its order is its identity.
                  key={i}
                  closable
                  data-testid="filter-config-prefilter-other"
                  onClose={() =>
                    onChange({ ...filter, adhoc_filters: adhoc.filter((other) => other !== f) })
                  }
                >
                  {describeAdhoc(f)}
                </Tag>
              ))}
            </Form.Item>
          )}
          <Form.Item label="Custom SQL (WHERE)">
            {(wheres.length ? wheres : ['']).map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: clauses are edited in place by position.
              <Flex key={i} gap={4} style={{ marginBottom: 4 }}>
                <Input.TextArea
                  data-testid="filter-config-prefilter-where"
                  rows={2}
                  value={text}
                  onChange={(e) => setWhere(i, e.target.value || (wheres.length > 1 ? '' : null))}
                />
                {wheres.length > 1 && (
                  <Button
                    type="text"
                    aria-label="Remove clause"
                    data-testid="filter-config-prefilter-remove"
                    icon={<CloseOutlined />}
                    onClick={() => setWhere(i, null)}
                  />
                )}
              </Flex>
            ))}
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              data-testid="filter-config-prefilter-add"
              disabled={wheres.length === 0 || wheres.some((w) => !w.trim())}
              onClick={() => setWhere(wheres.length, ' ')}
            >
              Add WHERE clause
            </Button>
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
