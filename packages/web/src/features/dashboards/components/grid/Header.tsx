import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { DEFAULT_HEADER_TEXT } from '@tessera/shared/dashboard/position';
import { Typography } from 'antd';
import { memo } from 'react';

const SIZES: Record<string, 2 | 3 | 4> = {
  LARGE_HEADER: 2,
  MEDIUM_HEADER: 3,
  SMALL_HEADER: 4,
};

/** A HEADER component: a heading across its row, in the stored size (Superset's size names). */
export const Header = memo(function Header({ component }: { component: LayoutItem }) {
  const level = SIZES[component.meta.headerSize ?? ''] ?? 3;
  const background = component.meta.background === 'BACKGROUND_WHITE' ? '#fff' : undefined;
  return (
    <div
      id={component.id}
      className="dashboard-component dashboard-component-header"
      data-testid="dashboard-header-component"
      data-component-id={component.id}
      style={{ padding: '8px 12px', background }}
    >
      {/* Inherits its colour, so the dashboard's CSS can colour a header through its container. */}
      <Typography.Title level={level} style={{ margin: 0, color: 'inherit' }}>
        {component.meta.text || DEFAULT_HEADER_TEXT}
      </Typography.Title>
    </div>
  );
});
