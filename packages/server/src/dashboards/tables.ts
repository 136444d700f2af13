import type { Generated } from 'kysely';

/** Row types of the tables migration 0005 creates for dashboards and CSS templates. */
export interface DbDashboard {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  description: string | null;
  css: string | null;
  published: Generated<number>;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Generated<number>;
  external_url: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbDashboardSlice {
  id: Generated<number>;
  dashboard_id: number;
  slice_id: number;
}

export interface DbDashboardOwner {
  id: Generated<number>;
  dashboard_id: number;
  user_id: number;
}

export interface DbDashboardRole {
  id: Generated<number>;
  dashboard_id: number;
  role_id: number;
}

export interface DbCssTemplate {
  id: Generated<number>;
  uuid: string;
  template_name: string;
  css: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DashboardTables {
  dashboards: DbDashboard;
  dashboard_slices: DbDashboardSlice;
  dashboard_user: DbDashboardOwner;
  dashboard_roles: DbDashboardRole;
  css_templates: DbCssTemplate;
}
