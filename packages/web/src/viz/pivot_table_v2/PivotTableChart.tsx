import { theme as antdTheme } from 'antd';
import { type CSSProperties, type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import type { ChartFilterClause } from '../types.ts';
import { type Key, type KeyNode, orderedKeys } from './pivot.ts';
import type { PivotTableProps } from './transformProps.ts';

/**
 * The pivot table: row groups (collapsible when there are several row levels), column groups
 * with colspans, metrics as columns or rows, subtotals and totals. Clicking a row header
 * cross-filters by its values; right-clicking a cell drills into it.
 */

interface Leaf {
  colKey: Key;
  subtotal: boolean;
  total: boolean;
  metric: string | null;
}

interface DisplayRow {
  rowKey: Key;
  subtotal: boolean;
  total: boolean;
  metric: string | null;
}

const TOTAL = 'Total';
const SUBTOTAL = 'Subtotal';

function leafPath(
  leaf: Leaf,
  props: PivotTableProps,
  formatKey: (l: number, v: unknown) => string,
) {
  const dims = props.colDims.map((_, level) => {
    if (leaf.total) return level === 0 ? TOTAL : '';
    if (level < leaf.colKey.length) return formatKey(level, leaf.colKey[level]);
    return leaf.subtotal && level === leaf.colKey.length ? SUBTOTAL : '';
  });
  if (props.metricsLayout === 'ROWS' || leaf.metric === null) return dims;
  const metric = props.metricNames[leaf.metric] ?? leaf.metric;
  return props.combineMetric ? [...dims, metric] : [metric, ...dims];
}

export function PivotTableChart(props: PivotTableProps) {
  const { width, height, rowDims, colDims, metrics, pivot, hooks } = props;
  const { token } = antdTheme.useToken();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const first = metrics[0] as string;

  const rowNodes = useMemo(
    () =>
      orderedKeys(pivot.rowKeys, rowDims.length, {
        order: props.rowOrder,
        subtotals: props.rowSubTotals,
        groupValue: (prefix) => {
          const v = pivot.value(prefix, [], first);
          return typeof v === 'number' ? v : 0;
        },
        collapsed,
      }),
    [pivot, rowDims.length, props.rowOrder, props.rowSubTotals, collapsed, first],
  );

  const byMetric = props.metricsLayout === 'COLUMNS';
  const colNodes: Array<KeyNode & { total: boolean }> = [
    ...props.colNodes.map((n) => ({ ...n, total: false })),
    ...(props.rowTotals && colDims.length ? [{ key: [], subtotal: false, total: true }] : []),
  ];
  const leafOf = (n: KeyNode & { total: boolean }, metric: string | null): Leaf => ({
    colKey: n.key,
    subtotal: n.subtotal,
    total: n.total,
    metric,
  });
  const leaves: Leaf[] = byMetric
    ? props.combineMetric
      ? colNodes.flatMap((n) => metrics.map((metric) => leafOf(n, metric)))
      : metrics.flatMap((metric) => colNodes.map((n) => leafOf(n, metric)))
    : colNodes.map((n) => leafOf(n, null));

  const baseRows: DisplayRow[] = [
    ...rowNodes.map((n) => ({ rowKey: n.key, subtotal: n.subtotal, total: false })),
    ...(props.colTotals && rowDims.length ? [{ rowKey: [], subtotal: false, total: true }] : []),
  ].map((r) => ({ ...r, metric: null }));
  const displayRows: DisplayRow[] = byMetric
    ? baseRows
    : baseRows.flatMap((r) => metrics.map((metric) => ({ ...r, metric })));

  const colKeyFormat = (level: number, v: unknown) => props.formatKey(colDims[level] as string, v);
  const paths = leaves.map((leaf) => leafPath(leaf, props, colKeyFormat));
  const headerDepth = Math.max(1, paths[0]?.length ?? 1);
  const rowHeaderCount = rowDims.length + (byMetric ? 0 : 1);

  const border = `1px solid ${token.colorBorderSecondary}`;
  const th: CSSProperties = {
    padding: '4px 8px',
    border,
    background: token.colorFillQuaternary,
    fontWeight: 600,
    whiteSpace: 'nowrap',
    textAlign: 'left',
  };
  const td: CSSProperties = {
    padding: '4px 8px',
    border,
    textAlign: 'right',
    whiteSpace: 'nowrap',
  };

  const headerRows: ReactNode[] = [];
  for (let level = 0; level < headerDepth; level++) {
    const cells: ReactNode[] = [];
    let i = 0;
    while (i < leaves.length) {
      const prefix = JSON.stringify(paths[i]?.slice(0, level + 1));
      let span = 1;
      while (
        i + span < leaves.length &&
        JSON.stringify(paths[i + span]?.slice(0, level + 1)) === prefix
      )
        span++;
      cells.push(
        <th key={`${level}-${i}`} colSpan={span} style={th}>
          {paths[i]?.[level] ?? ''}
        </th>,
      );
      i += span;
    }
    const corner =
      level === headerDepth - 1
        ? [...rowDims, ...(byMetric ? [] : ['Metric'])].map((label) => (
            <th key={`corner-${label}`} style={th}>
              {label}
            </th>
          ))
        : [<th key="corner" colSpan={rowHeaderCount || 1} style={th} />];
    headerRows.push(
      <tr key={`h${level}`}>
        {corner}
        {cells}
      </tr>,
    );
  }

  const toggle = (key: Key) => {
    const id = JSON.stringify(key);
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const crossFilter = (key: Key) => {
    if (!hooks.setDataMask || key.length === 0) return;
    const dims = rowDims.slice(0, key.length);
    const same = dims.every((d, i) => (props.selected[d] ?? []).includes(key[i]));
    if (same && Object.keys(props.selected).length === dims.length) {
      hooks.setDataMask({ extraFormData: {}, filterState: { value: null, selectedValues: null } });
      return;
    }
    hooks.setDataMask({
      extraFormData: {
        filters: dims.map((col, i) =>
          key[i] === null ? { col, op: 'IS NULL' } : { col, op: 'IN', val: [key[i]] },
        ),
      },
      filterState: {
        value: Object.fromEntries(dims.map((d, i) => [d, [key[i]]])),
        selectedValues: [key],
        label: key.map((v, i) => props.formatKey(dims[i] as string, v)).join(', '),
      },
    });
  };

  const clauses = (dims: string[], key: Key): ChartFilterClause[] =>
    dims
      .slice(0, key.length)
      .map((col, i) =>
        key[i] === null
          ? { col, op: 'IS NULL' }
          : { col, op: '==', val: key[i], formattedVal: props.formatKey(col, key[i]) },
      );
  const onMenu = (event: MouseEvent, row: DisplayRow, leaf: Leaf) => {
    if (!hooks.onContextMenu) return;
    event.preventDefault();
    hooks.onContextMenu(event.clientX, event.clientY, [
      ...clauses(rowDims, row.rowKey),
      ...clauses(colDims, leaf.colKey),
    ]);
  };

  const bodyRows = displayRows.map((row, r) => {
    const previous = displayRows[r - 1];
    const headerCells: ReactNode[] = rowDims.map((dim, level) => {
      let label = '';
      let toggleable = false;
      const prefix = JSON.stringify(row.rowKey.slice(0, level + 1));
      const repeated =
        previous !== undefined &&
        !previous.total &&
        JSON.stringify(previous.rowKey.slice(0, level + 1)) === prefix &&
        previous.rowKey.length >= Math.min(level + 1, row.rowKey.length);
      if (row.total) label = level === 0 && !(previous?.total ?? false) ? TOTAL : '';
      else if (level < row.rowKey.length) {
        label = repeated ? '' : props.formatKey(dim, row.rowKey[level]);
        toggleable = level < rowDims.length - 1 && label !== '';
      } else if (
        row.subtotal &&
        level === row.rowKey.length &&
        !(previous?.subtotal && JSON.stringify(previous.rowKey) === JSON.stringify(row.rowKey))
      ) {
        label = SUBTOTAL;
      }
      const key = row.rowKey.slice(0, level + 1);
      const isCollapsed = collapsed.has(JSON.stringify(key));
      const selected = (props.selected[dim] ?? []).includes(row.rowKey[level]);
      return (
        <th
          key={dim}
          style={{
            ...th,
            fontWeight: row.total || row.subtotal ? 700 : 600,
            ...(selected ? { background: token.colorPrimaryBg } : {}),
          }}
        >
          {toggleable ? (
            <button
              type="button"
              aria-label={isCollapsed ? `Expand ${label}` : `Collapse ${label}`}
              onClick={() => toggle(key)}
              style={{
                border: 'none',
                background: 'none',
                cursor: 'pointer',
                padding: '0 4px 0 0',
              }}
            >
              {isCollapsed ? '▸' : '▾'}
            </button>
          ) : null}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: cross-filter shortcut; the filter bar is the keyboard path. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above. */}
          <span
            style={{ cursor: hooks.setDataMask ? 'pointer' : undefined }}
            onClick={() => label && !row.total && crossFilter(key)}
          >
            {label}
          </span>
        </th>
      );
    });
    if (!byMetric) {
      headerCells.push(
        <th key="metric" style={th}>
          {row.metric ? (props.metricNames[row.metric] ?? row.metric) : row.metric}
        </th>,
      );
    }
    return (
      <tr key={`${JSON.stringify(row.rowKey)}-${row.subtotal}-${row.total}-${row.metric}`}>
        {headerCells}
        {leaves.map((leaf, c) => {
          const metric = (leaf.metric ?? row.metric) as string;
          const value = pivot.value(row.rowKey, leaf.colKey, metric);
          const plain = !row.total && !row.subtotal && !leaf.total && !leaf.subtotal;
          const color = plain ? props.cellColor(metric, value) : undefined;
          const strong = !plain;
          return (
            <td
              // biome-ignore lint/suspicious/noArrayIndexKey: leaves are positional columns.
              key={c}
              onContextMenu={(e) => onMenu(e, row, leaf)}
              style={{
                ...td,
                ...(strong ? { fontWeight: 600 } : {}),
                ...(color ? { background: color } : {}),
              }}
            >
              {props.formatValue(value)}
            </td>
          );
        })}
      </tr>
    );
  });

  return (
    <div style={{ width, height, overflow: 'auto', fontSize: 13 }} data-testid="pivot-table-chart">
      <table style={{ borderCollapse: 'collapse', minWidth: '50%' }}>
        <thead>{headerRows}</thead>
        <tbody>{bodyRows}</tbody>
      </table>
    </div>
  );
}
