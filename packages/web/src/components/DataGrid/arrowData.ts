import { DataType, type Decimal, type Table, type Vector } from 'apache-arrow';
import { displayText, plainText } from './format.ts';
import type { ColumnKind, GridColumn, GridData } from './types.ts';

/** Optional column facts from the server (database type names), matched by position. */
export interface ColumnInfo {
  name?: string;
  type?: string | null;
}

interface ColumnReader {
  kind: ColumnKind;
  dateOnly: boolean;
  /** Turns what Arrow's `get` answers into a sortable JS value. */
  convert: (raw: unknown) => unknown;
}

const identity = (raw: unknown) => raw;

/** A decimal's unscaled integer digits with the point put back (Arrow's toString leaves it out). */
function decimalConverter(scale: number) {
  return (raw: unknown) => {
    if (raw === null || raw === undefined) return null;
    const digits = String(raw);
    if (scale <= 0) return Number(digits);
    const negative = digits.startsWith('-');
    const body = (negative ? digits.slice(1) : digits).padStart(scale + 1, '0');
    const text = `${negative ? '-' : ''}${body.slice(0, -scale)}.${body.slice(-scale)}`;
    return Number(text);
  };
}

function readerFor(type: DataType): ColumnReader {
  if (DataType.isDecimal(type)) {
    return { kind: 'number', dateOnly: false, convert: decimalConverter((type as Decimal).scale) };
  }
  if (DataType.isInt(type) || DataType.isFloat(type)) {
    return { kind: 'number', dateOnly: false, convert: identity };
  }
  if (DataType.isTimestamp(type) || DataType.isTime(type)) {
    return { kind: 'temporal', dateOnly: false, convert: identity };
  }
  if (DataType.isDate(type)) return { kind: 'temporal', dateOnly: true, convert: identity };
  if (DataType.isBool(type)) return { kind: 'boolean', dateOnly: false, convert: identity };
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type)) {
    return { kind: 'string', dateOnly: false, convert: identity };
  }
  if (DataType.isDictionary(type)) return readerFor(type.dictionary);
  return { kind: 'other', dateOnly: false, convert: identity };
}

/**
 * A grid over an Arrow table that reads each drawn cell straight from its column vector: nothing
 * is converted up front, so a million-row result costs the IPC bytes and no row objects.
 */
export function arrowGridData(table: Table, info: readonly ColumnInfo[] = []): GridData {
  const fields = table.schema.fields;
  const readers = fields.map((field) => readerFor(field.type));
  const columns: GridColumn[] = fields.map((field, index) => ({
    name: info[index]?.name ?? field.name,
    kind: readers[index].kind,
    type: info[index]?.type ?? String(field.type),
  }));
  const batches = table.batches.filter((batch) => batch.numRows > 0);
  // offsets[b] is the first row of batch b; offsets[batches.length] is the row count.
  const offsets = new Float64Array(batches.length + 1);
  for (let b = 0; b < batches.length; b += 1) offsets[b + 1] = offsets[b] + batches[b].numRows;
  const vectors: Vector[][] = batches.map((batch) =>
    fields.map((_field, index) => batch.getChildAt(index) as Vector),
  );
  let last = 0;

  function batchOf(row: number): number {
    if (row >= offsets[last] && row < offsets[last + 1]) return last;
    let low = 0;
    let high = batches.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (offsets[mid] <= row) low = mid;
      else high = mid - 1;
    }
    last = low;
    return low;
  }

  function value(row: number, column: number): unknown {
    if (row < 0 || row >= table.numRows) return null;
    const b = batchOf(row);
    const raw = vectors[b][column].get(row - offsets[b]);
    return raw === null || raw === undefined ? null : readers[column].convert(raw);
  }

  return {
    numRows: table.numRows,
    columns,
    value,
    text: (row, column) =>
      plainText(value(row, column), readers[column].kind, readers[column].dateOnly),
    display: (row, column) =>
      displayText(value(row, column), readers[column].kind, readers[column].dateOnly),
  };
}
