import { FilterOutlined } from '@ant-design/icons';
import { crossFilterColumns } from '@tessera/shared/dashboard/crossFilters';
import type { FilterConfigItem } from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { Popover, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useDashboardSelector } from '../state/hooks.ts';
import {
  columnOf,
  crossFilterEmitters,
  filterScopes,
  filtersReaching,
  nativeFiltersOf,
} from './dataMask.ts';

const EMPTY_CONFIG: FilterConfigItem[] = [];
const NONE: Array<{ column: string }> = [];

/**
 * The filter mark in a chart's header, as Superset's: how many native filters reach the chart
 * with a value, listed on hover with their values, and those its dataset could not apply.
 */
export function FilterBadge({ chartId }: { chartId: number }) {
  const config = useDashboardSelector(
    (s) => s.dashboardInfo.info?.metadata.native_filter_configuration ?? EMPTY_CONFIG,
  );
  const layout = useDashboardSelector((s) => s.dashboardLayout.present as DashboardLayout);
  const sliceIds = useDashboardSelector((s) => s.dashboardState.sliceIds);
  const dataMask = useDashboardSelector((s) => s.dataMask);
  const rejectedColumns = useDashboardSelector(
    (s) => s.charts[chartId]?.queriesResponse?.[0]?.rejected_filters ?? NONE,
  );
  const filters = useMemo(() => nativeFiltersOf(config), [config]);
  const metadata = useDashboardSelector((s) => s.dashboardInfo.info?.metadata);
  const crossOn = useDashboardSelector((s) => Boolean(s.dashboardInfo.info?.crossFiltersEnabled));
  const slices = useDashboardSelector((s) => s.dashboardInfo.slices);
  const emitters = useMemo(
    () => (crossOn ? crossFilterEmitters(dataMask) : []),
    [crossOn, dataMask],
  );
  const scopes = useMemo(
    () => filterScopes(filters, layout, sliceIds, { settings: metadata ?? {}, emitters }),
    [filters, layout, sliceIds, metadata, emitters],
  );
  // Native filters by name and column; a cross-filter by its chart's name and its columns.
  const reaching = filtersReaching(chartId, filters, scopes, dataMask).map((id) => {
    const filter = filters.find((f) => f.id === id);
    if (filter) return { id, name: filter.name, columns: [columnOf(filter)] };
    return {
      id,
      name: slices[Number(id)]?.slice_name ?? `Chart ${id}`,
      columns: crossFilterColumns(dataMask[id]),
    };
  });
  const rejected = new Set(rejectedColumns.map((r) => r.column));
  const incompatible = reaching.filter((f) => f.columns.some((c) => rejected.has(c)));
  const applied = reaching.filter((f) => !incompatible.includes(f));
  // As Superset's: the mark shows once a filter applies; incompatible ones are listed under it.
  if (applied.length === 0) return null;

  const describe = (f: (typeof reaching)[number]) => {
    const state = dataMask[f.id]?.filterState;
    const value = state?.label || state?.value;
    return (
      <li key={f.id}>
        <Typography.Text strong>{f.name}</Typography.Text>
        {value !== undefined &&
          value !== null &&
          `: ${Array.isArray(value) ? value.join(', ') : String(value)}`}
      </li>
    );
  };
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
