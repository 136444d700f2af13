import type { ArrowKind } from '../arrow.ts';
import type { TypeGeneric } from '../types.ts';

/**
 * SQLite columns have a declared type (any text) and an affinity. The declared name decides the
 * Arrow shape and type_generic, following SQLite's own affinity rules for the numeric cases.
 */
export function sqliteArrowKind(declared: string): ArrowKind {
  const name = declared.toUpperCase();
  if (/BOOL/.test(name)) return 'bool';
  if (/^DATE$/.test(name.trim())) return 'date';
  if (/DATETIME|TIMESTAMP/.test(name)) return 'timestamp';
  if (/INT/.test(name)) return 'int64';
  if (/CHAR|CLOB|TEXT/.test(name)) return 'utf8';
  if (/BLOB/.test(name) || name.trim() === '') return 'binary';
  if (/REAL|FLOA|DOUB|NUMERIC|DECIMAL|NUMBER/.test(name)) return 'float64';
  return 'utf8';
}

export function sqliteTypeGeneric(declared: string): TypeGeneric {
  switch (sqliteArrowKind(declared)) {
    case 'bool':
      return 3;
    case 'date':
    case 'timestamp':
      return 2;
    case 'int64':
    case 'float64':
      return 0;
    default:
      return 1;
  }
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Expressions (time-grain truncations, aggregates) carry no declared type: infer one from the
 * values of the first batch so `DATETIME(...)` results are temporal and integers stay integers.
 */
export function inferSqliteType(values: readonly unknown[]): string {
  const seen = { int: false, real: false, datetime: false, date: false, text: false, blob: false };
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'bigint') seen.int = true;
    else if (typeof value === 'number') seen[Number.isInteger(value) ? 'int' : 'real'] = true;
    else if (typeof value === 'string')
      seen[ISO_DATETIME.test(value) ? 'datetime' : ISO_DATE.test(value) ? 'date' : 'text'] = true;
    else if (value instanceof Uint8Array) seen.blob = true;
    else seen.text = true;
  }
  const numbers = seen.int || seen.real;
  const dates = seen.datetime || seen.date;
  if (seen.blob) return numbers || dates || seen.text ? 'TEXT' : 'BLOB';
  if (seen.text || (numbers && dates)) return 'TEXT';
  if (numbers) return seen.real ? 'REAL' : 'INTEGER';
  if (dates) return seen.datetime ? 'DATETIME' : 'DATE';
  return 'NULL';
}
