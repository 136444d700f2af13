import { z } from 'zod';
import { ItemAnswer, listAnswerSchema } from './common.ts';

/**
 * The event log (Superset's LogRestApi and `/superset/log/`): the client's batched events, the
 * admins' list of the `logs` table, and the signed-in user's recent activity.
 */

/** Most events one batch may carry: Superset's client sends at most 1024 per request. */
export const MAX_EVENTS_PER_BATCH = 1024;
/** Largest stored JSON of one event, in characters; a bigger event refuses its batch. */
export const MAX_EVENT_CHARS = 16 * 1024;

/** One event as the client sends it (spec "Log event"); fields beyond these are kept as sent. */
export const LogEvent = z.looseObject({
  impression_id: z.string().max(64).optional(),
  version: z.string().max(16).optional(),
  source: z.string().max(64).nullable().optional(),
  source_id: z
    .union([z.number(), z.string().max(256)])
    .nullable()
    .optional(),
  dashboard_id: z.number().int().nullable().optional(),
  slice_id: z.number().int().nullable().optional(),
  db_id: z.number().int().nullable().optional(),
  schema: z.string().max(256).nullable().optional(),
  ts: z.number().optional(),
  event_name: z.string().min(1).max(256),
  event_type: z.enum(['user', 'timing']).optional(),
  event_id: z.string().max(64).optional(),
  visibility: z.string().max(32).optional(),
  trigger_event: z.string().max(64).nullable().optional(),
  target_id: z
    .union([z.number(), z.string().max(256)])
    .nullable()
    .optional(),
  target_name: z.string().max(256).nullable().optional(),
  duration: z.number().optional(),
});
export type LogEvent = z.infer<typeof LogEvent>;

export const LogBatch = z.array(LogEvent).min(1).max(MAX_EVENTS_PER_BATCH);

/**
 * A batch: `events` as a JSON array, or as JSON text (the form field Superset's `sendBeacon`
 * posts). The server reads either from a form or a JSON body.
 */
export const LogBatchBody = z.object({ events: z.union([z.string(), LogBatch]) });
export type LogBatchBody = z.infer<typeof LogBatchBody>;

/** `?explode=events&dashboard_id=3`: what Superset's client adds to the address of a batch. */
export const LogBatchQuery = z.object({
  explode: z.string().optional(),
  dashboard_id: z.coerce.number().int().optional(),
  slice_id: z.coerce.number().int().optional(),
});

export const LogStoredAnswer = z.object({ message: z.string(), count: z.number() });

/** A row of `logs` as the API shows it. */
export const LogItem = z.object({
  id: z.number(),
  action: z.string(),
  user_id: z.number().nullable(),
  user: z.object({ username: z.string() }).nullable(),
  json: z.string().nullable(),
  dttm: z.string(),
  dashboard_id: z.number().nullable(),
  slice_id: z.number().nullable(),
  duration_ms: z.number().nullable(),
  referrer: z.string().nullable(),
});
export type LogItem = z.infer<typeof LogItem>;

export const LogListAnswer = listAnswerSchema(LogItem);
export type LogListAnswer = z.infer<typeof LogListAnswer>;
export const LogItemAnswer = ItemAnswer(LogItem);

/** `q` of recent activity: Superset's page arguments and `distinct`. */
export const RecentActivityQuery = z
  .object({
    page: z.number().int().min(0).optional(),
    page_size: z.number().int().min(1).max(100).optional(),
    distinct: z.boolean().optional(),
    actions: z.array(z.string()).optional(),
  })
  .strict();
export type RecentActivityQuery = z.infer<typeof RecentActivityQuery>;

export const RecentActivityItem = z.object({
  action: z.string(),
  item_type: z.enum(['dashboard', 'slice']),
  item_url: z.string(),
  item_title: z.string(),
  time: z.number(),
  time_delta_humanized: z.string(),
});
export type RecentActivityItem = z.infer<typeof RecentActivityItem>;

export const RecentActivityAnswer = z.object({ result: z.array(RecentActivityItem) });
