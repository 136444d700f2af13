import { ARROW_COLUMNS_METADATA_KEY, type ResultColumnSchema } from '@tessera/shared/api/sqllab';
import {
  DataType,
  type RecordBatch,
  RecordBatchReader,
  RecordBatchStreamWriter,
  Schema,
  Table,
  type TypeMap,
  tableToIPC,
} from 'apache-arrow';
import type { ResultColumn } from '../engines/types.ts';

/**
 * Results stay Arrow inside the server (ARCHITECTURE rule 7): batches from the engine are kept as
 * an IPC stream in the results backend; row-object JSON is produced here, at the edge, only for
 * the Superset-compatible answers and only for the rows that are sent.
 */

export function wireColumns(columns: readonly ResultColumn[]): ResultColumnSchema[] {
  return columns.map((column) => ({
    name: column.name,
    column_name: column.name,
    type: column.type,
    type_generic: column.type_generic,
    is_dttm: column.is_dttm,
  }));
}

/** A table of at most `limit` rows from batches, slicing the last one. */
export function tableFromBatches(schema: Schema, batches: RecordBatch[], limit: number): Table {
  const kept: RecordBatch[] = [];
  let rows = 0;
  for (const batch of batches) {
    if (rows >= limit) break;
    const take = Math.min(batch.numRows, limit - rows);
    kept.push(take === batch.numRows ? batch : batch.slice(0, take));
    rows += take;
  }
  return new Table(schema, kept);
}

/** The IPC stream stored for a result; the column metadata rides in the schema's metadata. */
export function resultToIpc(table: Table, columns: readonly ResultColumn[]): Uint8Array {
  const metadata = new Map(table.schema.metadata);
  metadata.set(ARROW_COLUMNS_METADATA_KEY, JSON.stringify(wireColumns(columns)));
  const schema = new Schema(table.schema.fields, metadata);
  return tableToIPC(
    new Table(
      schema,
      table.batches.map((batch) => batch),
    ),
    'stream',
  );
}

/** Reads a stored stream back, keeping at most `limit` rows. */
export function tableFromIpc(ipc: Uint8Array, limit = Number.POSITIVE_INFINITY): Table {
  const reader = RecordBatchReader.from(ipc);
  reader.open();
  const batches: RecordBatch[] = [];
  let rows = 0;
  for (const batch of reader) {
    if (rows >= limit) break;
    const take = Math.min(batch.numRows, limit - rows);
    batches.push(take === batch.numRows ? batch : batch.slice(0, take));
    rows += take;
  }
  return new Table(reader.schema, batches);
}

/** Re-encodes a (sliced) table as an IPC stream for the Arrow variant of the results route. */
export function ipcStream(table: Table<TypeMap>): Uint8Array {
  return RecordBatchStreamWriter.writeAll(table).toUint8Array(true);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Python's `isoformat()` of a datetime, as Superset's JSON carries times. */
function isoDateTime(ms: number, zoned: boolean): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const micros = d.getUTCMilliseconds() ? `.${pad(d.getUTCMilliseconds(), 3)}000` : '';
  return `${base}${micros}${zoned ? '+00:00' : ''}`;
}

function isoDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

type Converter = (value: unknown) => unknown;

function converterFor(type: DataType): Converter {
  if (DataType.isTimestamp(type)) {
    const zoned = Boolean((type as { timezone?: string | null }).timezone);
    return (value) => (typeof value === 'number' ? isoDateTime(value, zoned) : value);
  }
  if (DataType.isDate(type)) return (value) => (typeof value === 'number' ? isoDate(value) : value);
  if (DataType.isBinary(type))
    return (value) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value);
  return (value) => {
    if (typeof value === 'bigint') {
      return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return null;
    return value;
  };
}

/** Row objects (JSON-ready) of a table, in order. */
export function rowsOf(table: Table): Array<Record<string, unknown>> {
  const fields = table.schema.fields;
  const converters = fields.map((field) => converterFor(field.type));
  const rows: Array<Record<string, unknown>> = new Array(table.numRows);
  let at = 0;
  for (const batch of table.batches) {
    const vectors = fields.map((_field, index) => batch.getChildAt(index));
    for (let row = 0; row < batch.numRows; row += 1) {
      const item: Record<string, unknown> = {};
      for (let col = 0; col < fields.length; col += 1) {
        const value = vectors[col]?.get(row) ?? null;
        item[fields[col].name] = value === null ? null : converters[col](value);
      }
      rows[at] = item;
      at += 1;
    }
  }
  return rows;
}
