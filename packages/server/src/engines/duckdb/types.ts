import { DuckDBTypeId } from '@duckdb/node-api';
import type { ArrowKind } from '../arrow.ts';
import type { TypeGeneric } from '../types.ts';

/** type_generic of a DuckDB type name as information_schema prints it (`DECIMAL(10,2)`, ...). */
export function duckdbTypeGeneric(typeName: string): TypeGeneric {
  const name = typeName.toUpperCase().trim();
  if (name === 'BOOLEAN' || name === 'BOOL') return 3;
  // TIME (a time of day) is no time axis, so it stays a string as in Superset.
  if (/^(TIMESTAMP|DATETIME|DATE)/.test(name) && !name.endsWith('[]')) return 2;
  if (
    /^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|REAL|DOUBLE|DECIMAL|NUMERIC|BIGNUM|VARINT)\b/.test(
      name,
    )
  ) {
    return name.endsWith('[]') ? 1 : 0;
  }
  return 1;
}

export function duckdbIsDttm(typeName: string): boolean {
  return duckdbTypeGeneric(typeName) === 2;
}

/** How each result column travels as Arrow. Wide integers and decimals become Float64. */
export function duckdbArrowKind(typeId: DuckDBTypeId): {
  kind: ArrowKind;
  timezone?: string | null;
} {
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { kind: 'bool' };
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
      return { kind: 'int32' };
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UINTEGER:
      return { kind: 'int64' };
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.DECIMAL:
      return { kind: 'float64' };
    case DuckDBTypeId.DATE:
      return { kind: 'date' };
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
      return { kind: 'timestamp', timezone: null };
    case DuckDBTypeId.TIMESTAMP_TZ:
      return { kind: 'timestamp', timezone: 'UTC' };
    default:
      return { kind: 'utf8' };
  }
}
