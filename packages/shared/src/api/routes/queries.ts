import { IdParam, ListQuery } from '../common.ts';
import { route } from '../route.ts';
import {
  QueryItemAnswer,
  QueryListAnswer,
  StopAnswer,
  StopBody,
  UpdatedSinceAnswer,
  UpdatedSinceQuery,
} from '../sqllab.ts';

const BASE = '/api/v1/query';

/** `/api/v1/query/`: SQL Lab's query history, polling and stop. */
export const queryRoutes = {
  list: route({ method: 'GET', path: `${BASE}/`, q: ListQuery, answer: QueryListAnswer }),
  updatedSince: route({
    method: 'GET',
    path: `${BASE}/updated_since`,
    q: UpdatedSinceQuery,
    answer: UpdatedSinceAnswer,
  }),
  stop: route({ method: 'POST', path: `${BASE}/stop`, body: StopBody, answer: StopAnswer }),
  get: route({ method: 'GET', path: `${BASE}/:pk`, params: IdParam, answer: QueryItemAnswer }),
} as const;
