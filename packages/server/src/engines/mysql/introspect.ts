import { tableNotFound } from '../errorKit.ts';
import { columnKeys } from '../tableKeys.ts';
import type { ColumnMetadata, TableListItem, TableMetadata, TableRef } from '../types.ts';
import type { MysqlSession } from './connect.ts';
import { mysqlTypeGeneric } from './types.ts';

/** Server collations sort case-insensitively; the API sorts by code point like the other engines. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function mysqlSchemas(session: MysqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA',
  );
  return rows.map((row) => row.name).sort(byCodePoint);
}

export async function mysqlTables(
  session: MysqlSession,
  schema: string | null,
): Promise<TableListItem[]> {
  const rows = await session.query<{ name: string; kind: string }>(
    'SELECT TABLE_NAME AS name, TABLE_TYPE AS kind FROM information_schema.TABLES WHERE TABLE_SCHEMA = COALESCE(?, DATABASE())',
    [schema],
  );
  return rows
    .map(
      (row): TableListItem => ({
        value: row.name,
        type: /VIEW/i.test(row.kind) ? 'view' : 'table',
      }),
    )
    .sort((a, b) => byCodePoint(a.value, b.value));
}

interface KeyRow extends Record<string, unknown> {
  name: string;
  kind: string;
  column_name: string;
  ref_schema: string | null;
  ref_table: string | null;
  ref_column: string | null;
}

export async function mysqlTableMetadata(
  session: MysqlSession,
  engineName: string,
  table: TableRef,
): Promise<TableMetadata> {
  const [found] = await session.query<{ schema: string; kind: string; comment: string | null }>(
    `SELECT TABLE_SCHEMA AS \`schema\`, TABLE_TYPE AS kind, TABLE_COMMENT AS comment FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?`,
    [table.schema ?? null, table.name],
  );
  if (!found) throw tableNotFound(engineName, table);
  const scope = [found.schema, table.name];

  const [columnRows, keyRows, indexRows] = await Promise.all([
    session.query<{
      name: string;
      column_type: string;
      data_type: string;
      nullable: string;
      default: string | null;
      comment: string;
    }>(
      `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS column_type, DATA_TYPE AS data_type, IS_NULLABLE AS nullable,
              COLUMN_DEFAULT AS \`default\`, COLUMN_COMMENT AS comment
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      scope,
    ),
    session.query<KeyRow>(
      `SELECT k.CONSTRAINT_NAME AS name, c.CONSTRAINT_TYPE AS kind, k.COLUMN_NAME AS column_name,
              k.REFERENCED_TABLE_SCHEMA AS ref_schema, k.REFERENCED_TABLE_NAME AS ref_table, k.REFERENCED_COLUMN_NAME AS ref_column
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.TABLE_CONSTRAINTS c
         ON c.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND c.TABLE_NAME = k.TABLE_NAME AND c.CONSTRAINT_NAME = k.CONSTRAINT_NAME
       WHERE k.TABLE_SCHEMA = ? AND k.TABLE_NAME = ? AND c.CONSTRAINT_TYPE IN ('PRIMARY KEY', 'FOREIGN KEY')
       ORDER BY k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
      scope,
    ),
    session.query<{ name: string; non_unique: number | string; column_name: string | null }>(
      `SELECT INDEX_NAME AS name, NON_UNIQUE AS non_unique, COLUMN_NAME AS column_name FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      scope,
    ),
  ]);

  const pkRows = keyRows.filter((row) => row.kind === 'PRIMARY KEY');
  const primaryKey = pkRows.length
    ? { name: 'PRIMARY', column_names: pkRows.map((row) => row.column_name) }
    : null;
  const fkByName = new Map<string, TableMetadata['foreignKeys'][number]>();
  for (const row of keyRows.filter((key) => key.kind === 'FOREIGN KEY')) {
    let fk = fkByName.get(row.name);
    if (!fk) {
      fk = {
        name: row.name,
        column_names: [],
        referred_schema: row.ref_schema,
        referred_table: row.ref_table ?? '',
        referred_columns: [],
      };
      fkByName.set(row.name, fk);
    }
    fk.column_names.push(row.column_name);
    if (row.ref_column) fk.referred_columns.push(row.ref_column);
  }
  const foreignKeys = [...fkByName.values()];
  const indexByName = new Map<string, TableMetadata['indexes'][number]>();
  for (const row of indexRows) {
    let index = indexByName.get(row.name);
    if (!index) {
      index = { name: row.name, column_names: [], unique: Number(row.non_unique) === 0 };
      indexByName.set(row.name, index);
    }
    index.column_names.push(row.column_name ?? '<expression>');
  }
  const indexes = [...indexByName.values()];

  const columns: ColumnMetadata[] = columnRows.map((row) => {
    const keys = columnKeys(row.name, { primaryKey, foreignKeys, indexes });
    const longType = row.column_type.toUpperCase();
    return {
      name: row.name,
      type: row.data_type.toUpperCase(),
      longType,
      type_generic: mysqlTypeGeneric(longType),
      nullable: row.nullable === 'YES',
      default: row.default,
      comment: row.comment ? row.comment : null,
      keys,
    };
  });

  const isView = /VIEW/i.test(found.kind);
  return {
    name: table.name,
    schema: found.schema,
    catalog: null,
    type: isView ? 'view' : 'table',
    columns,
    primaryKey,
    foreignKeys,
    indexes,
    comment: isView || !found.comment ? null : found.comment,
  };
}

/**
 * MySQL keeps no catalog of its built-in functions that every account may read, so the common
 * ones are listed here; stored functions of the server are added from information_schema.
 */
