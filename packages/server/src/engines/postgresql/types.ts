import type { ArrowKind } from '../arrow.ts';
import type { TypeGeneric } from '../types.ts';

/** Names of the common type OIDs, so most results need no catalog lookup. */
export const PG_TYPE_NAMES: Record<number, string> = {
  16: 'BOOLEAN',
  17: 'BYTEA',
  18: 'CHAR',
  19: 'NAME',
  20: 'BIGINT',
  21: 'SMALLINT',
  23: 'INTEGER',
  25: 'TEXT',
  26: 'OID',
  114: 'JSON',
  700: 'REAL',
  701: 'DOUBLE PRECISION',
  790: 'MONEY',
  869: 'INET',
  1042: 'CHAR',
  1043: 'VARCHAR',
  1082: 'DATE',
  1083: 'TIME WITHOUT TIME ZONE',
  1114: 'TIMESTAMP WITHOUT TIME ZONE',
  1184: 'TIMESTAMP WITH TIME ZONE',
  1186: 'INTERVAL',
  1266: 'TIME WITH TIME ZONE',
  1700: 'NUMERIC',
  2950: 'UUID',
  3802: 'JSONB',
};

/** OIDs read as raw text so dates and timestamps never pass through the server's time zone. */
export const PG_RAW_TEXT_OIDS = new Set([1082, 1083, 1114, 1184, 1266]);

export function pgTypeGeneric(typeName: string): TypeGeneric {
  const name = typeName.toUpperCase().trim();
  if (name.endsWith('[]')) return 1;
  if (name === 'BOOLEAN' || name === 'BOOL') return 3;
  if (/^(TIMESTAMP|DATE)/.test(name)) return 2;
  if (
    /^(SMALLINT|INTEGER|INT|BIGINT|REAL|DOUBLE PRECISION|FLOAT|NUMERIC|DECIMAL|MONEY|SERIAL|BIGSERIAL|SMALLSERIAL|OID)\b/.test(
      name,
    )
  )
    return 0;
  return 1;
}

export function pgArrowKind(typeName: string): { kind: ArrowKind; timezone?: string | null } {
  const name = typeName.toUpperCase().trim();
  if (name.endsWith('[]')) return { kind: 'utf8' };
  if (name === 'BOOLEAN') return { kind: 'bool' };
  if (name === 'SMALLINT' || name === 'INTEGER' || name === 'OID') return { kind: 'int32' };
  if (name === 'BIGINT') return { kind: 'int64' };
  if (/^(REAL|DOUBLE PRECISION|NUMERIC|DECIMAL)/.test(name)) return { kind: 'float64' };
  if (name === 'DATE') return { kind: 'date' };
  if (name.startsWith('TIMESTAMP WITH TIME ZONE')) return { kind: 'timestamp', timezone: 'UTC' };
  if (name.startsWith('TIMESTAMP')) return { kind: 'timestamp', timezone: null };
  return { kind: 'utf8' };
}
