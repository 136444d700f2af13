import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { GRID_COLUMN_COUNT } from '@tessera/shared/dashboard/position';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** The share of its parent a component of `width` grid columns takes, as a CSS percentage. */
export function widthPercent(width: number | undefined, parentColumns = GRID_COLUMN_COUNT) {
  const columns = Math.max(1, Math.min(width ?? parentColumns, parentColumns));
  return `${(columns / parentColumns) * 100}%`;
}

/** One child of a row: its width in grid columns of the parent; gutters are padding. */
export function GridCell({
  width,
  parentColumns,
  children,
  style,
}: {
  width: number | undefined;
  parentColumns?: number;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const percent = widthPercent(width, parentColumns);
  return (
    <div style={{ flex: `0 0 ${percent}`, maxWidth: percent, minWidth: 0, ...style }}>
      {children}
    </div>
  );
}

/** A ROW: its children side by side, left to right. */
export function Row({ component, children }: { component: LayoutItem; children: ReactNode }) {
  const { token } = theme.useToken();
  const white = component.meta.background === 'BACKGROUND_WHITE';
  return (
    <div
      data-testid="dashboard-row"
      data-component-id={component.id}
      style={{
        display: 'flex',
        flexWrap: 'nowrap',
        alignItems: 'flex-start',
        width: '100%',
        background: white ? token.colorBgContainer : undefined,
      }}
    >
      {children}
    </div>
  );
}

/** A COLUMN: its children stacked top to bottom, as wide as the column. */
export function Column({ component, children }: { component: LayoutItem; children: ReactNode }) {
  const { token } = theme.useToken();
  const white = component.meta.background === 'BACKGROUND_WHITE';
  return (
    <div
      data-testid="dashboard-column"
      data-component-id={component.id}
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        background: white ? token.colorBgContainer : undefined,
      }}
    >
      {children}
    </div>
  );
}
