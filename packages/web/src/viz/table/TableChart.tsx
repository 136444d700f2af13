import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { theme as antdTheme, Input, Pagination, Select } from 'antd';
import { type CSSProperties, type MouseEvent, useMemo, useRef, useState } from 'react';
import { nullsLast } from '../common/ordering.ts';
import type { ChartFilterClause } from '../types.ts';
import { NULL_TEXT, type TableChartProps, type TableColumn } from './transformProps.ts';

/**
 * The table chart: a virtualized grid (10,000 rows scroll smoothly), sortable headers, search,
 * client-side or server-side pages, cell bars, conditional colours, a summary row, and
 * cross-filters by clicking a dimension cell.
 */

const ROW_HEIGHT = 32;
const SEARCH_HEIGHT = 40;
const PAGER_HEIGHT = 40;

type Sort = { key: string; desc: boolean } | null;

function cellBar(column: TableColumn, value: unknown): string | null {
  if (!column.showCellBar || typeof value !== 'number') return null;
  const color = column.colorPositiveNegative
    ? value < 0
      ? 'rgba(230, 70, 60, 0.25)'
      : 'rgba(90, 193, 137, 0.3)'
    : 'rgba(0, 0, 0, 0.1)';
  let left: number;
  let width: number;
  if (column.alignPositiveNegative) {
    const extent = Math.max(Math.abs(column.min), Math.abs(column.max)) || 1;
    left = 0;
    width = Math.abs(value) / extent;
  } else {
    const positive = Math.max(column.max, 0);
    const negative = Math.abs(Math.min(column.min, 0));
    const total = positive + negative || 1;
    left = (negative + Math.min(value, 0)) / total;
    width = Math.abs(value) / total;
  }
  const from = `${(left * 100).toFixed(2)}%`;
  const to = `${((left + width) * 100).toFixed(2)}%`;
  return `linear-gradient(to right, transparent ${from}, ${color} ${from}, ${color} ${to}, transparent ${to})`;
}

function rowClauses(props: TableChartProps, row: Record<string, unknown>): ChartFilterClause[] {
  return props.filterColumns.map((col) => {
    const value = row[col];
    return value === null || value === undefined
      ? { col, op: 'IS NULL', formattedVal: NULL_TEXT }
      : { col, op: '==', val: value, formattedVal: String(value) };
  });
}

