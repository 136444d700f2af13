import { z } from 'zod';
import {
  ReportCreateBody,
  ReportIdsQuery,
  ReportInfoAnswer,
  ReportInfoQuery,
  ReportItemAnswer,
  ReportListAnswer,
  ReportLogItemAnswer,
  ReportLogListAnswer,
  ReportRunAnswer,
  ReportUpdateBody,
  ReportWriteAnswer,
} from '../../reports/schemas.ts';
import { RelatedAnswer, RelatedQuery } from '../charts.ts';
import { IdParam, ListQuery } from '../common.ts';
import { crudRoutes, route } from '../route.ts';

const BASE = '/api/v1/report';
const LogParams = IdParam.extend({ log_id: z.coerce.number().int().positive().max(2147483647) });

/**
 * `/api/v1/report/`: Superset's ReportScheduleRestApi (reports and alerts), plus `run`, Tessera's
 * own "run now" for a report's owners and admins.
 */
export const reportRoutes = {
  ...crudRoutes(BASE, {
    list: ReportListAnswer,
    item: ReportItemAnswer,
    create: ReportCreateBody,
    update: ReportUpdateBody,
    written: ReportWriteAnswer,
    ids: ReportIdsQuery,
  }),
  info: route({
    method: 'GET',
    path: `${BASE}/_info`,
    q: ReportInfoQuery,
    answer: ReportInfoAnswer,
  }),
  related: route({
    method: 'GET',
    path: `${BASE}/related/:column`,
    params: z.object({ column: z.enum(['owners', 'created_by', 'changed_by']) }),
    q: RelatedQuery,
    answer: RelatedAnswer,
  }),
  log: route({
    method: 'GET',
    path: `${BASE}/:pk/log/`,
    params: IdParam,
    q: ListQuery,
    answer: ReportLogListAnswer,
  }),
  logItem: route({
    method: 'GET',
    path: `${BASE}/:pk/log/:log_id`,
    params: LogParams,
    answer: ReportLogItemAnswer,
  }),
  /** Queues one run now; its log row (`uuid`) shows Working, then Success or Error. */
  run: route({
    method: 'POST',
    path: `${BASE}/:pk/run`,
    params: IdParam,
    answer: ReportRunAnswer,
    status: 202,
  }),
} as const;
