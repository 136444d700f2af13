import { buildTimeseriesChartQuery } from '../common/timeseriesQuery.ts';

/** The stepped line asks the shared time-series query, nothing of its own. */
export const buildQuery = buildTimeseriesChartQuery;
