import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useDashboardDispatch, useDashboardSelector } from '../state/hooks.ts';
import { activeCrossFilters, crossFilterCleared } from './crossFilters.ts';

/**
 * The cross-filters in force, as Superset's filter bar lists them: the emitting chart's name,
 * the filtered column(s) and value, and a button that clears that chart's cross-filter.
 * Pointing at one outlines the charts it reaches (`onFocus` with the filter key).
 */
export function CrossFilterList({
  horizontal = false,
  onFocus,
}: {
  horizontal?: boolean;
  onFocus?: (key: string | null) => void;
}) {
  const { token } = theme.useToken();
  const dispatch = useDashboardDispatch();
  const dataMask = useDashboardSelector((s) => s.dataMask);
  const slices = useDashboardSelector((s) => s.dashboardInfo.slices);
  const items = useMemo(() => activeCrossFilters(dataMask), [dataMask]);
  if (items.length === 0) return null;

  return (
    <Flex
      vertical={!horizontal}
      wrap={horizontal}
      gap={8}
      data-testid="cross-filters"
      style={horizontal ? { alignItems: 'center' } : { marginBottom: 16 }}
    >
      <Typography.Text strong>Cross-filters</Typography.Text>
      {items.map((item) => (
        <Flex
          key={item.key}
          align="center"
          gap={4}
          data-testid="cross-filter-item"
          data-filter-key={item.key}
          data-chart-id={item.chartId}
          onMouseEnter={() => onFocus?.(item.key)}
          onMouseLeave={() => onFocus?.(null)}
          style={{
            padding: '4px 4px 4px 8px',
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            background: token.colorFillQuaternary,
            minWidth: 0,
          }}
        >
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {slices[item.chartId]?.slice_name ?? `Chart ${item.chartId}`}
            </Typography.Text>
            <Typography.Text ellipsis style={{ display: 'block' }}>
              <Typography.Text strong>{item.columns.join(', ')}</Typography.Text> {item.label}
            </Typography.Text>
          </div>
          <Tooltip title="Clear">
            <Button
              type="text"
              size="small"
              aria-label="Clear cross-filter"
              data-testid="cross-filter-clear"
              icon={<CloseOutlined />}
              onClick={() => {
                onFocus?.(null);
                dispatch(crossFilterCleared(item.key));
              }}
            />
          </Tooltip>
        </Flex>
      ))}
    </Flex>
  );
}
