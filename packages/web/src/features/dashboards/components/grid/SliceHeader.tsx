import { CompressOutlined, InfoCircleOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps, Tooltip } from 'antd';
import { memo } from 'react';
import { CHART_MENU_LABELS, type ChartMenuKey } from '../../charts/chartMenu.ts';
import { FilterBadge } from '../../nativeFilters/FilterBadge.tsx';

const SHARE_KEYS: ChartMenuKey[] = ['share_copy_link', 'share_email'];
const DOWNLOAD_KEYS: ChartMenuKey[] = [
  'export_csv',
  'export_pivot_csv',
  'export_full_csv',
  'export_xlsx',
  'export_full_xlsx',
  'download_image',
];

function item(key: ChartMenuKey) {
  return {
    key,
    label: (
      <span data-testid={`chart-menu-${key.replaceAll('_', '-')}`}>{CHART_MENU_LABELS[key]}</span>
    ),
  };
}

/** The menu as Superset groups it: actions, then Share and Download sub-menus. */
export function chartMenuItems(keys: ChartMenuKey[]): MenuProps['items'] {
  const plain = keys.filter((k) => !SHARE_KEYS.includes(k) && !DOWNLOAD_KEYS.includes(k));
  const share = keys.filter((k) => SHARE_KEYS.includes(k));
  const download = keys.filter((k) => DOWNLOAD_KEYS.includes(k));
  return [
    ...plain.map(item),
    ...(share.length
      ? [
          {
            key: 'share',
            label: <span data-testid="chart-menu-share">Share</span>,
            children: share.map(item),
          },
        ]
      : []),
    ...(download.length
      ? [
          {
            key: 'download',
            label: <span data-testid="chart-menu-download">Download</span>,
            children: download.map(item),
          },
        ]
      : []),
  ];
}

/** A chart's title on one line, cut with an ellipsis (here and on holders not yet in view). */
export const CHART_TITLE_TEXT: React.CSSProperties = {
  fontWeight: 600,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};
const TITLE_STYLE: React.CSSProperties = { flex: 1, minWidth: 0, ...CHART_TITLE_TEXT };
const CACHED_STYLE: React.CSSProperties = {
  fontSize: 11,
  color: 'var(--holder-text-secondary)',
};

/** The chart holder's header: title, description toggle and the action menu. */
/** Memoised: the holder re-renders with each state of its chart, the header rarely changes. */
export const SliceHeader = memo(function SliceHeader({
  title,
  description,
  onToggleDescription,
  menuKeys,
  onMenu,
  hideControls,
  isCached,
  onExitFullscreen,
  chartId,
}: {
  title: string;
  description: string | null;
  onToggleDescription: () => void;
  menuKeys: ChartMenuKey[];
  onMenu: (key: ChartMenuKey) => void;
  hideControls: boolean;
  isCached?: boolean;
  /** Set while the chart fills the window. */
  onExitFullscreen?: () => void;
  /** Shows the native filters that reach the chart. */
  chartId?: number;
}) {
  return (
    <Flex align="center" gap={6} style={{ minHeight: 28, padding: '4px 4px 4px 8px' }}>
      {/* Cut by CSS, the whole title on hover: antd's ellipsis measures each title after layout. */}
      <span title={title} style={TITLE_STYLE} data-testid="chart-title">
        {title}
      </span>
      {description && (
        <Tooltip title={description}>
          <Button
            type="text"
            size="small"
            icon={<InfoCircleOutlined />}
            aria-label="Toggle chart description"
            onClick={onToggleDescription}
            data-testid="chart-description-toggle"
          />
        </Tooltip>
      )}
      {chartId !== undefined && <FilterBadge chartId={chartId} />}
      {/* Hidden with the controls: a report's picture shows the chart, not how it was fetched. */}
      {isCached && !hideControls && (
        <span style={CACHED_STYLE} data-testid="chart-cached">
          cached
        </span>
      )}
      {onExitFullscreen && (
        <Button
          type="text"
          size="small"
          icon={<CompressOutlined />}
          aria-label="Exit fullscreen"
          onClick={onExitFullscreen}
          data-testid="chart-fullscreen-exit"
        />
      )}
      {!hideControls && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: chartMenuItems(menuKeys),
            onClick: ({ key }) => onMenu(key as ChartMenuKey),
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label="More chart actions"
            data-testid="chart-menu"
          />
        </Dropdown>
      )}
    </Flex>
  );
});
