import {
  MariaSQL,
  MySQL,
  PostgreSQL,
  type SQLDialect,
  SQLite,
  StandardSQL,
} from '@codemirror/lang-sql';

/** The highlighting dialect of a database backend (DuckDB's SQL is closest to the standard's). */
export function dialectOf(backend: string | null | undefined): SQLDialect {
  switch ((backend ?? '').toLowerCase()) {
    case 'postgresql':
    case 'postgres':
      return PostgreSQL;
    case 'mysql':
      return MySQL;
    case 'mariadb':
      return MariaSQL;
    case 'sqlite':
      return SQLite;
    default:
      return StandardSQL;
  }
}
