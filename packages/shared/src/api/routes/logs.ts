import { IdParam, ListQuery } from '../common.ts';
import {
  LogBatchBody,
  LogBatchQuery,
  LogItemAnswer,
  LogListAnswer,
  LogStoredAnswer,
  RecentActivityAnswer,
  RecentActivityQuery,
} from '../logs.ts';
import { route } from '../route.ts';

const BASE = '/api/v1/log';

/** A batch of events: the handler reads a form (multipart or urlencoded) or a JSON body. */
const batch = (path: string) =>
  route({
    method: 'POST',
    path,
    query: LogBatchQuery,
    body: LogBatchBody,
    bodyReadByHandler: true,
    answer: LogStoredAnswer,
  });

/** `/superset/log/` and `/api/v1/log/`: the event log. */
export const logRoutes = {
  post: batch(`${BASE}/`),
  legacyPost: batch('/superset/log/'),
  list: route({ method: 'GET', path: `${BASE}/`, q: ListQuery, answer: LogListAnswer }),
  recentActivity: route({
    method: 'GET',
    path: `${BASE}/recent_activity/`,
    q: RecentActivityQuery,
    answer: RecentActivityAnswer,
  }),
  get: route({ method: 'GET', path: `${BASE}/:pk`, params: IdParam, answer: LogItemAnswer }),
} as const;
