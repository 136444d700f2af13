import { displayText, plainText } from '../../../../components/DataGrid/format.ts';
import { type RowColumn, rowGridData } from '../../../../components/DataGrid/rowData.ts';
import type { GridData } from '../../../../components/DataGrid/types.ts';

/**
 * Superset's JSON carries times as `isoformat()` text (`2001-01-01T00:01:00`), the Arrow stream
 * as numbers: read as they come, a result of 10,000 rows and one of 10,001 showed two formats.
 * Times in the JSON rows are read as instants, so both paths draw, copy and sort them alike.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d{1,3})?\d*(Z|[+-]\d{2}:\d{2})?$/;

/** Epoch milliseconds of a JSON date or time (UTC when it names no zone), else null. */
export function instantOf(text: string): number | null {
  if (DATE_ONLY.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, date, time, fraction = '', zone = 'Z'] = match;
  const ms = Date.parse(`${date}T${time}${fraction}${zone}`);
  return Number.isNaN(ms) ? null : ms;
}

/** A grid over a JSON result whose time columns read like the Arrow path's. */
export function jsonResultGridData(
  rows: readonly Record<string, unknown>[],
  columns: readonly RowColumn[],
): GridData {
  const base = rowGridData(rows, columns);
  const temporal = base.columns.map((column) => column.kind === 'temporal');
  if (!temporal.includes(true)) return base;
  const value = (row: number, column: number): unknown => {
    const raw = base.value(row, column);
    if (!temporal[column] || typeof raw !== 'string') return raw;
    return instantOf(raw) ?? raw;
  };
  const dateOnly = (row: number, column: number) => {
    const raw = base.value(row, column);
    return typeof raw === 'string' && DATE_ONLY.test(raw);
  };
  return {
    numRows: base.numRows,
    columns: base.columns,
    value,
    text: (row, column) =>
      temporal[column]
        ? plainText(value(row, column), 'temporal', dateOnly(row, column))
        : base.text(row, column),
    display: (row, column) =>
      temporal[column]
        ? displayText(value(row, column), 'temporal', dateOnly(row, column))
        : base.display(row, column),
  };
}
