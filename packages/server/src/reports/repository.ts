import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type AuditSource, changedStamp, createdStamp } from '../platform/metadata/audit.ts';
import type { MetadataTables } from '../platform/metadata/tables.ts';
import type { DbReportExecutionLog, DbReportSchedule } from './tables.ts';

type Db = Kysely<MetadataTables> | Transaction<MetadataTables>;

export type ReportRow = Selectable<DbReportSchedule>;
export type LogRow = Selectable<DbReportExecutionLog>;
/** The columns a caller's payload sets (the rest are the runner's or the audit's). */
export type ReportWrite = Omit<
  Insertable<DbReportSchedule>,
  | 'id'
  | 'created_by_fk'
  | 'changed_by_fk'
  | 'created_on'
  | 'changed_on'
  | 'last_eval_dttm'
  | 'last_state'
  | 'last_value'
  | 'last_value_row_json'
>;
export interface RecipientWrite {
  type: string;
  recipient_config_json: string;
}
export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}
export interface RecipientRow {
  id: number;
  report_schedule_id: number;
  type: string;
  recipient_config_json: string;
}
/** What the runner records on the schedule after a run. */
export interface StateUpdate {
  last_state: string;
  last_eval_dttm: string;
  last_value?: number | null;
  last_value_row_json?: string | null;
}

const MAX_ID = 2147483647;

