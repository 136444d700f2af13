import type { Generated } from 'kysely';

/** Row type of the table migration 0008 creates. */
export interface DbEmbeddedDashboard {
  id: Generated<number>;
  uuid: string;
  /** The allowed framing domains, a JSON list of strings. */
  allow_domain_list: Generated<string>;
  dashboard_id: number;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface EmbeddedTables {
  embedded_dashboards: DbEmbeddedDashboard;
}
