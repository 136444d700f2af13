import { z } from 'zod';
import { ChartDataAnswer } from './chartData.ts';

/**
 * Global async queries (the GLOBAL_ASYNC_QUERIES flag), in Superset's wire shapes: a chart-data
 * miss answers 202 with a job, the job's events travel on the caller's channel (the `async-token`
 * cookie), and a `done` event names where its result waits (`result_url`).
 */

/** Superset's job statuses; the client acts on `done` and `error` only. */
export const ASYNC_JOB_STATUSES = ['pending', 'running', 'error', 'done'] as const;
export const AsyncJobStatus = z.enum(ASYNC_JOB_STATUSES);
export type AsyncJobStatus = z.infer<typeof AsyncJobStatus>;

/** Superset's cookie carrying the channel (claims `channel` and `sub`). */
export const ASYNC_TOKEN_COOKIE = 'async-token';
/** At most this many events after `last_id` per `GET /api/v1/async_event/` (Superset's). */
export const ASYNC_EVENTS_MAX = 100;

export const AsyncJobError = z.looseObject({ message: z.string() });

/** The 202 answer of a chart-data miss, and the body of every event of its job. */
export const AsyncJob = z.object({
  channel_id: z.string(),
  job_id: z.string(),
  user_id: z.number().nullable(),
  status: AsyncJobStatus,
  errors: z.array(AsyncJobError),
  result_url: z.string().nullable(),
});
export type AsyncJob = z.infer<typeof AsyncJob>;

/** An event as read back: the job's fields and the stream id (`<ms>-<seq>`) to resume after. */
export const AsyncEvent = AsyncJob.extend({ id: z.string() });
export type AsyncEvent = z.infer<typeof AsyncEvent>;

export const AsyncEventsQuery = z.object({
  last_id: z
    .string()
    .max(64)
    .regex(/^\d+-\d+$/, 'last_id must look like 1607477697866-0')
    .optional(),
});
export const AsyncEventsAnswer = z.object({ result: z.array(AsyncEvent) });
export type AsyncEventsAnswer = z.infer<typeof AsyncEventsAnswer>;

/** `POST /api/v1/chart/data` with the flag on: the data (200) or a job to wait for (202). */
export const AsyncChartDataAnswer = z.union([ChartDataAnswer, AsyncJob]);
export type AsyncChartDataAnswer = z.infer<typeof AsyncChartDataAnswer>;

/**
 * A batch entry with the flag on: the data, an error, or `{status: 202, job}` (the job apart,
 * since its own `status` is the job's).
 */
export const AsyncBatchJobEntry = z.object({ status: z.literal(202), job: AsyncJob });
export type AsyncBatchJobEntry = z.infer<typeof AsyncBatchJobEntry>;

export function isAsyncJob(answer: unknown): answer is AsyncJob {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof (answer as { job_id?: unknown }).job_id === 'string' &&
    typeof (answer as { channel_id?: unknown }).channel_id === 'string'
  );
}

/** The error event of a job still unfinished at its deadline (its worker busy, gone or absent). */
export const asyncJobTimeoutMessage = (seconds: number) =>
  `The chart query did not finish within ${seconds} seconds`;
/** The error event of a job whose worker stopped answering while it ran. */
export const ASYNC_WORKER_LOST_MESSAGE =
  'The worker running this chart query stopped before it finished';
/** `GET /api/v1/async_event/` and the websocket without a valid `async-token` cookie. */
export const ASYNC_TOKEN_INVALID_MESSAGE =
  'Not authorized: the async-token cookie is missing or invalid';
