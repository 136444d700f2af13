import type { ArrowKind } from '../arrow.ts';
import type { TypeGeneric } from '../types.ts';

/** MySQL protocol column type codes to type names (the wire carries codes, not names). */
const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};

const BINARY_CHARSET = 63;

export function mysqlResultTypeName(
  columnType: number | undefined,
  characterSet: number | undefined,
): string {
  const name = TYPE_NAMES[columnType ?? 253] ?? 'VARCHAR';
  if (name.endsWith('BLOB') && characterSet !== BINARY_CHARSET) return name.replace('BLOB', 'TEXT');
  if (name === 'VARCHAR' && characterSet === BINARY_CHARSET) return 'VARBINARY';
  return name;
}

/** type_generic of a MySQL type name (`int(11)`, `decimal(10,2)`, `datetime`, ...). */
export function mysqlTypeGeneric(typeName: string): TypeGeneric {
  const name = typeName.toUpperCase().trim();
  if (name === 'BOOLEAN' || name === 'BOOL') return 3;
  if (/^(DATE|DATETIME|TIMESTAMP)\b/.test(name)) return 2;
  if (
    /^(TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|FLOAT|DOUBLE|REAL|DECIMAL|NUMERIC|DEC|YEAR)\b/.test(
      name,
    )
  )
    return 0;
  return 1;
}

export function mysqlArrowKind(typeName: string): ArrowKind {
  const name = typeName.toUpperCase().trim();
  if (/^(TINYINT|SMALLINT|MEDIUMINT|INT|YEAR)\b/.test(name)) return 'int32';
  if (/^BIGINT\b/.test(name)) return 'int64';
  if (/^(FLOAT|DOUBLE|DECIMAL)\b/.test(name)) return 'float64';
  if (name === 'DATE') return 'date';
  if (name === 'DATETIME' || name === 'TIMESTAMP') return 'timestamp';
  return 'utf8';
}
