import type { GenericDataType } from '@tessera/shared/api/chartData';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { TypeGeneric } from '../engines/types.ts';
import { spreadsheetSafe } from '../platform/spreadsheetSafe.ts';
import {
  type Cell,
  column,
  columnNames,
  type Frame,
  rowsOf,
} from '../query-engine/postprocessing/frame.ts';

/** The data part of a chart-data answer from a frame, and its CSV and XLSX renderings. */

export interface DataPart {
  colnames: string[];
  coltypes: GenericDataType[];
  data: Array<Record<string, Cell>>;
  rowcount: number;
  indexnames: number[];
  label_map: Record<string, string[]>;
}

function inferType(values: Cell[]): TypeGeneric {
  const sample = values.find((v) => v !== null);
  if (typeof sample === 'number') return 0;
  if (typeof sample === 'boolean') return 3;
  return 1;
}

export function dataPart(
  frame: Frame,
  known: Map<string, TypeGeneric>,
  labels: string[],
): DataPart {
  const colnames = columnNames(frame);
  const data = rowsOf(frame);
  const originals = new Set(labels);
  return {
    colnames,
    coltypes: colnames.map((name) => known.get(name) ?? inferType(column(frame, name))),
    data,
    rowcount: data.length,
    indexnames: data.map((_, i) => i),
    // Pivoted columns are named "metric, value, ..." by post-processing; their parts are the map.
    label_map: Object.fromEntries(
      colnames.map((name) => [name, originals.has(name) ? [name] : name.split(', ')]),
    ),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
function wallText(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * A cell as a download holds it. Text (and the column names, which labels a user typed become)
 * goes through `spreadsheetSafe`, so a stored `=HYPERLINK(...)` opens as text, not a formula.
 */
function exportCell(value: Cell | unknown, type: GenericDataType): unknown {
  if (type === 2 && typeof value === 'number') return wallText(value);
  if (Array.isArray(value)) return spreadsheetSafe(JSON.stringify(value));
  return spreadsheetSafe(value);
}

const headerOf = (part: DataPart) => part.colnames.map((name) => spreadsheetSafe(name));

export function toCsv(part: DataPart): string {
  const rows = part.data.map((row) =>
    part.colnames.map((name, i) => exportCell(row[name], part.coltypes[i] as GenericDataType)),
  );
  return stringify([headerOf(part), ...rows]);
}

export async function toXlsx(part: DataPart): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(headerOf(part));
  for (const row of part.data) {
    sheet.addRow(
      part.colnames.map((name, i) => exportCell(row[name], part.coltypes[i] as GenericDataType)),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
