import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GridData, SortState } from './types.ts';

export interface GridSelection {
  /** View row (after sort and filter). */
  row: number;
  column: number;
}

export interface GridBodyProps {
  data: GridData;
  order: Uint32Array | null;
  rowCount: number;
  sort: SortState | null;
  onSort: (sort: SortState | null) => void;
  selection: GridSelection | null;
  onSelect: (selection: GridSelection | null) => void;
  onCopySelection: (selection: GridSelection) => void;
  onContextMenu: (selection: GridSelection, x: number, y: number) => void;
  emptyText: string;
}

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 34;
/**
 * Browsers cap an element's height (Firefox near 17.9 million px, Chrome near 33.5 million): past
 * this many pixels the scroll range is compressed and rows are placed relative to the viewport.
 */
const MAX_SCROLL_HEIGHT = 8_000_000;
const OVERSCAN_ROWS = 8;
const MIN_WIDTH = 48;
const CHAR_WIDTH = 7.4;

/** Widths from the header and the first rows' text: wide enough to read, never huge. */
function initialWidths(data: GridData): number[] {
  const sample = Math.min(data.numRows, 60);
  return data.columns.map((column, index) => {
    let longest = column.name.length + 3;
    for (let row = 0; row < sample; row += 1) {
      const text = data.display(row, index);
      if (text !== null && text.length > longest) longest = text.length;
    }
    return Math.round(Math.min(360, Math.max(72, longest * CHAR_WIDTH + 24)));
  });
}

function rowNumberWidth(rowCount: number): number {
  return Math.max(44, String(rowCount).length * 8 + 20);
}