export const reportRepository = {
  async insert(
    tx: Db,
    row: ReportWrite,
    owners: number[],
    recipients: RecipientWrite[],
    by: AuditSource,
  ): Promise<number> {
    const { id } = await tx
      .insertInto('report_schedule')
      .values({ ...row, ...createdStamp(by) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.setOwners(tx, id, owners);
    await this.setRecipients(tx, id, recipients, by);
    return id;
  },

  async update(tx: Db, id: number, row: Partial<ReportWrite>, by: AuditSource): Promise<void> {
    await tx
      .updateTable('report_schedule')
      .set({ ...row, ...changedStamp(by) })
      .where('id', '=', id)
      .execute();
  },

  async setOwners(tx: Db, id: number, owners: number[]): Promise<void> {
    await tx.deleteFrom('report_schedule_user').where('report_schedule_id', '=', id).execute();
    if (owners.length === 0) return;
    await tx
      .insertInto('report_schedule_user')
      .values(owners.map((user_id) => ({ report_schedule_id: id, user_id })))
      .execute();
  },

  async setRecipients(
    tx: Db,
    id: number,
    recipients: RecipientWrite[],
    by: AuditSource,
  ): Promise<void> {
    await tx.deleteFrom('report_recipient').where('report_schedule_id', '=', id).execute();
    if (recipients.length === 0) return;
    await tx
      .insertInto('report_recipient')
      .values(recipients.map((r) => ({ ...r, report_schedule_id: id, ...createdStamp(by) })))
      .execute();
  },

  get(db: Db, id: number): Promise<ReportRow | undefined> {
    if (id > MAX_ID) return Promise.resolve(undefined);
    return db.selectFrom('report_schedule').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Every report, or those `userId` created (a non-admin's list). */
  list(db: Db, createdBy?: number): Promise<ReportRow[]> {
    let query = db.selectFrom('report_schedule').selectAll();
    if (createdBy !== undefined) query = query.where('created_by_fk', '=', createdBy);
    return query.orderBy('id').execute();
  },

  active(db: Db): Promise<ReportRow[]> {
    return db.selectFrom('report_schedule').selectAll().where('active', '=', 1).execute();
  },

  async nameTaken(db: Db, name: string, type: string, exceptId?: number): Promise<boolean> {
    let query = db
      .selectFrom('report_schedule')
      .select('id')
      .where('name', '=', name)
      .where('type', '=', type);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  async owners(db: Db, ids: number[]): Promise<Map<number, Person[]>> {
    const map = new Map<number, Person[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom('report_schedule_user as o')
      .innerJoin('ab_user as u', 'u.id', 'o.user_id')
      .select(['o.report_schedule_id', 'u.id', 'u.first_name', 'u.last_name'])
      .where('o.report_schedule_id', 'in', ids)
      .orderBy('u.id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.report_schedule_id) ?? [];
      list.push({ id: r.id, first_name: r.first_name, last_name: r.last_name });
      map.set(r.report_schedule_id, list);
    }
    return map;
  },

  async recipients(db: Db, ids: number[]): Promise<Map<number, RecipientRow[]>> {
    const map = new Map<number, RecipientRow[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom('report_recipient')
      .select(['id', 'report_schedule_id', 'type', 'recipient_config_json'])
      .where('report_schedule_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.report_schedule_id) ?? [];
      list.push(r);
      map.set(r.report_schedule_id, list);
    }
    return map;
  },

  async people(db: Db, ids: number[]): Promise<Map<number, Person>> {
    const unique = [...new Set(ids)].filter((id) => id <= MAX_ID);
    if (unique.length === 0) return new Map();
    const rows = await db
      .selectFrom('ab_user')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },

  chartName(db: Db, id: number) {
    return db
      .selectFrom('slices')
      .select(['id', 'slice_name', 'viz_type'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** What a report needs to query a chart's data: its saved controls and datasource. */
  chartParams(db: Db, id: number) {
    return db
      .selectFrom('slices')
      .select(['id', 'params', 'viz_type', 'datasource_id', 'datasource_type'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  dashboardName(db: Db, id: number) {
    return db
      .selectFrom('dashboards')
      .select(['id', 'dashboard_title'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  databaseName(db: Db, id: number) {
    return db
      .selectFrom('dbs')
      .select(['id', 'database_name'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async delete(tx: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // Children first: SQLite enforces the cascades only with foreign keys on.
    await tx.deleteFrom('report_execution_log').where('report_schedule_id', 'in', ids).execute();
    await tx.deleteFrom('report_recipient').where('report_schedule_id', 'in', ids).execute();
    await tx.deleteFrom('report_schedule_user').where('report_schedule_id', 'in', ids).execute();
    await tx.deleteFrom('report_schedule').where('id', 'in', ids).execute();
  },

  async setState(db: Db, id: number, state: StateUpdate): Promise<void> {
    await db.updateTable('report_schedule').set(state).where('id', '=', id).execute();
  },

  // ---- the execution log ----------------------------------------------------------------------

  async insertLog(db: Db, row: Omit<Insertable<DbReportExecutionLog>, 'id'>): Promise<void> {
    await db.insertInto('report_execution_log').values(row).execute();
  },

  /** Changes a log row only while it is still in `from` (a timed-out run may not overwrite). */
  async finishLog(
    db: Db,
    uuid: string,
    from: string,
    fields: Partial<Omit<LogRow, 'id' | 'uuid' | 'report_schedule_id'>>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('report_execution_log')
      .set(fields)
      .where('uuid', '=', uuid)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * The latest log row in `state`. A run that started has no error while Working; the rows
   * that say a run is still working carry one and are not runs.
   */
  lastLog(db: Db, reportId: number, state: string): Promise<LogRow | undefined> {
    let query = db
      .selectFrom('report_execution_log')
      .selectAll()
      .where('report_schedule_id', '=', reportId)
      .where('state', '=', state);
    if (state === 'Working') query = query.where('error_message', 'is', null);
    return query.orderBy('start_dttm', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  async logs(
    db: Db,
    reportId: number,
    order: { column: string; direction: 'asc' | 'desc' },
    page: number,
    pageSize: number,
  ): Promise<{ count: number; rows: LogRow[] }> {
    const base = db.selectFrom('report_execution_log').where('report_schedule_id', '=', reportId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    let query = base
      .selectAll()
      .orderBy(sql.ref(order.column), order.direction)
      .orderBy('id', order.direction);
    if (pageSize >= 0) query = query.limit(pageSize).offset(page * pageSize);
    return { count: Number(total?.n ?? 0), rows: await query.execute() };
  },

  log(db: Db, reportId: number, logId: number): Promise<LogRow | undefined> {
    if (logId > MAX_ID) return Promise.resolve(undefined);
    return db
      .selectFrom('report_execution_log')
      .selectAll()
      .where('report_schedule_id', '=', reportId)
      .where('id', '=', logId)
      .executeTakeFirst();
  },

  async pruneLogs(db: Db, reportId: number, before: string): Promise<number> {
    const result = await db
      .deleteFrom('report_execution_log')
      .where('report_schedule_id', '=', reportId)
      .where('scheduled_dttm', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async usersExist(db: Db, ids: number[]): Promise<number[]> {
    const found = await this.people(db, ids);
    return ids.filter((id) => !found.has(id));
  },
};
