import { randomBytes, randomUUID } from 'node:crypto';
import {
  ASYNC_EVENTS_MAX,
  ASYNC_WORKER_LOST_MESSAGE,
  type AsyncEvent,
  type AsyncJob,
  asyncJobTimeoutMessage,
} from '@tessera/shared/api/async';
import type { QueryContext } from '@tessera/shared/api/chartData';
import { isTesseraError, TesseraError } from '@tessera/shared/errors';
import { postChartData } from '../charts-data/endpoints.ts';
import { exploreJson } from '../charts-data/legacy.ts';
import type { AppContext } from '../context.ts';
import { logFailedChartQuery } from '../logs/service.ts';
import type { Job } from '../platform/queue/types.ts';
import { type Actor, requirePermission, userActor } from '../security/actor.ts';
import { SecurityService } from '../security/service.ts';
import type { AsyncQueries } from './parts.ts';

/**
 * Global async queries: a chart-data miss becomes a job on its own queue (`charts`: in-process,
 * or BullMQ on Redis for `tessera worker` processes), computed as the user who asked (an actor
 * made from the user id, no request), its result kept in the chart-data cache under a key only
 * that user may read, and its events published on the user's channel.
 */

export const CHART_JOB = 'async.chart';
export const EXPLORE_JSON_JOB = 'async.explore_json';

/** What a chart job computes: a query context with its call, or legacy explore_json form data. */
export type ChartWork =
  | {
      kind: 'chart';
      body: QueryContext;
      call: { force: boolean; formData?: unknown; dashboardId?: string };
    }
  | { kind: 'explore_json'; formData: Record<string, unknown>; force: boolean; path: object };

/** A result key: 48 hex characters, so it never meets a chart-data key (a 64-character digest). */
const RESULT_KEY_BYTES = 24;
export const isResultKey = (key: string) => /^[0-9a-f]{48}$/.test(key);

interface StoredResult {
  owner: number;
  kind: ChartWork['kind'];
  /** The results' JSON texts (chart) or the legacy payload (explore_json). */
  json: string[];
}

export function asyncParts(ctx: AppContext): AsyncQueries {
  if (!ctx.asyncQueries) throw new TesseraError(404, 'Not found');
  return ctx.asyncQueries;
}

/** Whether this call may become a job: the flag is on and a user (no guest) asks. */
export function takesJobs(ctx: AppContext, actor: Actor): boolean {
  return ctx.asyncQueries !== null && actor.kind === 'user' && actor.user !== null;
}

/** Queues the work for the actor on their channel and answers the 202 body. */
export async function enqueueChartJob(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  work: ChartWork,
): Promise<AsyncJob> {
  const parts = asyncParts(ctx);
  const userId = actor.user?.id;
  if (userId === undefined) throw new TesseraError(401, 'Not authorized');
  const job: AsyncJob = {
    channel_id: channelId,
    job_id: randomUUID(),
    user_id: userId,
    status: 'pending',
    errors: [],
    result_url: null,
  };
  await parts.jobs.add({
    jobId: job.job_id,
    channelId,
    userId: job.user_id,
    deadline: Date.now() + ctx.config.globalAsync.jobTimeoutSeconds * 1000,
    beat: null,
  });
  try {
    await parts.queue.enqueue(
      work.kind === 'chart' ? CHART_JOB : EXPLORE_JSON_JOB,
      { job, work },
      { jobId: job.job_id },
    );
  } catch (error) {
    await parts.jobs.claimEnd(job.job_id);
    throw error;
  }
  await parts.events.publish(job);
  return job;
}

/**
 * A poll with nothing new is held this long at most, answered as soon as an event of its channel
 * arrives: a job's `done` reaches a polling browser at once rather than at its next poll. The
 * answer's shape is Superset's; only its timing differs.
 */
export const EVENTS_HOLD_MS = 2000;

/** The events of a channel after `lastId`, at most ASYNC_EVENTS_MAX (see EVENTS_HOLD_MS). */
export async function channelEvents(
  ctx: AppContext,
  channelId: string,
  lastId: string | null,
  holdMs = 0,
): Promise<AsyncEvent[]> {
  const { events } = asyncParts(ctx);
  let wake: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    wake = resolve;
  });
  // Listening before reading: an event published in between still wakes the hold.
  const unsubscribe = events.subscribe((event) => {
    if (event.channel_id === channelId) wake();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const now = await events.read(channelId, lastId, ASYNC_EVENTS_MAX);
    if (now.length > 0 || holdMs <= 0) return now;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), holdMs);
    });
    if (await Promise.race([arrived.then(() => false), timedOut])) return [];
    return await events.read(channelId, lastId, ASYNC_EVENTS_MAX);
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

/**
 * A finished job's result, to the user it was computed for only: anyone else (and a missing or
 * expired key) gets null, answered as the same 404, so a key learnt elsewhere reveals nothing.
 */
export async function jobResult(
  ctx: AppContext,
  actor: Actor,
  key: string,
  kind: ChartWork['kind'],
): Promise<string[] | null> {
  requirePermission(actor, 'can_read', 'Chart');
  if (!isResultKey(key)) return null;
  let stored: StoredResult;
  try {
    const text = await ctx.dataCache.get(key);
    if (!text) return null;
    stored = JSON.parse(text) as StoredResult;
  } catch {
    return null;
  }
  if (stored.owner !== actor.user?.id || stored.kind !== kind || !Array.isArray(stored.json)) {
    return null;
  }
  return stored.json;
}

