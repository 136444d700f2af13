import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { DataType, type RecordBatch, type Schema } from 'apache-arrow';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { spreadsheetSafe } from '../platform/spreadsheetSafe.ts';

/**
 * Writing a result as it streams out of the engine: CSV text or an XLSX workbook, one Arrow
 * batch at a time, never holding the whole result. Both stop after `limit` rows.
 */

type Cell = string | number | boolean | Date | null;
type Converter = (value: unknown) => Cell;

/** `YYYY-MM-DD HH:MM:SS[.mmm]` in UTC: how timestamps read in a spreadsheet or a CSV. */
function timestampText(ms: number): string {
  const iso = new Date(ms).toISOString();
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${millis === '000' ? '' : `.${millis}`}`;
}

function millis(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  return null;
}

/**
 * Every text cell (and header) goes through `spreadsheetSafe`: a value someone stored as
 * `=HYPERLINK(...)` must open as text, not run as a formula, for whoever downloads it.
 */
function genericCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return spreadsheetSafe(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') {
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  }
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (value instanceof Date) return timestampText(value.getTime());
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(value);
  }
  return spreadsheetSafe(String(value));
}

/** One converter per column, chosen from its Arrow type. */
function convertersOf(schema: Schema, forXlsx: boolean): Converter[] {
  return schema.fields.map((field) => {
    if (DataType.isTimestamp(field.type)) {
      return (value) => {
        const ms = millis(value);
        if (ms === null) return genericCell(value);
        return forXlsx ? new Date(ms) : timestampText(ms);
      };
    }
    if (DataType.isDate(field.type)) {
      return (value) => {
        const ms = millis(value);
        if (ms === null) return genericCell(value);
        return forXlsx ? new Date(ms) : timestampText(ms).slice(0, 10);
      };
    }
    return genericCell;
  });
}

/** The rows of a batch as arrays, reading column vectors directly (no row proxies). */
function* rowsOf(batch: RecordBatch, converters: Converter[], max: number): Generator<Cell[]> {
  const vectors = batch.schema.fields.map((_, i) => batch.getChildAt(i));
  const count = Math.min(batch.numRows, max);
  for (let r = 0; r < count; r++) {
    yield vectors.map((vector, c) => (converters[c] as Converter)(vector?.get(r)));
  }
}

export interface ExportSource {
  schema: Schema;
  /** Column names as the result names them. */
  names: string[];
  batches: AsyncIterable<RecordBatch>;
  limit: number;
  /** Aborted when the download is abandoned; also cancels the statement in the engine. */
  signal?: AbortSignal;
}

/** CSV text in chunks (a header, then one chunk per batch); pulls the next batch on demand. */
export function csvStream(source: ExportSource): Readable {
  const converters = convertersOf(source.schema, false);
  // Booleans read as words, as pandas writes them; csv-stringify would write 1 and ''.
  const options = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([source.names.map(spreadsheetSafe)], options);
    let left = source.limit;
    if (left <= 0) return;
    for await (const batch of source.batches) {
      const rows = [...rowsOf(batch, converters, left)];
      left -= rows.length;
      if (rows.length > 0) yield stringify(rows, options);
      if (left <= 0) break;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * An XLSX workbook written with exceljs's streaming writer into the returned stream. Rows are
 * committed as they arrive; the writer waits whenever the reader falls behind.
 */
export function xlsxStream(source: ExportSource, sheetName = 'Sheet1'): PassThrough {
  const out = new PassThrough();
  const converters = convertersOf(source.schema, true);
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      // Styles carry the date formats; without them dates would show as serial numbers.
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.addRow(source.names.map(spreadsheetSafe)).commit();
    // One style object per column, shared by its cells: exceljs caches a style id per object, so
    // a shared object costs one lookup where a fresh one per cell would cost a rebuild each time.
    const styles = source.schema.fields.map(
      (field): Partial<ExcelJS.Style> =>
        DataType.isTimestamp(field.type)
          ? { numFmt: 'yyyy-mm-dd hh:mm:ss' }
          : DataType.isDate(field.type)
            ? { numFmt: 'yyyy-mm-dd' }
            : {},
    );
    let left = source.limit;
    for await (const batch of left > 0 ? source.batches : []) {
      for (const row of rowsOf(batch, converters, left)) {
        const added = sheet.addRow(row);
        added.eachCell((cell, column) => {
          cell.style = styles[column - 1] as ExcelJS.Style;
        });
        added.commit();
        left -= 1;
      }
      if (out.writableNeedDrain) await once(out, 'drain', { signal: source.signal });
      if (left <= 0) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
