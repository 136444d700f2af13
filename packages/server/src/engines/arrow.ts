import {
  Binary,
  Bool,
  type DataType,
  DateDay,
  Field,
  Float64,
  Int32,
  Int64,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Timestamp,
  TimeUnit,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import type { ExecuteResult, ResultColumn } from './types.ts';

/**
 * The Arrow shapes engines produce. Every engine maps its native types onto this short list so
 * downstream code (JSON at the edge, IPC for the web client) sees one consistent vocabulary:
 * timestamps are always milliseconds, dates always days, wide integers and decimals Float64.
 */
export type ArrowKind =
  | 'bool'
  | 'int32'
  | 'int64'
  | 'float64'
  | 'utf8'
  | 'date'
  | 'timestamp'
  | 'binary';

export interface ArrowColumn extends ResultColumn {
  kind: ArrowKind;
  /** Time zone of a `timestamp` column (`UTC` for zone-aware types), null when naive. */
  timezone?: string | null;
}

export const DEFAULT_BATCH_ROWS = 10_000;

/**
 * Superset renames repeated result column names `name__1`, `name__2`, ...; doing it here keeps
 * every field of a batch addressable by name.
 */
export function dedupeColumnNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const count = seen.get(name);
    if (count === undefined) {
      seen.set(name, 0);
      return name;
    }
    let next = count + 1;
    while (taken.has(`${name}__${next}`)) next += 1;
    seen.set(name, next);
    const renamed = `${name}__${next}`;
    taken.add(renamed);
    return renamed;
  });
}

function arrowType(column: ArrowColumn): DataType {
  switch (column.kind) {
    case 'bool':
      return new Bool();
    case 'int32':
      return new Int32();
    case 'int64':
      return new Int64();
    case 'float64':
      return new Float64();
    case 'date':
      return new DateDay();
    case 'timestamp':
      return new Timestamp(TimeUnit.MILLISECOND, column.timezone ?? null);
    case 'binary':
      return new Binary();
    default:
      return new Utf8();
  }
}

export function arrowSchema(columns: readonly ArrowColumn[]): Schema {
  return new Schema(columns.map((column) => new Field(column.name, arrowType(column), true)));
}

/** Public column metadata without the Arrow-only fields. */
export function resultColumns(columns: readonly ArrowColumn[]): ResultColumn[] {
  return columns.map(({ name, type, type_generic, is_dttm }) => ({
    name,
    type,
    type_generic,
    is_dttm,
  }));
}

function toMillis(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    // Drivers hand back naive timestamps as `YYYY-MM-DD HH:MM:SS[.ffffff]`; read them as UTC so
    // the wall-clock value survives unchanged whatever the server's own time zone is. Zoned
    // values (`+00`, `+05:30`) keep their offset.
    let text = value.trim().replace(' ', 'T');
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00';
    const zone = /([+-])(\d{2})(?::?(\d{2}))?$/.exec(text.slice(10));
    if (zone)
      text = `${text.slice(0, text.length - zone[0].length)}${zone[1]}${zone[2]}:${zone[3] ?? '00'}`;
    else if (!/[zZ]$/.test(text)) text += 'Z';
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const parsed = Number(value);
    return value.trim() === '' || Number.isNaN(parsed) ? null : parsed;
  }
  if (value && typeof value === 'object' && 'valueOf' in value) {
    const parsed = Number((value as { valueOf(): unknown }).valueOf());
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

function toBigInt(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number')
    return Number.isInteger(value) ? BigInt(value) : BigInt(Math.trunc(value));
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return null;
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'object') {
    return JSON.stringify(value, (_key, inner) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    );
  }
  return String(value);
}

/** Coerces one driver value to what the Arrow builder of `kind` accepts; null stays null. */
export function coerceValue(kind: ArrowKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string')
        return value === '1' || value.toLowerCase() === 'true' || value === 't';
      return Boolean(toNumber(value));
    case 'int32': {
      const n = toNumber(value);
      return n === null ? null : Math.trunc(n);
    }
    case 'int64':
      return toBigInt(value);
    case 'float64':
      return toNumber(value);
    case 'date':
    case 'timestamp':
      return toMillis(value);
    case 'binary':
      if (value instanceof Uint8Array) return value;
      return new TextEncoder().encode(stringify(value));
    default:
      return stringify(value);
  }
}

