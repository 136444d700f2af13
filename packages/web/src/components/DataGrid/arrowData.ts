import { type Data, DataType, type Decimal, type Table, type Vector } from 'apache-arrow';
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

// A text column's bytes decoded once per batch when they are all ASCII (null when not).
const asciiCache = new WeakMap<Data, string | null>();
const asciiDecoder = new TextDecoder();

/**
 * A Utf8 batch whose value bytes are all ASCII, with those bytes as one string: each cell is then
 * a slice of it at its byte offsets, without decoding cell by cell.
 */
function asciiText(vector: Vector): { data: Data; text: string } | null {
  if (vector.data.length !== 1) return null;
  const data = vector.data[0];
  if (
    !DataType.isUtf8(data.type) ||
    data.offset !== 0 ||
    !(data.valueOffsets instanceof Int32Array)
  )
    return null;
  let text = asciiCache.get(data);
  if (text === undefined) {
    const values = data.values as Uint8Array;
    const end = data.length > 0 ? data.valueOffsets[data.length] : 0;
    let ascii = end <= values.length;
    for (let i = 0; ascii && i < end; i += 1) if (values[i] > 0x7f) ascii = false;
    text = ascii ? asciiDecoder.decode(values.subarray(0, end)) : null;
    asciiCache.set(data, text);
  }
  return text === null ? null : { data, text };
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

  function textSlice(column: number, start: number, end: number): (string | null)[] {
    const from = Math.max(0, start);
    const to = Math.min(table.numRows, end);
    const out = new Array<string | null>(Math.max(0, to - from));
    const { kind, dateOnly, convert } = readers[column];
    let row = from;
    while (row < to) {
      const b = batchOf(row);
      const vector = vectors[b][column];
      const first = row - offsets[b];
      const last = Math.min(to, offsets[b + 1]) - offsets[b];
      const ascii = asciiText(vector);
      if (ascii) {
        const { data, text } = ascii;
        const { valueOffsets } = data;
        for (let i = first; i < last; i += 1, row += 1) {
          // What Vector.get answers (utf8 of an ASCII buffer is its bytes as code units).
          out[row - from] =
            data.getValid(i) && i + 1 < valueOffsets.length
              ? text.slice(valueOffsets[i] as number, valueOffsets[i + 1] as number)
              : null;
        }
      } else {
        for (let i = first; i < last; i += 1, row += 1) {
          const raw = vector.get(i);
          out[row - from] =
            raw === null || raw === undefined ? null : plainText(convert(raw), kind, dateOnly);
        }
      }
    }
    return out;
  }

  return {
    numRows: table.numRows,
    columns,
    value,
    textSlice,
    text: (row, column) =>
      plainText(value(row, column), readers[column].kind, readers[column].dateOnly),
    display: (row, column) =>
      displayText(value(row, column), readers[column].kind, readers[column].dateOnly),
  };
}
