import type { DraggingItem } from '../state/layoutRules.ts';

/** What every draggable of the editor carries (dnd-kit's `data`). */
export interface DragData {
  dragging: DraggingItem;
  /** Shown on the drag ghost. */
  label: string;
  /** For a chart from the builder pane: its list row, to register it with the page. */
  chart?: BuilderChart;
}

/** One chart of the builder pane's list (the columns its list call asks for). */
export interface BuilderChart {
  id: number;
  slice_name: string;
  viz_type: string;
  uuid?: string;
  params?: string | null;
  description?: string | null;
  datasource_id?: number | null;
  datasource_type?: string | null;
  datasource_name_text?: string | null;
  datasource_url?: string | null;
  changed_on_delta_humanized?: string;
  changed_on_utc?: string;
  thumbnail_url?: string | null;
  url?: string;
  owners?: Array<{ id: number }>;
}

export const dragDataOf = (value: unknown): DragData | null =>
  value && typeof value === 'object' && 'dragging' in value ? (value as DragData) : null;