/** One batch from column-major arrays of driver values (all arrays of the same length). */
export function batchFromColumns(
  schema: Schema,
  columns: readonly ArrowColumn[],
  values: readonly unknown[][],
): RecordBatch {
  const length = values[0]?.length ?? 0;
  const children = columns.map((column, index) => {
    const raw = values[index] ?? [];
    const coerced = new Array(raw.length);
    for (let row = 0; row < raw.length; row += 1) coerced[row] = coerceValue(column.kind, raw[row]);
    return vectorFromArray(coerced, schema.fields[index].type).data[0];
  });
  const data = makeData({ type: new Struct(schema.fields), length, nullCount: 0, children });
  return new RecordBatch(schema, data);
}

/**
 * Collects row arrays and cuts them into batches of `batchRows`, so engines whose drivers hand out
 * rows (PostgreSQL, MySQL, SQLite) share one conversion path.
 */
export class BatchAccumulator {
  private buffer: unknown[][];
  private rows = 0;

  constructor(
    readonly schema: Schema,
    readonly columns: readonly ArrowColumn[],
    readonly batchRows: number = DEFAULT_BATCH_ROWS,
  ) {
    this.buffer = columns.map(() => []);
  }

  get size(): number {
    return this.rows;
  }

  get full(): boolean {
    return this.rows >= this.batchRows;
  }

  pushRow(row: readonly unknown[]): void {
    for (let index = 0; index < this.buffer.length; index += 1) this.buffer[index].push(row[index]);
    this.rows += 1;
  }

  /** A batch once `batchRows` rows are buffered, else null (the rows wait for more). */
  takeFull(): RecordBatch | null {
    return this.full ? this.flush() : null;
  }

  /** The buffered rows as a batch (null when empty); the buffer starts over. */
  flush(): RecordBatch | null {
    if (this.rows === 0) return null;
    const batch = batchFromColumns(this.schema, this.columns, this.buffer);
    this.buffer = this.columns.map(() => []);
    this.rows = 0;
    return batch;
  }
}

/** Batches from an in-memory list of row arrays (small results, tests, introspection). */
export function* batchesFromRows(
  schema: Schema,
  columns: readonly ArrowColumn[],
  rows: Iterable<readonly unknown[]>,
  batchRows: number = DEFAULT_BATCH_ROWS,
): Generator<RecordBatch> {
  const accumulator = new BatchAccumulator(schema, columns, batchRows);
  for (const row of rows) {
    accumulator.pushRow(row);
    const batch = accumulator.takeFull();
    if (batch) yield batch;
  }
  const last = accumulator.flush();
  if (last) yield last;
}

/** The result of a statement that answers no rows (DML, DDL): no columns and no batches. */
export function noRowsResult(rowsAffected: number | undefined): ExecuteResult {
  return {
    columns: [],
    schema: arrowSchema([]),
    batches: (async function* () {})(),
    rowsAffected,
  };
}

/**
 * The result of a streamed statement: `produce` pushes rows into the accumulator it is given
 * and yields batches; it starts only when the caller reads the first batch.
 */
export function streamedResult(
  columns: readonly ArrowColumn[],
  produce: (accumulator: BatchAccumulator) => AsyncGenerator<RecordBatch>,
): ExecuteResult {
  const schema = arrowSchema(columns);
  return {
    columns: resultColumns(columns),
    schema,
    batches: produce(new BatchAccumulator(schema, columns)),
  };
}

/** Reads every batch into plain row objects: for tests and small internal reads only. */
export async function collectRows(
  batches: AsyncIterable<RecordBatch>,
): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for await (const batch of batches) {
    const names = batch.schema.fields.map((field) => field.name);
    const vectors = names.map((_name, index) => batch.getChildAt(index));
    for (let row = 0; row < batch.numRows; row += 1) {
      const item: Record<string, unknown> = {};
      names.forEach((name, index) => {
        item[name] = vectors[index]?.get(row) ?? null;
      });
      rows.push(item);
    }
  }
  return rows;
}
