import { CopyOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Progress, Spin, Tooltip, theme } from 'antd';
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { copyToClipboard, rowsToTsv, tsvRow } from './copy.ts';
import { GridBody, type GridSelection } from './GridBody.tsx';
import type { GridData, SortState } from './types.ts';
import { useGridView } from './useGridView.ts';
import './DataGrid.css';

export interface DataGridProps {
  data: GridData;
  /** Extra controls at the right of the toolbar (downloads, actions of the host). */
  toolbar?: ReactNode;
  /** Told after a copy, e.g. to show a toast: what was copied, in words. */
  onCopied?: (description: string) => void;
  onCopyFailed?: (message: string) => void;
  /** Shown in the body when there are no rows at all. */
  emptyText?: string;
  showFilter?: boolean;
  testId?: string;
  style?: CSSProperties;
}

const FILTER_DELAY_MS = 200;
const countFormat = new Intl.NumberFormat('en-US');

export function formatRowCount(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'row' : 'rows'}`;
}

/**
 * A virtualized result grid: only the rows and columns in view exist in the DOM, so a million
 * rows scroll like ten. Sticky header, resizable columns, sort by a header click, a filter box,
 * copy of a cell, a row or everything (TSV), row numbers; numbers right-aligned and grouped,
 * NULL greyed, long text cut with its full value in a tooltip.
 */
export function DataGrid({
  data,
  toolbar,
  onCopied,
  onCopyFailed,
  emptyText = 'No rows',
  showFilter = true,
  testId = 'data-grid',
  style,
}: DataGridProps) {
  const { token } = theme.useToken();
  const [sort, setSort] = useState<SortState | null>(null);
  const [filterInput, setFilterInput] = useState('');
  const [filterText, setFilterText] = useState('');
  const [selection, setSelection] = useState<GridSelection | null>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; target: GridSelection } | null>(null);
  const dataRef = useRef(data);

  // A new result starts unsorted and unfiltered.
  useEffect(() => {
    if (dataRef.current === data) return;
    dataRef.current = data;
    setSort(null);
    setSelection(null);
  }, [data]);

  useEffect(() => {
    const timer = setTimeout(() => setFilterText(filterInput), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterInput]);

  const allColumns = useMemo(() => data.columns.map((_c, index) => index), [data]);
  const view = useGridView(data, sort, filterText, allColumns);
  const dataRow = useCallback(
    (viewRow: number) => (view.order ? view.order[viewRow] : viewRow),
    [view.order],
  );

  const copy = useCallback(
    async (what: 'cell' | 'row' | 'all', target: GridSelection | null) => {
      try {
        if (what === 'all') {
          await copyToClipboard(rowsToTsv(data, view.order, allColumns));
          onCopied?.(`Copied ${formatRowCount(view.rowCount)} to the clipboard`);
        } else if (target) {
          const row = dataRow(target.row);
          if (what === 'row') {
            await copyToClipboard(tsvRow(data, row, allColumns));
            onCopied?.('Copied the row to the clipboard');
          } else {
            await copyToClipboard(data.text(row, target.column) ?? '');
            onCopied?.('Copied the cell to the clipboard');
          }
        }
      } catch (failure) {
        onCopyFailed?.(failure instanceof Error ? failure.message : String(failure));
      }
    },
    [data, view.order, view.rowCount, allColumns, dataRow, onCopied, onCopyFailed],
  );

  const cssVars = {
    '--tdg-text': token.colorText,
    '--tdg-text-secondary': token.colorTextSecondary,
    '--tdg-text-tertiary': token.colorTextTertiary,
    '--tdg-border': token.colorBorderSecondary,
    '--tdg-border-light': token.colorSplit,
    '--tdg-bg': token.colorBgContainer,
    '--tdg-header-bg': token.colorFillAlter,
    '--tdg-stripe': token.colorFillQuaternary,
    '--tdg-hover': token.controlItemBgHover,
    '--tdg-primary': token.colorPrimary,
    '--tdg-focus': token.colorPrimaryBorder,
    '--tdg-radius': `${token.borderRadius}px`,
    fontFamily: token.fontFamily,
    ...style,
  } as CSSProperties;

  const filtering = view.filterProgress !== null && view.filterProgress < 1;
  const countText =
    filterText.trim() !== ''
      ? `${countFormat.format(view.rowCount)} of ${formatRowCount(data.numRows)}`
      : formatRowCount(data.numRows);

  return (
    <div className="tdg-root" style={cssVars} data-testid={testId}>
      <div className="tdg-toolbar">
        {showFilter && (
          <Input
            allowClear
            size="small"
            prefix={<SearchOutlined />}
            placeholder="Filter rows"
            value={filterInput}
            onChange={(event) => setFilterInput(event.target.value)}
            style={{ width: 220 }}
            data-testid="data-grid-filter"
            aria-label="Filter rows"
          />
        )}
        <span className="tdg-count" data-testid="data-grid-count">
          {countText}
        </span>
        {filtering && (
          <Progress
            size="small"
            percent={Math.round((view.filterProgress ?? 0) * 100)}
            style={{ width: 90, margin: 0 }}
            data-testid="data-grid-filtering"
          />
        )}
        {view.sorting && (
          <span className="tdg-count" data-testid="data-grid-sorting">
            <Spin size="small" /> Sorting…
          </span>
        )}
        <div style={{ marginLeft: 'auto', display: 'flex', gap: 8, alignItems: 'center' }}>
          {toolbar}
          <Tooltip title="Copy all rows in view as tab-separated text">
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => copy('all', null)}
              disabled={view.rowCount === 0}
              data-testid="data-grid-copy-all"
            >
              Copy
            </Button>
          </Tooltip>
        </div>
      </div>
      <GridBody
        data={data}
        order={view.order}
        rowCount={view.rowCount}
        sort={sort}
        onSort={setSort}
        selection={selection}
        onSelect={setSelection}
        onCopySelection={(target) => copy('cell', target)}
        onContextMenu={(target, x, y) => {
          setSelection(target);
          setMenu({ target, x, y });
        }}
        emptyText={data.numRows === 0 ? emptyText : 'No rows match the filter'}
      />
      {menu && (
        <Dropdown
          open
          onOpenChange={(open) => {
            if (!open) setMenu(null);
          }}
          menu={{
            items: [
              { key: 'cell', label: 'Copy cell', 'data-testid': 'data-grid-copy-cell' },
              { key: 'row', label: 'Copy row', 'data-testid': 'data-grid-copy-row' },
              { key: 'all', label: 'Copy all rows', 'data-testid': 'data-grid-copy-rows' },
            ] as never,
            onClick: ({ key }) => {
              const target = menu.target;
              setMenu(null);
              void copy(key as 'cell' | 'row' | 'all', target);
            },
          }}
        >
          <span className="tdg-menu-anchor" style={{ left: menu.x, top: menu.y }} />
        </Dropdown>
      )}
    </div>
  );
}
