import {
  FilterOutlined,
  PlusOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Button, Divider, Empty, Flex, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useDashboardPage } from '../pageContext.ts';
import { useDashboardSelector } from '../state/hooks.ts';
import { CrossFilterList } from './CrossFilterList.tsx';
import { FilterFields } from './FilterField.tsx';
import { useFilterBarDraft } from './useFilterBarDraft.ts';

export const FILTER_BAR_WIDTH = 260;
const COLLAPSED_WIDTH = 32;
/** The app header's height (antd's Layout.Header), sticky above the page. */
const APP_HEADER_HEIGHT = 64;

interface FilterBarProps {
  /** Opens the filter configuration modal; absent for users who may not edit. */
  onEditFilters?: () => void;
  onFocusFilter?: (filterId: string | null) => void;
}

/**
 * The vertical native filter bar, as Superset's: collapsible, one control per filter, dividers,
 * and "Apply filters" / "Clear all". Selections are a draft until applied; applying lands them
 * in the page's data mask, and only the charts they reach query again.
 */
export function FilterBar({ onEditFilters, onFocusFilter }: FilterBarProps) {
  const { token } = theme.useToken();
  const { config, fields, canApply, apply, clearAll } = useFilterBarDraft();
  const refreshing = useDashboardSelector((s) => s.dashboardState.isFiltersRefreshing);
  const [open, setOpen] = useState(useDashboardPage().url.expandFilters !== false);
  // As tall as the window below the app's header and kept in view: the buttons stay at hand.
  const top = useDashboardPage().url.hideNav ? 8 : APP_HEADER_HEIGHT + 8;
  const stuck: React.CSSProperties = {
    position: 'sticky',
    top,
    height: `calc(100vh - ${top + 8}px)`,
    borderRadius: token.borderRadius,
  };

  if (!open) {
    return (
      <Flex
        vertical
        align="center"
        gap={8}
        data-testid="filter-bar-collapsed"
        style={{
          ...stuck,
          width: COLLAPSED_WIDTH,
          paddingTop: 12,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorBgContainer,
          cursor: 'pointer',
        }}
        onClick={() => setOpen(true)}
      >
        <Button
          type="text"
          size="small"
          aria-label="Expand filter bar"
          data-testid="filter-bar-expand"
          icon={<VerticalLeftOutlined />}
        />
        <FilterOutlined style={{ color: token.colorTextSecondary }} />
      </Flex>
    );
  }

  return (
    <Flex
      vertical
      data-testid="filter-bar"
      data-filters-refreshing={refreshing ? 'true' : 'false'}
      className="filter-bar"
      style={{
        ...stuck,
        width: FILTER_BAR_WIDTH,
        flex: 'none',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '12px 12px 4px 16px' }}>
        <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
          Filters
        </Typography.Text>
        <Tooltip title="Collapse filter bar">
          <Button
            type="text"
            size="small"
            aria-label="Collapse filter bar"
            data-testid="filter-bar-collapse"
            icon={<VerticalRightOutlined />}
            onClick={() => setOpen(false)}
          />
        </Tooltip>
      </Flex>
      {onEditFilters && (
        <Button
          type="link"
          icon={<PlusOutlined />}
          data-testid="filter-add-edit"
          style={{ alignSelf: 'flex-start', paddingLeft: 16 }}
          onClick={onEditFilters}
        >
          Add/Edit filters
        </Button>
      )}
      <div style={{ flex: 1, overflowY: 'auto', padding: '8px 16px' }}>
        <CrossFilterList onFocus={onFocusFilter} />
        {config.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No filters are currently added to this dashboard."
            data-testid="filter-bar-empty"
          />
        ) : (
          <FilterFields
            {...fields}
            onFocus={onFocusFilter}
            renderDivider={(item) => (
              <div data-testid="filter-divider" style={{ marginBottom: 16 }}>
                <Typography.Text strong>{item.title}</Typography.Text>
                {item.description && (
                  <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
                    {item.description}
                  </Typography.Paragraph>
                )}
                <Divider style={{ margin: '8px 0 0' }} />
              </div>
            )}
          />
        )}
      </div>
      <Flex gap={8} style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        <Button
          style={{ flex: 1 }}
          data-testid="filter-bar-clear-all"
          disabled={config.length === 0}
          onClick={clearAll}
        >
          Clear all
        </Button>
        <Button
          type="primary"
          style={{ flex: 1 }}
          data-testid="filter-bar-apply"
          disabled={!canApply}
          onClick={apply}
        >
          Apply filters
        </Button>
      </Flex>
    </Flex>
  );
}
