import { crossFilterTargets } from '@tessera/shared/dashboard/crossFilters';
import {
  chartsInScope,
  type FilterConfigItem,
  NATIVE_FILTER_PREFIX,
  parseFilterKey,
} from '@tessera/shared/dashboard/nativeFilters';
import type { DashboardLayout } from '@tessera/shared/dashboard/position';
import { Flex, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useAppSelector } from '../../../app/store.ts';
import { focusedFilterFieldSet } from '../state/dashboardSlice.ts';
import { useDashboardDispatch, useDashboardSelector } from '../state/hooks.ts';
import { crossFilterEmitters } from './dataMask.ts';
import { FilterBar } from './FilterBar.tsx';
import { HorizontalFilterBar } from './HorizontalFilterBar.tsx';
import { useFilterStateInUrl } from './useFilterStateInUrl.ts';

const EMPTY_CONFIG: FilterConfigItem[] = [];

// The config modal (its forms, the scope tree) loads when an editor opens it.
const FiltersConfigModal = lazy(() =>
  import('./FiltersConfigModal.tsx').then((m) => ({ default: m.FiltersConfigModal })),
);

/**
 * The charts a pointed-at filter reaches, outlined (Superset highlights them likewise): a native
 * filter's scope, or for the page's `focusedFilterField` (a cross-filter's chart and column) the
 * charts that chart's cross-filter reaches.
 */
function useScopeHighlight(filterId: string | null, config: readonly FilterConfigItem[]) {
  const { token } = theme.useToken();
  const layout = useDashboardSelector((s) => s.dashboardLayout.present as DashboardLayout);
  const sliceIds = useDashboardSelector((s) => s.dashboardState.sliceIds);
  const metadata = useDashboardSelector((s) => s.dashboardInfo.info?.metadata);
  const focusedField = useDashboardSelector((s) => s.dashboardState.focusedFilterField);
  return useMemo(() => {
    const item = config.find((f) => f.id === filterId);
    const reached = item
      ? chartsInScope(item.scope, layout, sliceIds)
      : focusedField
        ? crossFilterTargets(focusedField.chartId, metadata ?? {}, layout, sliceIds)
        : [];
    if (reached.length === 0) return '';
    const selector = reached
      .map((id) => `[data-testid="dashboard-chart"][data-chart-id="${id}"]`)
      .join(',');
    return `${selector} { box-shadow: 0 0 0 2px ${token.colorPrimary}; }`;
  }, [filterId, config, layout, sliceIds, token.colorPrimary, focusedField, metadata]);
}

/**
 * The dashboard's grid with its native filter bar, shown as Superset shows it: when the
 * dashboard has filters, or to someone who may add them; never in report mode. Vertical on the
 * left, or horizontal above the grid when the flag is on and the dashboard asks for it.
 */
export function WithFilterBar({
  canEdit,
  hidden,
  children,
}: {
  canEdit: boolean;
  hidden: boolean;
  children: ReactNode;
}) {
  const config = useDashboardSelector(
    (s) => s.dashboardInfo.info?.metadata.native_filter_configuration ?? EMPTY_CONFIG,
  );
  const orientation = useDashboardSelector((s) => s.dashboardInfo.info?.filterBarOrientation);
  const horizontalFlag = useAppSelector(
    (s) => s.session.common.feature_flags.HORIZONTAL_FILTER_BAR ?? false,
  );
  const [configuring, setConfiguring] = useState(false);
  const [focused, setFocused] = useState<string | null>(null);
  const highlight = useScopeHighlight(focused, config);
  const crossFiltering = useDashboardSelector((s) => crossFilterEmitters(s.dataMask).length > 0);
  const dispatch = useDashboardDispatch();
  useFilterStateInUrl();
  if (hidden || (config.length === 0 && !canEdit && !crossFiltering)) return children;

  // A native filter's id, or a cross-filter's key `{chartId}_{column}` (the page's focused field).
  const onFocusFilter = (key: string | null) => {
    const parsed = key && !key.startsWith(NATIVE_FILTER_PREFIX) ? parseFilterKey(key) : null;
    setFocused(parsed ? null : key);
    dispatch(
      focusedFilterFieldSet(
        parsed?.kind === 'chart' ? { chartId: parsed.chartId, column: parsed.column } : null,
      ),
    );
  };
  const barProps = {
    onEditFilters: canEdit ? () => setConfiguring(true) : undefined,
    onFocusFilter,
  };
  const horizontal = horizontalFlag && orientation === 'HORIZONTAL';
  return (
    <Flex vertical={horizontal} align={horizontal ? 'stretch' : 'flex-start'} gap={8}>
      {highlight && <style data-testid="filter-scope-highlight">{highlight}</style>}
      {horizontal ? <HorizontalFilterBar {...barProps} /> : <FilterBar {...barProps} />}
      {configuring && (
        <Suspense fallback={null}>
          <FiltersConfigModal onClose={() => setConfiguring(false)} />
        </Suspense>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Flex>
  );
}