export function TableChart(props: TableChartProps) {
  const { width, height, columns, hooks, serverPagination } = props;
  const { token } = antdTheme.useToken();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const serverSort = (
    props.ownState.sortBy as Array<{ key: string; desc?: boolean }> | undefined
  )?.[0];
  const activeSort: Sort = serverPagination
    ? serverSort
      ? { key: serverSort.key, desc: Boolean(serverSort.desc) }
      : null
    : sort;

  const visibleRows = useMemo(() => {
    if (serverPagination) return props.rows;
    let rows = props.rows;
    const needle = search.trim().toLowerCase();
    if (needle) {
      rows = rows.filter((row) =>
        columns.some((c) => c.format(row[c.key]).toLowerCase().includes(needle)),
      );
    }
    if (sort) {
      rows = [...rows].sort(nullsLast((row) => row[sort.key], sort.desc));
    }
    return rows;
  }, [props.rows, columns, search, sort, serverPagination]);

  const clientPaged = !serverPagination && props.pageLength > 0;
  const pageCount = clientPaged ? Math.max(1, Math.ceil(visibleRows.length / props.pageLength)) : 1;
  const currentPage = Math.min(page, pageCount - 1);
  const rows = clientPaged
    ? visibleRows.slice(currentPage * props.pageLength, (currentPage + 1) * props.pageLength)
    : visibleRows;
  const showPager = serverPagination || clientPaged;
  const showSearch = props.includeSearch;
  const bodyHeight = height - (showSearch ? SEARCH_HEIGHT : 0) - (showPager ? PAGER_HEIGHT : 0);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width, height: bodyHeight },
    // The box size is known from the props; an unmeasured element (hidden tab, jsdom) uses it.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height ? rect : { width: rect.width || width, height: bodyHeight }),
      ),
  });

  const template = columns.map((c) => (c.width ? `${c.width}px` : 'minmax(110px, 1fr)')).join(' ');
  const gridStyle: CSSProperties = { display: 'grid', gridTemplateColumns: template };
  const border = `1px solid ${token.colorBorderSecondary}`;

  const toggleSort = (key: string) => {
    const next: Sort =
      activeSort?.key !== key ? { key, desc: false } : activeSort.desc ? null : { key, desc: true };
    if (serverPagination) {
      hooks.onChangeOwnState?.({
        ...props.ownState,
        sortBy: next ? [next] : [],
        currentPage: 0,
      });
    } else {
      setSort(next);
    }
  };

  const onCellClick = (column: TableColumn, value: unknown) => {
    if (column.kind !== 'dimension' || !hooks.setDataMask) return;
    const current = props.selected[column.key] ?? [];
    if (current.includes(value)) {
      hooks.setDataMask({ extraFormData: {}, filterState: { value: null, selectedValues: null } });
      return;
    }
    const isNull = value === null || value === undefined;
    hooks.setDataMask({
      extraFormData: {
        filters: [
          isNull ? { col: column.key, op: 'IS NULL' } : { col: column.key, op: 'IN', val: [value] },
        ],
      },
      filterState: {
        value: { [column.key]: [value] },
        selectedValues: [value],
        label: column.format(value),
      },
    });
  };

  const onRowMenu = (event: MouseEvent, row: Record<string, unknown>) => {
    if (!hooks.onContextMenu) return;
    event.preventDefault();
    hooks.onContextMenu(event.clientX, event.clientY, rowClauses(props, row));
  };

  const cellStyle = (column: TableColumn, value: unknown): CSSProperties => {
    const bar = cellBar(column, value);
    const color = props.cellColor(column.key, value);
    const selected = (props.selected[column.key] ?? []).includes(value);
    const layers = [bar, color ? `linear-gradient(${color}, ${color})` : null].filter(Boolean);
    return {
      padding: '0 8px',
      lineHeight: `${ROW_HEIGHT}px`,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      textAlign: column.align,
      borderBottom: border,
      cursor: column.kind === 'dimension' && hooks.setDataMask ? 'pointer' : undefined,
      ...(layers.length ? { background: layers.join(', ') } : {}),
      ...(selected ? { backgroundColor: token.colorPrimaryBg, fontWeight: 600 } : {}),
    };
  };

  return (
    <div
      style={{ width, height, display: 'flex', flexDirection: 'column', fontSize: 13 }}
      data-testid="table-chart"
    >
      {showSearch ? (
        <div style={{ height: SEARCH_HEIGHT, display: 'flex', gap: 8, alignItems: 'center' }}>
          {serverPagination ? (
            <Select
              size="small"
              style={{ minWidth: 140 }}
              aria-label="Search column"
              value={
                (props.ownState.searchColumn as string | undefined) ??
                props.filterColumns[0] ??
                columns[0]?.key
              }
              options={columns
                .filter((c) => !c.numeric)
                .map((c) => ({ value: c.key, label: c.label }))}
              onChange={(value) =>
                hooks.onChangeOwnState?.({ ...props.ownState, searchColumn: value, currentPage: 0 })
              }
            />
          ) : null}
          <Input.Search
            size="small"
            allowClear
            placeholder={`Search ${serverPagination ? props.rowCount : visibleRows.length} records`}
            aria-label="Search"
            style={{ maxWidth: 280 }}
            defaultValue={(props.ownState.searchText as string | undefined) ?? ''}
            onChange={
              serverPagination
                ? undefined
                : (e) => {
                    setSearch(e.target.value);
                    setPage(0);
                  }
            }
            onSearch={(text) => {
              if (!serverPagination) return;
              hooks.onChangeOwnState?.({
                ...props.ownState,
                searchColumn:
                  (props.ownState.searchColumn as string | undefined) ??
                  props.filterColumns[0] ??
                  columns.find((c) => !c.numeric)?.key,
                searchText: text,
                currentPage: 0,
              });
            }}
          />
        </div>
      ) : null}
      <div ref={scrollRef} style={{ height: bodyHeight, overflow: 'auto', position: 'relative' }}>
        <table style={{ display: 'grid', borderCollapse: 'collapse', borderSpacing: 0 }}>
          <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 2 }}>
            <tr
              style={{
                ...gridStyle,
                position: 'sticky',
                top: 0,
                zIndex: 2,
                background: token.colorBgContainer,
                fontWeight: 600,
              }}
            >
              {columns.map((c) => (
                <th
                  key={c.key}
                  aria-sort={
                    activeSort?.key === c.key
                      ? activeSort.desc
                        ? 'descending'
                        : 'ascending'
                      : 'none'
                  }
                  onClick={() => toggleSort(c.key)}
                  onKeyDown={(e) => e.key === 'Enter' && toggleSort(c.key)}
                  tabIndex={0}
                  title={c.label}
                  style={{
                    padding: '0 8px',
                    lineHeight: `${ROW_HEIGHT}px`,
                    borderBottom: `2px solid ${token.colorBorder}`,
                    cursor: 'pointer',
                    textAlign: c.align,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    userSelect: 'none',
                  }}
                >
                  {c.label}
                  {activeSort?.key === c.key ? (activeSort.desc ? ' ▼' : ' ▲') : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index] as Record<string, unknown>;
              return (
                <tr
                  key={item.key}
                  onContextMenu={(e) => onRowMenu(e, row)}
                  style={{
                    ...gridStyle,
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {columns.map((c) => (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the cross-filter is a mouse shortcut; the filter bar is the keyboard path.
                    <td
                      key={c.key}
                      style={cellStyle(c, row[c.key])}
                      onClick={() => onCellClick(c, row[c.key])}
                    >
                      {c.format(row[c.key])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
          {props.totals ? (
            <tfoot style={{ display: 'grid', position: 'sticky', bottom: 0, zIndex: 2 }}>
              <tr
                data-testid="table-totals"
                style={{
                  ...gridStyle,
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 2,
                  // The fill is translucent: over the container's colour, so the rows scrolling
                  // under the sticky row do not show through it.
                  backgroundColor: token.colorBgContainer,
                  backgroundImage: `linear-gradient(${token.colorFillSecondary}, ${token.colorFillSecondary})`,
                  fontWeight: 600,
                }}
              >
                {columns.map((c, i) => (
                  <td key={c.key} style={{ ...cellStyle(c, null), background: undefined }}>
                    {c.kind === 'metric'
                      ? c.format((props.totals as Record<string, unknown>)[c.key])
                      : c.kind === 'percent'
                        ? c.format(1)
                        : i === 0
                          ? 'Summary'
                          : ''}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {showPager ? (
        <div style={{ height: PAGER_HEIGHT, display: 'flex', alignItems: 'center' }}>
          {serverPagination ? (
            <Pagination
              size="small"
              current={props.currentPage + 1}
              pageSize={props.serverPageSize}
              total={props.rowCount}
              showSizeChanger
              pageSizeOptions={[10, 20, 50, 100, 200]}
              onChange={(p, size) =>
                hooks.onChangeOwnState?.({ ...props.ownState, currentPage: p - 1, pageSize: size })
              }
            />
          ) : (
            <Pagination
              size="small"
              current={currentPage + 1}
              pageSize={props.pageLength}
              total={visibleRows.length}
              showSizeChanger={false}
              onChange={(p) => setPage(p - 1)}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
