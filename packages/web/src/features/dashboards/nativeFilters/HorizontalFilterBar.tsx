import { InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Tooltip, Typography, theme } from 'antd';
import { useDashboardSelector } from '../state/hooks.ts';
import { CrossFilterList } from './CrossFilterList.tsx';
import { FilterFields } from './FilterField.tsx';
import { useFilterBarDraft } from './useFilterBarDraft.ts';

const CONTROL_WIDTH = 220;

/**
 * The horizontal filter bar (behind the horizontal-filter-bar flag, for dashboards whose
 * `filter_bar_orientation` is HORIZONTAL): the same filters and draft as the vertical bar, in a
 * row above the grid, with "Clear all" and "Apply filters" at its end.
 */
export function HorizontalFilterBar({
  onEditFilters,
  onFocusFilter,
}: {
  onEditFilters?: () => void;
  onFocusFilter?: (filterId: string | null) => void;
}) {
  const { token } = theme.useToken();
  const { config, fields, canApply, apply, clearAll } = useFilterBarDraft();
  const refreshing = useDashboardSelector((s) => s.dashboardState.isFiltersRefreshing);
  return (
    <Flex
      wrap
      align="flex-end"
      gap={16}
      data-testid="filter-bar"
      data-filters-refreshing={refreshing ? 'true' : 'false'}
      data-orientation="horizontal"
      className="filter-bar"
      style={{
        padding: '8px 16px 0',
        margin: '0 8px 8px',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <Typography.Text strong style={{ alignSelf: 'center', paddingBottom: 8 }}>
        Filters
      </Typography.Text>
      {config.length === 0 && (
        <Typography.Text
          type="secondary"
          data-testid="filter-bar-empty"
          style={{ alignSelf: 'center', paddingBottom: 8 }}
        >
          No filters are currently added to this dashboard.
        </Typography.Text>
      )}
      <div style={{ alignSelf: 'center', paddingBottom: 8 }}>
        <CrossFilterList horizontal onFocus={onFocusFilter} />
      </div>
      <FilterFields
        {...fields}
        onFocus={onFocusFilter}
        formStyle={{ display: 'contents' }}
        fieldStyle={{ width: CONTROL_WIDTH }}
        renderDivider={(item) => (
          <Flex
            align="center"
            data-testid="filter-divider"
            style={{ alignSelf: 'stretch', paddingBottom: 16 }}
          >
            <Divider orientation="vertical" style={{ height: '100%' }} />
            <Typography.Text strong>{item.title}</Typography.Text>
            {item.description && (
              <Tooltip title={item.description}>
                <InfoCircleOutlined style={{ marginLeft: 6, opacity: 0.6 }} />
              </Tooltip>
            )}
          </Flex>
        )}
      />
      <Flex gap={8} align="center" style={{ marginLeft: 'auto', paddingBottom: 16 }}>
        {onEditFilters && (
          <Button
            type="link"
            icon={<PlusOutlined />}
            data-testid="filter-add-edit"
            onClick={onEditFilters}
          >
            Add/Edit filters
          </Button>
        )}
        <Button
          data-testid="filter-bar-clear-all"
          disabled={config.length === 0}
          onClick={clearAll}
        >
          Clear all
        </Button>
        <Button type="primary" data-testid="filter-bar-apply" disabled={!canApply} onClick={apply}>
          Apply filters
        </Button>
      </Flex>
    </Flex>
  );
}
