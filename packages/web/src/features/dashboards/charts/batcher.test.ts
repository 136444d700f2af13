import type { QueryContext } from '@tessera/shared/api/chartData';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../app/api.ts';
import { createAsyncEvents } from '../../../app/asyncEvents.ts';
import { CHART_DATA_BATCH_PATH, createChartDataBatcher } from './batcher.ts';

const context = (id: number): QueryContext => ({
  datasource: { id: 1, type: 'table' },
  queries: [{ row_limit: id }],
  form_data: { slice_id: id },
});

function server(handler: (path: string, body: unknown) => { status: number; body: unknown }) {
  const calls: string[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      const url = String(input);
      if (url.includes('csrf_token')) return Response.json({ result: 'token' });
      calls.push(url);
      const reply = handler(url, init?.body ? JSON.parse(String(init.body)) : undefined);
      return Response.json(reply.body, { status: reply.status });
    },
  });
  return { api, calls };
}

describe('the chart-data batcher', () => {
  it('sends the calls of one tick as one batch and answers each in order', async () => {
    const { api, calls } = server((_path, body) => ({
      status: 200,
      body: {
        result: (body as { queries: QueryContext[] }).queries.map((q) =>
          q.queries[0]?.row_limit === 2
            ? { status: 403, message: 'You do not have access' }
            : { status: 200, result: [{ rowcount: q.queries[0]?.row_limit }] },
        ),
      },
    }));
    const batcher = createChartDataBatcher(api);
    const [one, two, three] = await Promise.allSettled(
      [1, 2, 3].map((id) => batcher.fetch({ queryContext: context(id), sliceId: id })),
    );
    expect(calls.filter((c) => c.startsWith(CHART_DATA_BATCH_PATH))).toHaveLength(1);
    expect(one).toMatchObject({ status: 'fulfilled', value: { result: [{ rowcount: 1 }] } });
    expect(two).toMatchObject({
      status: 'rejected',
      reason: { message: 'You do not have access' },
    });
    expect(three).toMatchObject({ status: 'fulfilled', value: { result: [{ rowcount: 3 }] } });
    expect(batcher.supported).toBe(true);
  });

  it('sends what is queued at once when flushed, not at the end of the tick', async () => {
    const { api, calls } = server((_path, body) => ({
      status: 200,
      body: {
        result: (body as { queries: QueryContext[] }).queries.map((q) => ({
          status: 200,
          result: [{ rowcount: q.queries[0]?.row_limit }],
        })),
      },
    }));
    const scheduled: Array<() => void> = [];
    const batcher = createChartDataBatcher(api, { schedule: (flush) => scheduled.push(flush) });
    const answers = [1, 2].map((id) => batcher.fetch({ queryContext: context(id), sliceId: id }));
    batcher.flush();
    await expect(Promise.all(answers)).resolves.toMatchObject([
      { result: [{ rowcount: 1 }] },
      { result: [{ rowcount: 2 }] },
    ]);
    // The tick's own flush then finds nothing left to send.
    for (const flush of scheduled) flush();
    expect(calls.filter((c) => c.startsWith(CHART_DATA_BATCH_PATH))).toHaveLength(1);
  });

  it('falls back to one call per chart when the server has no batch route', async () => {
    const { api, calls } = server((path) =>
      path.startsWith(CHART_DATA_BATCH_PATH)
        ? { status: 404, body: { message: 'Not found' } }
        : { status: 200, body: { result: [{ rowcount: 7 }] } },
    );
    const batcher = createChartDataBatcher(api);
    const answers = await Promise.all(
      [1, 2].map((id) => batcher.fetch({ queryContext: context(id), sliceId: id, dashboardId: 9 })),
    );
    expect(answers).toEqual([{ result: [{ rowcount: 7 }] }, { result: [{ rowcount: 7 }] }]);
    expect(batcher.supported).toBe(false);
    const singles = calls.filter((c) => c.startsWith('/api/v1/chart/data?'));
    expect(singles).toHaveLength(2);
    expect(singles[0]).toContain('dashboard_id=9');
    expect(decodeURIComponent(singles[0] ?? '')).toContain('{"slice_id":1}');
    // Later calls skip the batch route entirely.
    await Promise.all([3, 4].map((id) => batcher.fetch({ queryContext: context(id) })));
    expect(calls.filter((c) => c.startsWith(CHART_DATA_BATCH_PATH))).toHaveLength(1);
  });

  it('splits a large tick into batches of at most the batch size', async () => {
    const { api, calls } = server((_path, body) => ({
      status: 200,
      body: {
        result: (body as { queries: unknown[] }).queries.map(() => ({ status: 200, result: [] })),
      },
    }));
    const batcher = createChartDataBatcher(api, { maxBatchSize: 4 });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => batcher.fetch({ queryContext: context(i) })),
    );
    expect(calls).toHaveLength(3);
  });

  it('lets each chart answered by a job (GLOBAL_ASYNC_QUERIES) wait for its own event', async () => {
    const job = (id: string) => ({
      channel_id: 'c',
      job_id: id,
      user_id: 1,
      status: 'pending',
      errors: [],
      result_url: null,
    });
    let polls = 0;
    const { api } = server((path, body) => {
      if (path.startsWith(CHART_DATA_BATCH_PATH)) {
        const ids = (body as { queries: QueryContext[] }).queries.map(
          (q) => q.queries[0]?.row_limit,
        );
        return {
          status: 200,
          body: {
            result: ids.map((id) =>
              id === 1
                ? { status: 200, result: [{ rowcount: 1 }] }
                : { status: 202, job: job(`job-${id}`) },
            ),
          },
        };
      }
      if (path.startsWith('/api/v1/async_event/')) {
        polls += 1;
        // Job 3 ends first, job 2 at the next poll: each chart hears only its own.
        const done = (id: number, n: number) => ({
          ...job(`job-${id}`),
          id: `1-${n}`,
          status: 'done',
          result_url: `/api/v1/chart/data/${'c'.repeat(47)}${id}`,
        });
        return { status: 200, body: { result: polls === 1 ? [done(3, 1)] : [done(2, 2)] } };
      }
      return { status: 200, body: { result: [{ rowcount: Number(path.slice(-1)) }] } };
    });
    const events = createAsyncEvents(api, {
      transport: 'polling',
      pollingDelayMs: 5,
      websocketUrl: null,
    });
    const batcher = createChartDataBatcher(api, { events });
    const order: number[] = [];
    const answers = await Promise.all(
      [1, 2, 3].map((id) =>
        batcher.fetch({ queryContext: context(id) }).then((answer) => {
          order.push(id);
          return answer;
        }),
      ),
    );
    expect(answers).toEqual([
      { result: [{ rowcount: 1 }] },
      { result: [{ rowcount: 2 }] },
      { result: [{ rowcount: 3 }] },
    ]);
    expect(order).toEqual([1, 3, 2]);
    events.close();
  });
});
