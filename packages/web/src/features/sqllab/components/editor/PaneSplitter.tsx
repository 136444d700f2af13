import { theme } from 'antd';
import { type RefObject, useCallback, useState } from 'react';

export const MIN_PANE_PERCENT = 15;
export const MAX_PANE_PERCENT = 85;

export function clampPercent(value: number): number {
  return Math.min(MAX_PANE_PERCENT, Math.max(MIN_PANE_PERCENT, Math.round(value * 10) / 10));
}

/**
 * The draggable bar between the editor (north) and the results (south). While dragging only
 * `onDrag` fires (cheap, local); `onDrop` stores the final split once.
 */
export function PaneSplitter({
  containerRef,
  northPercent,
  onDrag,
  onDrop,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  northPercent: number;
  onDrag(northPercent: number): void;
  onDrop(northPercent: number): void;
}) {
  const { token } = theme.useToken();
  const [dragging, setDragging] = useState(false);

  const onPointerDown = useCallback(
    (event: React.PointerEvent<HTMLDivElement>) => {
      const container = containerRef.current;
      if (!container) return;
      event.preventDefault();
      const target = event.currentTarget;
      target.setPointerCapture(event.pointerId);
      setDragging(true);
      const rect = container.getBoundingClientRect();
      const percentAt = (clientY: number) =>
        clampPercent(((clientY - rect.top) / rect.height) * 100);
      let last = percentAt(event.clientY);
      const move = (e: PointerEvent) => {
        last = percentAt(e.clientY);
        onDrag(last);
      };
      const up = () => {
        target.removeEventListener('pointermove', move);
        target.removeEventListener('pointerup', up);
        target.removeEventListener('pointercancel', up);
        setDragging(false);
        onDrop(last);
      };
      target.addEventListener('pointermove', move);
      target.addEventListener('pointerup', up);
      target.addEventListener('pointercancel', up);
    },
    [containerRef, onDrag, onDrop],
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable bar, not a horizontal rule
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize editor and results"
      aria-valuenow={Math.round(northPercent)}
      aria-valuemin={MIN_PANE_PERCENT}
      aria-valuemax={MAX_PANE_PERCENT}
      tabIndex={-1}
      data-testid="sqllab-splitter"
      onPointerDown={onPointerDown}
      style={{
        height: 7,
        flex: '0 0 7px',
        cursor: 'row-resize',
        background: dragging ? token.colorPrimaryBg : token.colorFillQuaternary,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        touchAction: 'none',
      }}
    >
      <div style={{ width: 36, height: 3, borderRadius: 2, background: token.colorBorder }} />
    </div>
  );
}
