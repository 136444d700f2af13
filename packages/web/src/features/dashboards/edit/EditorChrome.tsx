import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { LayoutItem } from '@tessera/shared/dashboard/position';
import { DEFAULT_CHART_HEIGHT, GRID_BASE_UNIT } from '@tessera/shared/dashboard/position';
import { type ReactNode, type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { useDashboardDispatch, useDashboardStore } from '../state/hooks.ts';
import { MIN_ROW_UNITS, resizeBounds } from '../state/layoutRules.ts';
import { deleteComponent, resizeComponent } from '../state/layoutSlice.ts';
import type { DragData } from './dragData.ts';

/**
 * The editing frame around one component: a drag handle and a delete button (shown on hover),
 * and resize handles on the right edge (width, snapped to grid columns) and the bottom edge
 * (height, in grid rows). While resizing only an outline moves; the size is stored on release,
 * so the chart inside is drawn once, at its new size.
 */

type Edge = 'right' | 'bottom' | 'corner';

interface ChromeProps {
  item: LayoutItem;
  children: ReactNode;
  /** Grid columns of the row the component sits in (width resizing needs it). */
  parentColumns: number;
  resizeWidth?: boolean;
  resizeHeight?: boolean;
  /** Delete handled by the caller (tabs); the default deletes the component. */
  onDelete?: () => void;
  /**
   * How the tools sit: over the top right corner (block), in a gutter on the left (row), or in a
   * strip above the content (tabs: the tab bar's "+", "..." and x fill its right end at any
   * width, and a click meant for them must never reach a delete button; a column opening with
   * tabs puts its own tools in the same strip).
   */
  variant?: 'block' | 'row' | 'tabs';
}

export function EditorChrome({
  item,
  children,
  parentColumns,
  resizeWidth = false,
  resizeHeight = false,
  onDelete,
  variant = 'block',
}: ChromeProps) {
  const dispatch = useDashboardDispatch();
  const store = useDashboardStore();
  const data: DragData = { dragging: { id: item.id, type: item.type }, label: labelOf(item) };
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id: item.id, data });
  const frameRef = useRef<HTMLDivElement | null>(null);
  const ghostRef = useRef<HTMLDivElement | null>(null);

  const startResize = (edge: Edge) => (event: ReactPointerEvent<HTMLDivElement>) => {
    const frame = frameRef.current;
    const ghost = ghostRef.current;
    if (!frame || !ghost) return;
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    handle.setPointerCapture?.(event.pointerId);
    const start = { x: event.clientX, y: event.clientY };
    const rect = frame.getBoundingClientRect();
    // The row the component sits in: its width divided by the row's columns is one column.
    const rowWidth =
      frame.parentElement?.parentElement?.getBoundingClientRect().width ?? rect.width;
    const columnPx = rowWidth / parentColumns || 1;
    const layout = store.getState().dashboardLayout.present;
    const { minWidth, maxWidth } = resizeBounds(layout, item.id);
    const startWidth = item.meta.width ?? parentColumns;
    const startHeight = item.meta.height ?? DEFAULT_CHART_HEIGHT;
    let size = { width: startWidth, height: startHeight };
    const show = () => {
      ghost.style.display = 'block';
      ghost.style.width = `${edge === 'bottom' ? rect.width : size.width * columnPx}px`;
      ghost.style.height = `${edge === 'right' ? rect.height : rect.height + (size.height - startHeight) * GRID_BASE_UNIT}px`;
      ghost.dataset.size = `${size.width} × ${size.height}`;
      ghost.textContent = ghost.dataset.size;
    };
    const move = (e: PointerEvent) => {
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      size = {
        width:
          edge === 'bottom'
            ? startWidth
            : Math.min(maxWidth, Math.max(minWidth, Math.round(startWidth + dx / columnPx))),
        height:
          edge === 'right'
            ? startHeight
            : Math.max(MIN_ROW_UNITS, Math.round(startHeight + dy / GRID_BASE_UNIT)),
      };
      show();
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      ghost.style.display = 'none';
      dispatch(
        resizeComponent({
          id: item.id,
          width: resizeWidth ? size.width : undefined,
          height: resizeHeight ? size.height : undefined,
        }),
      );
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
    show();
  };

  return (
    <div
      ref={(el) => {
        frameRef.current = el;
        setNodeRef(el);
      }}
      className={`dashboard-edit-frame dashboard-edit-frame--${variant}`}
      data-testid="editable-component"
      data-component-id={item.id}
      data-component-type={item.type}
      data-dragging={isDragging ? 'true' : undefined}
    >
      <div className="dashboard-edit-tools">
        <button
          type="button"
          className="dashboard-edit-tool"
          data-testid="drag-handle"
          aria-label={`Move ${labelOf(item)}`}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
        <button
          type="button"
          className="dashboard-edit-tool"
          data-testid="delete-component"
          aria-label={`Delete ${labelOf(item)}`}
          onClick={() => (onDelete ? onDelete() : dispatch(deleteComponent(item.id)))}
        >
          <DeleteOutlined />
        </button>
      </div>
      {children}
      {resizeWidth && (
        <div
          className="dashboard-resize dashboard-resize--right"
          data-testid="resize-handle-right"
          onPointerDown={startResize('right')}
        />
      )}
      {resizeHeight && (
        <div
          className="dashboard-resize dashboard-resize--bottom"
          data-testid="resize-handle-bottom"
          onPointerDown={startResize('bottom')}
        />
      )}
      {resizeWidth && resizeHeight && (
        <div
          className="dashboard-resize dashboard-resize--corner"
          data-testid="resize-handle-corner"
          onPointerDown={startResize('corner')}
        />
      )}
      <div ref={ghostRef} className="dashboard-resize-ghost" data-testid="resize-ghost" />
    </div>
  );
}

export function labelOf(item: LayoutItem): string {
  switch (item.type) {
    case 'CHART':
      return (
        item.meta.sliceNameOverride || item.meta.sliceName || `Chart ${item.meta.chartId ?? ''}`
      );
    case 'HEADER':
      return item.meta.text || 'Header';
    case 'TAB':
      return item.meta.text || item.meta.defaultText || 'Tab';
    default:
      return item.type.charAt(0) + item.type.slice(1).toLowerCase();
  }
}
