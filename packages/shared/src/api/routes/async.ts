import { z } from 'zod';
import { AsyncChartDataAnswer, AsyncEventsAnswer, AsyncEventsQuery } from '../async.ts';
import { ChartDataQueryString, QueryContext } from '../chartData.ts';
import { route } from '../route.ts';

/**
 * Global async queries: the events of the caller's channel, and chart data as it answers with
 * the flag on (the data, or 202 and a job; `chartDataRoutes.data` describes the flag-off answer).
 */
export const asyncRoutes = {
  events: route({
    method: 'GET',
    path: '/api/v1/async_event/',
    query: AsyncEventsQuery,
    answer: AsyncEventsAnswer,
  }),
  chartData: route({
    method: 'POST',
    path: '/api/v1/chart/data',
    query: ChartDataQueryString,
    body: QueryContext,
    answer: AsyncChartDataAnswer,
    responses: { 200: AsyncChartDataAnswer, 202: AsyncChartDataAnswer },
    readsOnly: true,
  }),
  /** A finished job's result (`result_url`), to the user who asked for it only. */
  result: route({
    method: 'GET',
    path: '/api/v1/chart/data/:cache_key',
    params: z.object({ cache_key: z.string().min(1).max(200) }),
    answer: z.object({ result: z.array(z.record(z.string(), z.unknown())) }),
  }),
  /** The legacy explore_json job's result (Superset's `/superset/explore_json/data/<key>`). */
  exploreJsonResult: route({
    method: 'GET',
    path: '/superset/explore_json/data/:cache_key',
    params: z.object({ cache_key: z.string().min(1).max(200) }),
    answer: z.record(z.string(), z.unknown()),
  }),
} as const;
