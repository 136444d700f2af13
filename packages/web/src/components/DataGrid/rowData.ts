import { displayText, kindFromGeneric, plainText } from './format.ts';
import type { ColumnKind, GridColumn, GridData } from './types.ts';

export interface RowColumn {
  name: string;
  type?: string | null;
  /** Superset's type_generic (0 numeric, 1 string, 2 temporal, 3 boolean). */
  type_generic?: number | null;
  kind?: ColumnKind;
}

function guessKind(rows: readonly Record<string, unknown>[], name: string): ColumnKind {
  for (let i = 0; i < Math.min(rows.length, 50); i += 1) {
    const value = rows[i][name];
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' || typeof value === 'bigint') return 'number';
    if (typeof value === 'boolean') return 'boolean';
    if (typeof value === 'string') return 'string';
    return 'other';
  }
  return 'string';
}

/** A grid over row objects (Superset's JSON `data`), for results that arrived as JSON. */
export function rowGridData(
  rows: readonly Record<string, unknown>[],
  columnList: readonly RowColumn[],
): GridData {
  const columns: GridColumn[] = columnList.map((column) => ({
    name: column.name,
    type: column.type,
    kind:
      column.kind ??
      (column.type_generic === null || column.type_generic === undefined
        ? guessKind(rows, column.name)
        : kindFromGeneric(column.type_generic)),
  }));
  const names = columns.map((column) => column.name);
  // JSON numbers that arrive as text (bigints, decimals) still sort as numbers.
  const value = (row: number, column: number): unknown => {
    const raw = rows[row]?.[names[column]];
    if (raw === undefined || raw === null) return null;
    if (columns[column].kind === 'number' && typeof raw === 'string' && raw.trim() !== '') {
      const parsed = Number(raw);
      return Number.isNaN(parsed) ? raw : parsed;
    }
    return raw;
  };
  return {
    numRows: rows.length,
    columns,
    value,
    text: (row, column) => plainText(value(row, column), columns[column].kind),
    display: (row, column) => displayText(value(row, column), columns[column].kind),
  };
}
