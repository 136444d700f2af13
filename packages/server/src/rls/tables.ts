import type { Generated } from 'kysely';

/** Row types of the row-level security tables (migration 0004). */
export interface DbRlsFilter {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** `Regular` or `Base`. */
  filter_type: string;
  group_key: string | null;
  clause: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbRlsFilterRole {
  id: Generated<number>;
  rls_filter_id: number;
  role_id: number;
}

export interface DbRlsFilterTable {
  id: Generated<number>;
  rls_filter_id: number;
  table_id: number;
}

export interface RlsTables {
  row_level_security_filters: DbRlsFilter;
  rls_filter_roles: DbRlsFilterRole;
  rls_filter_tables: DbRlsFilterTable;
}
