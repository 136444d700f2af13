import { badRequest } from '@tessera/shared/errors';
import type { Dialect, TypeGeneric } from '../engines/types.ts';

/**
 * Values from filters become literals escaped by the dialect, typed strictly: numbers only from
 * finite JSON numbers or numeric text compared with a numeric column, booleans from JSON booleans
 * (or `true`/`false` text on a boolean column), everything else a quoted string.
 */

const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

export interface LiteralTarget {
  typeGeneric: TypeGeneric | null;
  isDttm: boolean;
}

export function sqlLiteral(value: unknown, target: LiteralTarget, dialect: Dialect): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return dialect.booleanLiteral(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw badRequest('Filter values must be finite numbers');
    // Temporal values travel as epoch milliseconds of the wall time (cross-filters, drill-downs).
    if (target.isDttm || target.typeGeneric === 2) return dialect.dateTimeLiteral(new Date(value));
    return String(value);
  }
  if (typeof value !== 'string')
    throw badRequest('Filter values must be strings, numbers or booleans');
  if (target.typeGeneric === 0 && NUMERIC_TEXT.test(value.trim())) {
    return String(Number(value.trim()));
  }
  if (target.typeGeneric === 3 && /^(true|false)$/i.test(value)) {
    return dialect.booleanLiteral(value.toLowerCase() === 'true');
  }
  if (target.isDttm || target.typeGeneric === 2) {
    const m = ISO_DATETIME.exec(value.trim());
    if (m) {
      const wall = new Date(
        Date.UTC(
          Number(m[1]),
          Number(m[2]) - 1,
          Number(m[3]),
          Number(m[4] ?? 0),
          Number(m[5] ?? 0),
          Number(m[6] ?? 0),
          Number((m[7] ?? '0').padEnd(3, '0')),
        ),
      );
      if (!Number.isNaN(wall.getTime())) return dialect.dateTimeLiteral(wall);
    }
  }
  if (value.includes('\0')) throw badRequest('Filter values cannot contain NUL characters');
  return dialect.quoteString(value);
}
