import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { Divider as AntDivider } from 'antd';
import { memo } from 'react';

/** A DIVIDER component: a rule across the grid. */
export const Divider = memo(function Divider({ component }: { component: LayoutItem }) {
  return (
    <div
      className="dashboard-component dashboard-component-divider"
      data-testid="dashboard-divider"
      data-component-id={component.id}
      style={{ padding: '0 8px' }}
    >
      <AntDivider style={{ margin: '12px 0' }} />
    </div>
  );
});