/** The errors of a failed job as Superset's events carry them (`[{message, ...}]`). */
function errorsOf(error: unknown): AsyncJob['errors'] {
  if (isTesseraError(error)) {
    const body = error.toBody() as { errors?: AsyncJob['errors']; message?: unknown };
    if (Array.isArray(body.errors)) return body.errors;
    return [{ message: typeof body.message === 'string' ? body.message : error.message }];
  }
  return [{ message: 'The chart query failed on the server' }];
}

export interface ChartJobOptions {
  /** How often a running job says its worker is alive. */
  heartbeatMs?: number;
}

/** Runs one job: as its user, once, ending with exactly one `done` or `error` event. */
export async function runChartJob(
  ctx: AppContext,
  queued: Job,
  options: ChartJobOptions = {},
): Promise<void> {
  const parts = asyncParts(ctx);
  const { job, work } = queued.data as { job: AsyncJob; work: ChartWork };
  // Handed out again after its worker died, or already ended by a sweep: nothing to do.
  if (await parts.jobs.ended(job.job_id)) return;
  await parts.jobs.beat(job.job_id);
  await parts.events.publish({ ...job, status: 'running' });
  const heartbeat = setInterval(
    () => void parts.jobs.beat(job.job_id).catch(() => undefined),
    options.heartbeatMs ?? 2000,
  );
  heartbeat.unref();
  let actor: Actor | null = null;
  try {
    const user = await new SecurityService(ctx).loadCurrentUser(Number(job.user_id), 'job');
    if (!user) throw new TesseraError(401, 'Not authorized');
    actor = userActor(user, { baseUrl: '', log: ctx.logger });
    const json = await compute(ctx, actor, work);
    clearInterval(heartbeat);
    const key = randomBytes(RESULT_KEY_BYTES).toString('hex');
    const stored: StoredResult = { owner: user.id, kind: work.kind, json };
    await ctx.dataCache.set(key, JSON.stringify(stored), ctx.config.dataCacheTimeout);
    const base = work.kind === 'chart' ? '/api/v1/chart/data/' : '/superset/explore_json/data/';
    if (await parts.jobs.claimEnd(job.job_id)) {
      await parts.events.publish({ ...job, status: 'done', result_url: `${base}${key}` });
    }
  } catch (error) {
    clearInterval(heartbeat);
    if (actor && work.kind === 'chart') logFailedChartQuery(ctx, actor, work.body, error);
    if (!isTesseraError(error) || error.status >= 500) {
      ctx.logger.error({ err: error }, 'chart job failed');
    }
    if (await parts.jobs.claimEnd(job.job_id)) {
      await parts.events.publish({ ...job, status: 'error', errors: errorsOf(error) });
    }
  } finally {
    clearInterval(heartbeat);
  }
}

async function compute(ctx: AppContext, actor: Actor, work: ChartWork): Promise<string[]> {
  if (work.kind === 'explore_json') {
    const payload = await exploreJson(ctx, actor, work.formData, {
      force: work.force,
      path: work.path as { type?: string; id?: string },
    });
    return [JSON.stringify(payload)];
  }
  const reply = await postChartData(ctx, actor, work.body, work.call);
  if (reply.kind !== 'json')
    throw new TesseraError(400, 'An asynchronous chart query answers JSON');
  return reply.json;
}

/**
 * Ends the jobs nobody will end: past their deadline (waiting for a worker that never came, or
 * running too long), or running on a worker that stopped beating. Any process may sweep; the
 * tracker lets one of them (or the job itself) end each job. Answers the ids it ended.
 */
export async function sweepJobs(ctx: AppContext, leaseMs: number): Promise<string[]> {
  const parts = asyncParts(ctx);
  const now = Date.now();
  const ended: string[] = [];
  for (const tracked of await parts.jobs.all()) {
    const late = now > tracked.deadline;
    const lost = tracked.beat !== null && now - tracked.beat > leaseMs;
    if (!late && !lost) continue;
    if (!(await parts.jobs.claimEnd(tracked.jobId))) continue;
    const message = late
      ? asyncJobTimeoutMessage(ctx.config.globalAsync.jobTimeoutSeconds)
      : ASYNC_WORKER_LOST_MESSAGE;
    await parts.events.publish({
      channel_id: tracked.channelId,
      job_id: tracked.jobId,
      user_id: tracked.userId,
      status: 'error',
      errors: [{ message }],
      result_url: null,
    });
    ended.push(tracked.jobId);
  }
  return ended;
}

/**
 * Whether a query context may become a job: JSON answers of full results only, as Superset
 * sends only those to the worker (exports, samples, `query` and the rest answer at once).
 */
export function isJobCandidate(body: QueryContext): boolean {
  if ((body.result_format ?? 'json') !== 'json') return false;
  const type = body.result_type ?? 'full';
  return body.queries.every((query) => (query.result_type ?? type) === 'full');
}
