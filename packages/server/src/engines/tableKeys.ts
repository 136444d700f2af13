import type { ColumnMetadata, TableMetadata } from './types.ts';

/**
 * The keys a column takes part in (primary key, foreign keys, indexes), as `table_metadata`
 * lists them on each column.
 */
export function columnKeys(
  column: string,
  table: Pick<TableMetadata, 'primaryKey' | 'foreignKeys' | 'indexes'>,
): ColumnMetadata['keys'] {
  const keys: ColumnMetadata['keys'] = [];
  const { primaryKey } = table;
  if (primaryKey?.column_names.includes(column))
    keys.push({ type: 'pk', name: primaryKey.name, column_names: primaryKey.column_names });
  for (const fk of table.foreignKeys)
    if (fk.column_names.includes(column))
      keys.push({ type: 'fk', name: fk.name, column_names: fk.column_names });
  for (const index of table.indexes)
    if (index.column_names.includes(column))
      keys.push({ type: 'index', name: index.name, column_names: index.column_names });
  return keys;
}
