import type { Generated } from 'kysely';

/** Row types of the tables migration 0005 creates for charts and favourites. */
export interface DbSlice {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  datasource_id: number | null;
  datasource_type: string | null;
  datasource_name: string | null;
  viz_type: string;
  /** The chart's form data as a JSON string. */
  params: string | null;
  /** The query context the client built when it saved, as a JSON string. */
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Generated<number>;
  external_url: string | null;
  last_saved_at: string | null;
  last_saved_by_fk: number | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  created_on: string;
  changed_on: string;
}

export interface DbSliceOwner {
  id: Generated<number>;
  slice_id: number;
  user_id: number;
}

/** `class_name` is `slice` for a chart and `Dashboard` for a dashboard, as Superset writes them. */
export interface DbFavStar {
  id: Generated<number>;
  user_id: number;
  class_name: string;
  obj_id: number;
  dttm: string;
}

export interface ChartTables {
  slices: DbSlice;
  slice_user: DbSliceOwner;
  favstar: DbFavStar;
}
