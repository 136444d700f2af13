import type { Generated } from 'kysely';
import type { ChartTables } from '../../charts/tables.ts';
import type { DashboardTables } from '../../dashboards/tables.ts';
import type { DatasetTables } from '../../datasets/tables.ts';
import type { EmbeddedTables } from '../../embedded/tables.ts';
import type { LogTables } from '../../logs/tables.ts';
import type { ReportTables } from '../../reports/tables.ts';
import type { SavedQueryTables } from '../../saved-queries/tables.ts';
import type { SqllabQueryTables } from '../../sqllab/tables.ts';
import type { SqllabStateTables } from '../../sqllab-state/tables.ts';
import type { KeyValueTables } from '../kv/tables.ts';

/**
 * Row types of the metadata store, one interface per table. Booleans are 0/1 integers and times
 * ISO-8601 text on SQLite and PostgreSQL alike.
 */
export interface DbUser {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  active: number;
  created_on: string;
  changed_on: string;
  last_login: string | null;
  login_count: Generated<number>;
  fail_login_count: Generated<number>;
  /** Moves with every new password; tokens carry it, so older ones stop working. */
  credentials_version: Generated<number>;
}

export interface DbRole {
  id: Generated<number>;
  name: string;
}

export interface DbUserRole {
  id: Generated<number>;
  user_id: number;
  role_id: number;
}

export interface DbPermissionView {
  id: Generated<number>;
  permission: string;
  view_menu: string;
}

export interface DbPermissionViewRole {
  id: Generated<number>;
  permission_view_id: number;
  role_id: number;
}

export interface DbSession {
  /** SHA-256 (hex) of the session id the cookie holds; the id itself is never stored. */
  id: string;
  user_id: number;
  csrf_token: string;
  created_on: string;
  expires_on: string;
}

export interface DbDatabase {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  engine: string;
  /** The URI without its password; the password lives encrypted in `password`. */
  sqlalchemy_uri: string;
  password: string | null;
  configuration_method: string;
  expose_in_sqllab: number;
  allow_run_async: number;
  allow_dml: number;
  allow_ctas: number;
  allow_cvas: number;
  allow_file_upload: number;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: string;
  encrypted_extra: string | null;
  is_managed_externally: number;
  external_url: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface MetadataTables
  extends DatasetTables,
    ChartTables,
    DashboardTables,
    SqllabStateTables,
    SavedQueryTables,
    SqllabQueryTables,
    KeyValueTables,
    LogTables,
    EmbeddedTables,
    ReportTables {
  ab_user: DbUser;
  ab_role: DbRole;
  ab_user_role: DbUserRole;
  ab_permission_view: DbPermissionView;
  ab_permission_view_role: DbPermissionViewRole;
  sessions: DbSession;
  dbs: DbDatabase;
}