export function GridBody(props: GridBodyProps) {
  const { data, order, rowCount, sort, onSort, selection, onSelect } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [widths, setWidths] = useState<number[]>(() => initialWidths(data));
  const [resizing, setResizing] = useState<number | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState({ width: 800, height: 400 });

  useEffect(() => {
    setWidths(initialWidths(data));
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setScrollTop(0);
  }, [data]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const gutter = rowNumberWidth(rowCount);
  const columns = useVirtualizer({
    horizontal: true,
    count: data.columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widths[index] ?? 120,
    paddingStart: gutter,
    overscan: 2,
    initialRect: { width: viewport.width, height: viewport.height },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the virtualizer re-reads widths on measure
  useEffect(() => {
    columns.measure();
  }, [widths, gutter]);

  // Rows have one height, so the window is arithmetic; a compressed scroll range (scale > 1)
  // maps the scrollbar onto the full list.
  const bodyHeight = Math.max(0, viewport.height - HEADER_HEIGHT);
  const fullHeight = rowCount * ROW_HEIGHT;
  const spacerHeight = Math.min(fullHeight, MAX_SCROLL_HEIGHT);
  const scale =
    fullHeight > spacerHeight && spacerHeight > bodyHeight
      ? (fullHeight - bodyHeight) / (spacerHeight - bodyHeight)
      : 1;
  const virtualTop = Math.min(scrollTop * scale, Math.max(0, fullHeight - bodyHeight));
  const firstRow = Math.max(0, Math.floor(virtualTop / ROW_HEIGHT) - OVERSCAN_ROWS);
  const lastRow = Math.min(
    rowCount - 1,
    Math.ceil((virtualTop + bodyHeight) / ROW_HEIGHT) + OVERSCAN_ROWS,
  );
  const rowTop = (viewRow: number) => viewRow * ROW_HEIGHT - virtualTop + scrollTop;

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (element) setScrollTop(element.scrollTop);
  }, []);

  const totalWidth = columns.getTotalSize();
  const visibleColumns = columns.getVirtualItems();

  const scrollIntoView = (target: GridSelection) => {
    const element = scrollRef.current;
    if (!element) return;
    const top = target.row * ROW_HEIGHT;
    if (top < virtualTop) element.scrollTop = top / scale;
    else if (top + ROW_HEIGHT > virtualTop + bodyHeight)
      element.scrollTop = (top + ROW_HEIGHT - bodyHeight) / scale;
    columns.scrollToIndex(target.column, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!selection) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
      // Text selected with the mouse copies as usual.
      if (window.getSelection()?.toString()) return;
      event.preventDefault();
      props.onCopySelection(selection);
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = {
      row: Math.min(rowCount - 1, Math.max(0, selection.row + move[0])),
      column: Math.min(data.columns.length - 1, Math.max(0, selection.column + move[1])),
    };
    onSelect(next);
    scrollIntoView(next);
  };

  const startResize = (index: number, event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = widths[index];
    setResizing(index);
    const move = (moveEvent: globalThis.PointerEvent) => {
      const width = Math.max(MIN_WIDTH, Math.round(startWidth + moveEvent.clientX - startX));
      setWidths((current) => {
        if (current[index] === width) return current;
        const next = [...current];
        next[index] = width;
        return next;
      });
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      setResizing(null);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  const cycleSort = (column: number) => {
    if (!sort || sort.column !== column) onSort({ column, direction: 'asc' });
    else if (sort.direction === 'asc') onSort({ column, direction: 'desc' });
    else onSort(null);
  };

  const rows = useMemo(() => {
    const list: number[] = [];
    for (let viewRow = firstRow; viewRow <= lastRow; viewRow += 1) list.push(viewRow);
    return list;
  }, [firstRow, lastRow]);

  /** The cell under a click or right-click (one listener for all cells: cheaper than one each). */
  const cellAt = (target: EventTarget): GridSelection | null => {
    const cell = (target as HTMLElement).closest?.('[data-testid="data-grid-cell"]');
    const row = cell?.parentElement?.getAttribute('data-row');
    const column = cell?.getAttribute('data-column');
    if (!cell || row == null || column == null) return null;
    return { row: Number(row), column: Number(column) };
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks on cells are delegated here; the keyboard works through onKeyDown
    <div
      ref={scrollRef}
      className="tdg-scroll"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const target = cellAt(event.target);
        if (target) onSelect(target);
      }}
      onContextMenu={(event) => {
        const target = cellAt(event.target);
        if (!target) return;
        event.preventDefault();
        props.onContextMenu(target, event.clientX, event.clientY);
      }}
      // The grid is one focus stop; arrows move the selected cell inside it.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a grid takes keyboard focus
      tabIndex={0}
      data-testid="data-grid-scroll"
      style={{ '--tdg-row-h': `${ROW_HEIGHT}px` } as React.CSSProperties}
    >
      <div
        className="tdg-header"
        style={{ width: totalWidth, height: HEADER_HEIGHT }}
        data-testid="data-grid-header"
      >
        <div
          className="tdg-corner"
          style={{ width: gutter, lineHeight: `${HEADER_HEIGHT}px` }}
          aria-hidden
        >
          #
        </div>
        {visibleColumns.map((item) => {
          const column = data.columns[item.index];
          const sorted = sort?.column === item.index ? sort.direction : null;
          return (
            <div
              key={item.key}
              className={`tdg-hcell${column.kind === 'number' ? ' tdg-num' : ''}`}
              style={{ left: item.start, width: item.size }}
              title={column.type ? `${column.name} (${column.type})` : column.name}
              data-testid="data-grid-header-cell"
              data-column={column.name}
              data-sort={sorted ?? 'none'}
            >
              <button
                type="button"
                className="tdg-hbutton"
                onClick={() => cycleSort(item.index)}
                aria-label={`Sort by ${column.name}`}
              >
                <span className="tdg-hname">{column.name}</span>
                {sorted && (
                  <span className="tdg-sort" data-testid="data-grid-sort-indicator">
                    {sorted === 'asc' ? '▲' : '▼'}
                  </span>
                )}
              </button>
              <div
                className={`tdg-resize${resizing === item.index ? ' tdg-resizing' : ''}`}
                onPointerDown={(event) => startResize(item.index, event)}
                data-testid="data-grid-resize"
              />
            </div>
          );
        })}
      </div>
      <div style={{ position: 'relative', width: totalWidth, height: spacerHeight }}>
        {rowCount === 0 && <div className="tdg-empty">{props.emptyText}</div>}
        {rows.map((viewRow) => {
          const row = order ? order[viewRow] : viewRow;
          return (
            <div
              key={viewRow}
              className={`tdg-row${viewRow % 2 === 1 ? ' tdg-odd' : ''}`}
              style={{ top: rowTop(viewRow), height: ROW_HEIGHT, width: totalWidth }}
              data-testid="data-grid-row"
              data-row={viewRow}
            >
              <div className="tdg-rownum" style={{ width: gutter }} data-testid="data-grid-rownum">
                {viewRow + 1}
              </div>
              {visibleColumns.map((item) => {
                const column = data.columns[item.index];
                const text = data.display(row, item.index);
                const selected = selection?.row === viewRow && selection.column === item.index;
                // Only text that may not fit gets a tooltip: titles on every cell cost memory.
                const long = text !== null && text.length * CHAR_WIDTH > item.size - 20;
                return (
                  <div
                    key={item.key}
                    className={`tdg-cell${column.kind === 'number' ? ' tdg-num' : ''}${selected ? ' tdg-selected' : ''}`}
                    style={{ left: item.start, width: item.size }}
                    title={long ? (text ?? undefined) : undefined}
                    data-testid="data-grid-cell"
                    data-column={item.index}
                  >
                    {text === null ? <span className="tdg-null">NULL</span> : text}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
