import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

/** A chart built on a dataset: its datasource type is one of these, or none (a dataset). */
const CHART_SOURCE_TYPE = sql<string>`coalesce(s.datasource_type, 'table')`;
const DATASET_TYPES = ['table', 'dataset'];
/** Beyond an integer column's range nothing can match, and PostgreSQL would refuse the value. */
const MAX_ID = 2147483647;

/** An embedding with the names of who last changed it. */
export interface EmbeddedRecord {
  uuid: string;
  dashboardId: number;
  allowedDomains: string[];
  changedOn: string;
  changedBy: { id: number; first_name: string; last_name: string } | null;
}

function domainsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

function select(db: Db) {
  return db
    .selectFrom('embedded_dashboards as e')
    .leftJoin('ab_user as u', 'u.id', 'e.changed_by_fk')
    .select([
      'e.uuid',
      'e.dashboard_id',
      'e.allow_domain_list',
      'e.changed_on',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

function recordOf(row: Selected | undefined): EmbeddedRecord | undefined {
  if (!row) return undefined;
  return {
    uuid: row.uuid,
    dashboardId: row.dashboard_id,
    allowedDomains: domainsOf(row.allow_domain_list),
    changedOn: row.changed_on,
    changedBy:
      row.user_id === null
        ? null
        : { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
  };
}

/** The only SQL against `embedded_dashboards`. */
export const embeddedRepository = {
  async byDashboard(db: Db, dashboardId: number): Promise<EmbeddedRecord | undefined> {
    return recordOf(await select(db).where('e.dashboard_id', '=', dashboardId).executeTakeFirst());
  },

  async byUuid(db: Db, uuid: string): Promise<EmbeddedRecord | undefined> {
    return recordOf(await select(db).where('e.uuid', '=', uuid).executeTakeFirst());
  },

  /** The dashboard of each embedding named (unknown uuids are left out). */
  async dashboardIds(db: Db, uuids: string[]): Promise<Map<string, number>> {
    if (uuids.length === 0) return new Map();
    const rows = await db
      .selectFrom('embedded_dashboards')
      .select(['uuid', 'dashboard_id'])
      .where('uuid', 'in', uuids)
      .execute();
    return new Map(rows.map((r) => [r.uuid, r.dashboard_id]));
  },

  /**
   * Superset's EmbeddedDashboardDAO.upsert: the domains change, an existing uuid stays. One
   * statement, so two editors enabling the embedding at once make one row.
   */
  async upsert(db: Db, dashboardId: number, domains: string[], by: AuditSource): Promise<void> {
    const allow_domain_list = JSON.stringify(domains);
    await db
      .insertInto('embedded_dashboards')
      .values({
        uuid: randomUUID(),
        dashboard_id: dashboardId,
        allow_domain_list,
        ...createdStamp(by),
      })
      .onConflict((oc) =>
        oc.column('dashboard_id').doUpdateSet({ allow_domain_list, ...changedStamp(by) }),
      )
      .execute();
  },

  /** The engines of the datasets behind the charts of these dashboards. */
  async enginesBehind(db: Db, dashboardIds: number[]): Promise<string[]> {
    if (dashboardIds.length === 0) return [];
    const rows = await db
      .selectFrom('dashboard_slices as ds')
      .innerJoin('slices as s', 's.id', 'ds.slice_id')
      .innerJoin('tables as t', 't.id', 's.datasource_id')
      .innerJoin('dbs as d', 'd.id', 't.database_id')
      .select('d.engine')
      .distinct()
      .where('ds.dashboard_id', 'in', dashboardIds)
      .where(CHART_SOURCE_TYPE, 'in', DATASET_TYPES)
      .execute();
    return rows.map((r) => r.engine);
  },

  /** The engine of a dataset's database, or undefined when there is no such dataset. */
  async datasetEngine(db: Db, datasetId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('tables as t')
      .innerJoin('dbs as d', 'd.id', 't.database_id')
      .select('d.engine')
      .where('t.id', '=', datasetId)
      .executeTakeFirst();
    return row?.engine;
  },

  /** What a saved chart shows: its form data and stored query context (JSON text). */
  async chartDefinition(
    db: Db,
    sliceId: number,
  ): Promise<{ params: string | null; query_context: string | null } | undefined> {
    if (sliceId > MAX_ID) return undefined;
    return db
      .selectFrom('slices')
      .select(['params', 'query_context'])
      .where('id', '=', sliceId)
      .executeTakeFirst();
  },

  /** Whether the chart is on the dashboard and built on the dataset. */
  async chartOnDashboardReads(
    db: Db,
    dashboardId: number,
    sliceId: number,
    datasetId: number,
  ): Promise<boolean> {
    if (Math.max(dashboardId, sliceId, datasetId) > MAX_ID) return false;
    const row = await db
      .selectFrom('dashboard_slices as ds')
      .innerJoin('slices as s', 's.id', 'ds.slice_id')
      .select('s.id')
      .where('ds.dashboard_id', '=', dashboardId)
      .where('ds.slice_id', '=', sliceId)
      .where('s.datasource_id', '=', datasetId)
      .where(CHART_SOURCE_TYPE, 'in', DATASET_TYPES)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A dashboard's json_metadata text (its native filters), or undefined when there is none. */
  async dashboardMetadata(db: Db, dashboardId: number): Promise<string | null | undefined> {
    if (dashboardId > MAX_ID) return undefined;
    const row = await db
      .selectFrom('dashboards')
      .select('json_metadata')
      .where('id', '=', dashboardId)
      .executeTakeFirst();
    return row?.json_metadata;
  },

  async delete(db: Db, dashboardId: number): Promise<void> {
    await db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboardId).execute();
  },
};