const BUILTIN_FUNCTIONS = [
  'ABS',
  'ACOS',
  'ADDDATE',
  'ADDTIME',
  'AES_DECRYPT',
  'AES_ENCRYPT',
  'ASCII',
  'ASIN',
  'ATAN',
  'ATAN2',
  'AVG',
  'BIN',
  'BIT_AND',
  'BIT_COUNT',
  'BIT_LENGTH',
  'BIT_OR',
  'BIT_XOR',
  'CAST',
  'CEIL',
  'CEILING',
  'CHAR',
  'CHAR_LENGTH',
  'CHARACTER_LENGTH',
  'COALESCE',
  'CONCAT',
  'CONCAT_WS',
  'CONV',
  'CONVERT',
  'CONVERT_TZ',
  'COS',
  'COT',
  'COUNT',
  'CRC32',
  'CUME_DIST',
  'CURDATE',
  'CURRENT_DATE',
  'CURRENT_TIME',
  'CURRENT_TIMESTAMP',
  'CURTIME',
  'DATABASE',
  'DATE',
  'DATE_ADD',
  'DATE_FORMAT',
  'DATE_SUB',
  'DATEDIFF',
  'DAY',
  'DAYNAME',
  'DAYOFMONTH',
  'DAYOFWEEK',
  'DAYOFYEAR',
  'DEGREES',
  'DENSE_RANK',
  'ELT',
  'EXP',
  'EXTRACT',
  'FIELD',
  'FIND_IN_SET',
  'FIRST_VALUE',
  'FLOOR',
  'FORMAT',
  'FROM_DAYS',
  'FROM_UNIXTIME',
  'GREATEST',
  'GROUP_CONCAT',
  'HEX',
  'HOUR',
  'IF',
  'IFNULL',
  'INET_ATON',
  'INET_NTOA',
  'INSERT',
  'INSTR',
  'ISNULL',
  'JSON_ARRAY',
  'JSON_ARRAYAGG',
  'JSON_CONTAINS',
  'JSON_EXTRACT',
  'JSON_KEYS',
  'JSON_LENGTH',
  'JSON_OBJECT',
  'JSON_OBJECTAGG',
  'JSON_UNQUOTE',
  'JSON_VALUE',
  'LAG',
  'LAST_DAY',
  'LAST_VALUE',
  'LCASE',
  'LEAD',
  'LEAST',
  'LEFT',
  'LENGTH',
  'LN',
  'LOCATE',
  'LOG',
  'LOG10',
  'LOG2',
  'LOWER',
  'LPAD',
  'LTRIM',
  'MAKEDATE',
  'MAKETIME',
  'MAX',
  'MD5',
  'MICROSECOND',
  'MID',
  'MIN',
  'MINUTE',
  'MOD',
  'MONTH',
  'MONTHNAME',
  'NOW',
  'NTH_VALUE',
  'NTILE',
  'NULLIF',
  'OCT',
  'PERCENT_RANK',
  'PERIOD_ADD',
  'PERIOD_DIFF',
  'PI',
  'POSITION',
  'POW',
  'POWER',
  'QUARTER',
  'RADIANS',
  'RAND',
  'RANK',
  'REGEXP_INSTR',
  'REGEXP_LIKE',
  'REGEXP_REPLACE',
  'REGEXP_SUBSTR',
  'REPEAT',
  'REPLACE',
  'REVERSE',
  'RIGHT',
  'ROUND',
  'ROW_NUMBER',
  'RPAD',
  'RTRIM',
  'SEC_TO_TIME',
  'SECOND',
  'SHA1',
  'SHA2',
  'SIGN',
  'SIN',
  'SPACE',
  'SQRT',
  'STD',
  'STDDEV',
  'STDDEV_POP',
  'STDDEV_SAMP',
  'STR_TO_DATE',
  'STRCMP',
  'SUBDATE',
  'SUBSTR',
  'SUBSTRING',
  'SUBSTRING_INDEX',
  'SUBTIME',
  'SUM',
  'SYSDATE',
  'TAN',
  'TIME',
  'TIME_FORMAT',
  'TIME_TO_SEC',
  'TIMEDIFF',
  'TIMESTAMP',
  'TIMESTAMPADD',
  'TIMESTAMPDIFF',
  'TO_DAYS',
  'TO_SECONDS',
  'TRIM',
  'TRUNCATE',
  'UCASE',
  'UNHEX',
  'UNIX_TIMESTAMP',
  'UPPER',
  'USER',
  'UTC_DATE',
  'UTC_TIME',
  'UTC_TIMESTAMP',
  'UUID',
  'VAR_POP',
  'VAR_SAMP',
  'VARIANCE',
  'VERSION',
  'WEEK',
  'WEEKDAY',
  'WEEKOFYEAR',
  'YEAR',
  'YEARWEEK',
];

export async function mysqlFunctionNames(session: MysqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    "SELECT DISTINCT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'",
  );
  return [...new Set([...BUILTIN_FUNCTIONS, ...rows.map((row) => row.name)])].sort(byCodePoint);
}
