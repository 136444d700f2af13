import type { ChartListRow } from '@tessera/shared/api/charts';
import type { DraggingItem } from '../state/layoutRules.ts';

/** What every draggable of the editor carries (dnd-kit's `data`). */
export interface DragData {
  dragging: DraggingItem;
  /** Shown on the drag ghost. */
  label: string;
  /** For a chart from the builder pane: its list row, to register it with the page. */
  chart?: BuilderChart;
}

/**
 * One chart of the builder pane's list: the columns its list call asks for, of which a chart
 * always has its id, name and type.
 */
export type BuilderChart = Pick<ChartListRow, 'id' | 'slice_name' | 'viz_type'> &
  Partial<
    Pick<
      ChartListRow,
      | 'uuid'
      | 'params'
      | 'description'
      | 'datasource_id'
      | 'datasource_type'
      | 'datasource_name_text'
      | 'datasource_url'
      | 'changed_on_delta_humanized'
      | 'changed_on_utc'
      | 'thumbnail_url'
      | 'url'
    >
  > & { owners?: Array<{ id: number }> };

export const dragDataOf = (value: unknown): DragData | null =>
  value && typeof value === 'object' && 'dragging' in value ? (value as DragData) : null;
