import type { Generated } from 'kysely';

/** Row type of `key_value` (migration 0002): small JSON documents such as SQL Lab permalinks. */
export interface DbKeyValue {
  id: Generated<number>;
  resource: string;
  /** JSON text. */
  value: string;
  uuid: string;
  created_on: string;
  created_by_fk: number | null;
  expires_on: string | null;
}

export interface KeyValueTables {
  key_value: DbKeyValue;
}
