import { FilterOutlined } from '@ant-design/icons';
import { crossFilterColumns } from '@tessera/shared/dashboard/crossFilters';
import { Popover, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useDashboardSelector } from '../state/hooks.ts';
import type { DashboardRootState } from '../state/store.ts';
import { filtersInState } from './chartFilters.ts';
import { columnOf, filtersReaching } from './dataMask.ts';

const NONE: Array<{ column: string }> = [];

interface Reaching {
  id: string;
  name: string;
  columns: string[];
  value: string | null;
}

/**
 * The filters with a value that reach chart `chartId` (native ones by name and column, a
 * cross-filter by its chart's name and columns), as text: a filter applied elsewhere leaves the
 * text, and so the badge, unchanged, instead of every badge of the page rendering again.
 */
function reachingText(state: DashboardRootState, chartId: number): string {
  const { filters, scopes } = filtersInState(state);
  const dataMask = state.dataMask;
  const reaching = filtersReaching(chartId, filters, scopes, dataMask).map((id): Reaching => {
    const filter = filters.find((f) => f.id === id);
    const filterState = dataMask[id]?.filterState;
    const shown = filterState?.label || filterState?.value;
    const value =
      shown === undefined || shown === null
        ? null
        : Array.isArray(shown)
          ? shown.join(', ')
          : String(shown);
    if (filter) return { id, name: filter.name, columns: [columnOf(filter)], value };
    return {
      id,
      name: state.dashboardInfo.slices[Number(id)]?.slice_name ?? `Chart ${id}`,
      columns: crossFilterColumns(dataMask[id]),
      value,
    };
  });
  return reaching.length === 0 ? '' : JSON.stringify(reaching);
}

/**
 * The filter mark in a chart's header, as Superset's: how many native filters reach the chart
 * with a value, listed on hover with their values, and those its dataset could not apply.
 */
export function FilterBadge({ chartId }: { chartId: number }) {
  const text = useDashboardSelector((s) => reachingText(s, chartId));
  const rejectedColumns = useDashboardSelector(
    (s) => s.charts[chartId]?.queriesResponse?.[0]?.rejected_filters ?? NONE,
  );
  const reaching = useMemo(() => (text ? (JSON.parse(text) as Reaching[]) : []), [text]);
  const rejected = new Set(rejectedColumns.map((r) => r.column));
  const incompatible = reaching.filter((f) => f.columns.some((c) => rejected.has(c)));
  const applied = reaching.filter((f) => !incompatible.includes(f));
  // As Superset's: the mark shows once a filter applies; incompatible ones are listed under it.
  if (applied.length === 0) return null;

  const describe = (f: Reaching) => (
    <li key={f.id}>
      <Typography.Text strong>{f.name}</Typography.Text>
      {f.value !== null && `: ${f.value}`}
    </li>
  );
  const content = (
    <div data-testid="chart-filter-badge-list" style={{ maxWidth: 320 }}>
      <Typography.Text type="secondary">Applied filters ({applied.length})</Typography.Text>
      <ul style={{ margin: '4px 0 8px', paddingLeft: 18 }}>{applied.map(describe)}</ul>
      {incompatible.length > 0 && (
        <>
          <Typography.Text type="secondary">
            Incompatible filters ({incompatible.length})
          </Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>{incompatible.map(describe)}</ul>
        </>
      )}
    </div>
  );
  return (
    <Popover content={content} placement="bottomRight">
      <Tag
        icon={<FilterOutlined />}
        color="processing"
        data-testid="chart-filter-badge"
        data-count={applied.length}
        style={{ marginInlineEnd: 0, cursor: 'default' }}
      >
        {applied.length}
      </Tag>
    </Popover>
  );
}
