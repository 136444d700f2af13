import {
  type DuckDBDataChunk,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  type DuckDBValue,
  type DuckDBVector,
} from '@duckdb/node-api';
import {
  type Data,
  makeData,
  RecordBatch,
  type Schema,
  Struct,
  vectorFromArray,
} from 'apache-arrow';
import { type ArrowColumn, type ArrowKind, coerceValue, DEFAULT_BATCH_ROWS } from '../arrow.ts';

const MICROS_PER_MILLI = 1000n;
const MILLIS_PER_DAY = 86_400_000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const POS_INF_MICROS = DuckDBTimestampValue.PosInf.micros;
const NEG_INF_MICROS = DuckDBTimestampValue.NegInf.micros;

/** DuckDB's raw vector values to what the Arrow builders take, without going through rows. */
export function columnValue(kind: ArrowKind, value: DuckDBValue): unknown {
  if (value === null) return null;
  switch (kind) {
    case 'date':
      return value instanceof DuckDBDateValue
        ? value.isFinite
          ? value.days * MILLIS_PER_DAY
          : null
        : null;
    case 'timestamp':
      if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) {
        return value.isFinite ? Number(value.micros / MICROS_PER_MILLI) : null;
      }
      if (value instanceof DuckDBTimestampMillisecondsValue) return Number(value.millis);
      if (value instanceof DuckDBTimestampSecondsValue) return Number(value.seconds) * 1000;
      if (value instanceof DuckDBTimestampNanosecondsValue) return Number(value.nanos / 1_000_000n);
      return null;
    case 'float64':
      if (value instanceof DuckDBDecimalValue) return value.toDouble();
      return typeof value === 'bigint' ? Number(value) : value;
    case 'int32':
    case 'int64':
    case 'bool':
      return value;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** One DuckDB cell as the Arrow builder of its column would store it (null for a null). */
function cell(kind: ArrowKind, value: DuckDBValue): unknown {
  return coerceValue(kind, columnValue(kind, value));
}

/**
 * A bitmap of `length` bits cut as Arrow's bitmap builder cuts it: its bytes rounded up to a
 * multiple of 64. The IPC writer sends a bitmap whole, so the padding is part of the answer.
 */
function builderBitmap(bits: Uint8Array, length: number): Uint8Array {
  const bytesMinus1 = ((length + 7) >> 3) - 1;
  const size = bytesMinus1 - (bytesMinus1 % 64) + 64 || 64;
  if (bits.length >= size) return bits.subarray(0, size);
  const padded = new Uint8Array(size);
  padded.set(bits);
  return padded;
}

type Values = Float64Array | Int32Array | BigInt64Array | Uint8Array;

/**
 * One column of the batch being filled, written vector by vector straight into the buffers Arrow
 * keeps (values, validity bitmap, UTF-8 bytes and offsets): no row arrays, no Arrow builders.
 * What lands in each buffer is what `vectorFromArray` stores for the same coerced value, so the
 * batches are the ones the row-by-row path produced.
 */
class ColumnBuffer {
  length = 0;
  nullCount = 0;
  private validity: Uint8Array;
  private values: Values;
  private offsets: Int32Array | null = null;
  private bytes: Buffer | null = null;
  private byteLength = 0;
  /** Kinds without a buffer of their own here (binary) keep the coerced values for Arrow. */
  private others: unknown[] | null = null;

  constructor(
    readonly column: ArrowColumn,
    readonly type: Schema['fields'][number]['type'],
    private capacity: number,
  ) {
    this.validity = new Uint8Array((capacity + 7) >> 3);
    this.values = this.allocate(capacity);
    if (column.kind === 'utf8') {
      this.offsets = new Int32Array(capacity + 1);
      this.bytes = Buffer.allocUnsafe(capacity * 16);
    } else if (column.kind === 'binary') this.others = [];
  }

  private allocate(capacity: number): Values {
    switch (this.column.kind) {
      case 'float64':
        return new Float64Array(capacity);
      case 'int32':
      case 'date':
        return new Int32Array(capacity);
      case 'int64':
      case 'timestamp':
        return new BigInt64Array(capacity);
      case 'bool':
        return new Uint8Array((capacity + 7) >> 3);
      default:
        return new Uint8Array(0);
    }
  }

  private reserve(rows: number): void {
    const needed = this.length + rows;
    if (needed <= this.capacity) return;
    const capacity = Math.max(needed, this.capacity * 2);
    const validity = new Uint8Array((capacity + 7) >> 3);
    validity.set(this.validity);
    this.validity = validity;
    const values = this.allocate(capacity);
    (values as Uint8Array).set(this.values as Uint8Array);
    this.values = values;
    if (this.offsets) {
      const offsets = new Int32Array(capacity + 1);
      offsets.set(this.offsets);
      this.offsets = offsets;
    }
    this.capacity = capacity;
  }

  private writeText(text: string): void {
    let bytes = this.bytes as Buffer;
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    if (this.byteLength + text.length * 3 > bytes.length) {
      const grown = Buffer.allocUnsafe(
        Math.max(bytes.length * 2, this.byteLength + text.length * 3),
      );
      bytes.copy(grown, 0, 0, this.byteLength);
      this.bytes = bytes = grown;
    }
    this.byteLength += bytes.write(text, this.byteLength, 'utf8');
  }

  /** Appends the first `rows` cells of a DuckDB vector. */
  append(vector: DuckDBVector, rows: number): void {
    this.reserve(rows);
    const { kind } = this.column;
    const validity = this.validity;
    let at = this.length;
    let nulls = 0;
    switch (kind) {
      case 'float64':
      case 'int32': {
        const values = this.values as Float64Array | Int32Array;
        for (let row = 0; row < rows; row += 1, at += 1) {
          const raw = vector.getItem(row);
          const value =
            typeof raw === 'number' && kind === 'float64'
              ? raw
              : (cell(kind, raw) as number | null);
          if (value === null) nulls += 1;
          else {
            values[at] = value;
            validity[at >> 3] |= 1 << (at & 7);
          }
        }
        break;
      }
      case 'int64': {
        const values = this.values as BigInt64Array;
        for (let row = 0; row < rows; row += 1, at += 1) {
          const raw = vector.getItem(row);
          const value = typeof raw === 'bigint' ? raw : (cell(kind, raw) as bigint | null);
          if (value === null) nulls += 1;
          else {
            values[at] = value;
            validity[at >> 3] |= 1 << (at & 7);
          }
        }
        break;
      }
      case 'date': {
        const values = this.values as Int32Array;
        for (let row = 0; row < rows; row += 1, at += 1) {
          const value = cell(kind, vector.getItem(row)) as number | null;
          if (value === null) nulls += 1;
          else {
            values[at] = Math.floor(value / MILLIS_PER_DAY);
            validity[at >> 3] |= 1 << (at & 7);
          }
        }
        break;
      }
      case 'timestamp': {
        const values = this.values as BigInt64Array;
        for (let row = 0; row < rows; row += 1, at += 1) {
          const raw = vector.getItem(row);
          let value: bigint | null;
          if (raw instanceof DuckDBTimestampValue || raw instanceof DuckDBTimestampTZValue) {
            // columnValue's reading (`isFinite`, micros to millis through a Number) without a
            // native call per cell: the infinities are the two public constants, and a millisecond
            // count within 2^53 survives the Number unchanged.
            const { micros } = raw;
            if (micros === POS_INF_MICROS || micros === NEG_INF_MICROS) value = null;
            else {
              const millis = micros / MICROS_PER_MILLI;
              value = millis <= MAX_SAFE && millis >= -MAX_SAFE ? millis : BigInt(Number(millis));
            }
          } else {
            const millis = cell(kind, raw) as number | null;
            value = millis === null ? null : BigInt(millis);
          }
          if (value === null) nulls += 1;
          else {
            values[at] = value;
            validity[at >> 3] |= 1 << (at & 7);
          }
        }
        break;
      }
      case 'bool': {
        const values = this.values as Uint8Array;
        for (let row = 0; row < rows; row += 1, at += 1) {
          const value = cell(kind, vector.getItem(row));
          if (value === null) nulls += 1;
          else {
            if (value) values[at >> 3] |= 1 << (at & 7);
            validity[at >> 3] |= 1 << (at & 7);
          }
        }
        break;
      }
      case 'utf8': {
        const offsets = this.offsets as Int32Array;
        for (let row = 0; row < rows; row += 1, at += 1) {
          const raw = vector.getItem(row);
          const value = typeof raw === 'string' ? raw : (cell(kind, raw) as string | null);
          if (value === null) nulls += 1;
          else {
            this.writeText(value);
            validity[at >> 3] |= 1 << (at & 7);
          }
          offsets[at + 1] = this.byteLength;
        }
        break;
      }
      default: {
        const others = this.others as unknown[];
        for (let row = 0; row < rows; row += 1, at += 1) {
          const value = cell(kind, vector.getItem(row));
          if (value === null) nulls += 1;
          others.push(value);
        }
      }
    }
    this.length = at;
    this.nullCount += nulls;
  }

  /** The column's Arrow data; the buffer is not used afterwards. */
  finish(): Data {
    const { length, nullCount, type } = this;
    if (this.others) return vectorFromArray(this.others, type).data[0];
    // Arrow's builders leave the bitmap out when nothing is null.
    const nullBitmap = nullCount > 0 ? builderBitmap(this.validity, length) : undefined;
    if (this.offsets) {
      return makeData({
        type,
        length,
        nullCount,
        nullBitmap,
        valueOffsets: this.offsets.subarray(0, length + 1),
        data: new Uint8Array((this.bytes as Buffer).subarray(0, this.byteLength)),
      } as never);
    }
    const data =
      this.column.kind === 'bool'
        ? builderBitmap(this.values as Uint8Array, length)
        : this.values.slice(0, length); // exact length: the buffer has room for a chunk more
    return makeData({ type, length, nullCount, nullBitmap, data } as never);
  }
}

/**
 * Collects DuckDB data chunks column by column and cuts them into Arrow batches once
 * `batchRows` rows are buffered (whole chunks, as before: batches of 10,240 rows).
 */
export class ChunkAccumulator {
  private buffers: ColumnBuffer[];
  private rows = 0;

  constructor(
    readonly schema: Schema,
    readonly columns: readonly ArrowColumn[],
    readonly batchRows: number = DEFAULT_BATCH_ROWS,
  ) {
    this.buffers = this.fresh();
  }

  private fresh(): ColumnBuffer[] {
    const capacity = this.batchRows + 2048;
    return this.columns.map(
      (column, index) => new ColumnBuffer(column, this.schema.fields[index].type, capacity),
    );
  }

  /** Appends up to `limit` rows of a chunk; answers how many it took. */
  append(chunk: DuckDBDataChunk, limit: number): number {
    const rows = Math.min(chunk.rowCount, limit);
    this.buffers.forEach((buffer, index) => {
      buffer.append(chunk.getColumnVector(index), rows);
    });
    this.rows += rows;
    return rows;
  }

  /** A batch once `batchRows` rows are buffered, else null (the rows wait for more). */
  takeFull(): RecordBatch | null {
    return this.rows >= this.batchRows ? this.flush() : null;
  }

  /** The buffered rows as a batch (null when empty); the buffers start over. */
  flush(): RecordBatch | null {
    if (this.rows === 0) return null;
    const children = this.buffers.map((buffer) => buffer.finish());
    const data = makeData({
      type: new Struct(this.schema.fields),
      length: this.rows,
      nullCount: 0,
      children,
    });
    const batch = new RecordBatch(this.schema, data);
    this.buffers = this.fresh();
    this.rows = 0;
    return batch;
  }
}
