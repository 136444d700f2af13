import { duckdbTypeGeneric } from '../engines/duckdb/types.ts';
import { mysqlTypeGeneric } from '../engines/mysql/types.ts';
import { pgTypeGeneric } from '../engines/postgresql/types.ts';
import { sqliteTypeGeneric } from '../engines/sqlite/types.ts';
import type { TypeGeneric } from '../engines/types.ts';

/**
 * type_generic of a stored column type, through the engine's own type mapping (the type is
 * stored as text, as Superset does, so it is derived again when shown). Engines without a
 * mapping here get a portable guess from the type's name.
 */
const MAPPINGS: Record<string, (type: string) => TypeGeneric> = {
  duckdb: duckdbTypeGeneric,
  sqlite: sqliteTypeGeneric,
  postgresql: pgTypeGeneric,
  mysql: mysqlTypeGeneric,
  mariadb: mysqlTypeGeneric,
};

export function typeGenericOf(engine: string, type: string | null | undefined): TypeGeneric | null {
  if (!type) return null;
  const mapping = MAPPINGS[engine];
  return mapping ? mapping(type) : portableTypeGeneric(type);
}

export function portableTypeGeneric(type: string): TypeGeneric {
  const name = type.toUpperCase();
  if (/^BOOL/.test(name)) return 3;
  if (/DATE|TIMESTAMP/.test(name)) return 2;
  if (/INT|FLOAT|DOUBLE|REAL|DECIMAL|NUMERIC|NUMBER/.test(name)) return 0;
  return 1;
}
