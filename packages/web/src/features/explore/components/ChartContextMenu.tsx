import type { DatasourceMeta } from '@tessera/shared/viz/types';
import { Dropdown } from 'antd';
import type { ChartFilterClause } from '../../../viz/types.ts';

/** Where a chart was right-clicked and the filters of the point under the pointer. */
export interface ChartMenuPoint {
  x: number;
  y: number;
  filters: ChartFilterClause[];
}

export interface DrillRequest {
  filters: ChartFilterClause[];
  /** Set for drill by: the column to group by. */
  groupby?: string;
}

/**
 * The right-click menu of a chart, in Explore and on a dashboard alike: drill to detail (the
 * whole chart, or by the clicked point) and drill by one of the dataset's groupable columns.
 * Store-free: the host says what was clicked and handles the drill.
 */
export function ChartContextMenu({
  point,
  datasource,
  onDrill,
  onClose,
}: {
  point: ChartMenuPoint;
  datasource: DatasourceMeta | null;
  onDrill: (request: DrillRequest) => void;
  onClose: () => void;
}) {
  const groupable = (datasource?.columns ?? []).filter((c) => c.groupby !== false);
  return (
    <Dropdown
      open
      onOpenChange={(open) => !open && onClose()}
      trigger={['contextMenu']}
      menu={{
        onClick: onClose,
        items: [
          {
            key: 'detail',
            label: <span data-testid="drill-to-detail">Drill to detail</span>,
            onClick: () => onDrill({ filters: [] }),
          },
          ...(point.filters.length
            ? [
                {
                  key: 'detail-by',
                  label: (
                    <span data-testid="drill-to-detail-by">
                      Drill to detail by{' '}
                      {point.filters.map((f) => f.formattedVal ?? String(f.val)).join(', ')}
                    </span>
                  ),
                  onClick: () => onDrill({ filters: point.filters }),
                },
                {
                  key: 'drill-by',
                  label: <span data-testid="drill-by">Drill by</span>,
                  children: groupable.map((c) => ({
                    key: `by-${c.column_name}`,
                    label: (
                      <span data-testid="drill-by-column" data-column={c.column_name}>
                        {c.verbose_name || c.column_name}
                      </span>
                    ),
                    onClick: () => onDrill({ filters: point.filters, groupby: c.column_name }),
                  })),
                },
              ]
            : []),
        ],
      }}
    >
      <span
        style={{ position: 'fixed', left: point.x, top: point.y, width: 1, height: 1 }}
        data-testid="chart-context-menu"
      />
    </Dropdown>
  );
}
