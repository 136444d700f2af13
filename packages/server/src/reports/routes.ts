import { reportRoutes as routes } from '@tessera/shared/api/routes/reports';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { type ReportsOptions, ReportsRuntime } from './runtime.ts';
import {
  createReport,
  deleteReport,
  deleteReports,
  getLog,
  getReport,
  listLogs,
  listReports,
  mayRunNow,
  relatedUsers,
  reportInfo,
  updateReport,
} from './service.ts';

const tags = ['Report Schedules'];

export interface ReportsFeature {
  plugin: FastifyPluginAsync;
  runtime: ReportsRuntime;
}

/**
 * `/api/v1/report/` (thin handlers; rules in service.ts) and the process's report runtime. The
 * scheduler starts when the server listens (`tessera serve`), at the address it listens on;
 * an app only injected into (tests) schedules nothing by itself.
 */
export function reportsFeature(ctx: AppContext, options: ReportsOptions = {}): ReportsFeature {
  const runtime = new ReportsRuntime(ctx, options);
  const rules = { ctx, policy: runtime.policy };
  const plugin: FastifyPluginAsync = async (app) => {
    app.server.once('listening', () => {
      const address = app.server.address();
      if (address && typeof address === 'object') {
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
        runtime.listeningAt(`http://${reachable}:${address.port}`);
      }
      runtime.scheduler.start();
    });
    app.addHook('onClose', async () => {
      await runtime.close();
    });
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listReports(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );
    serve(routes.info, async (request) =>
      reportInfo(request.actor, parseQ(routes.info.q, request.query.q).keys),
    );
    serve(routes.related, async (request) =>
      relatedUsers(ctx, request.actor, parseQ(routes.related.q, request.query.q)),
    );
    serve(routes.create, async (request) => createReport(rules, request.actor, request.body));
    serve(routes.bulkDelete, async (request) => {
      if (!request.query.q) throw badRequest('Not a valid rison argument: list the ids to delete');
      return deleteReports(ctx, request.actor, parseQ(routes.bulkDelete.q, request.query.q));
    });
    serve(routes.get, async (request) => ({
      id: request.params.pk,
      result: await getReport(ctx, request.actor, request.params.pk),
    }));
    serve(routes.update, async (request) =>
      updateReport(rules, request.actor, request.params.pk, request.body),
    );
    serve(routes.delete, async (request) => deleteReport(ctx, request.actor, request.params.pk));
    serve(routes.log, async (request) =>
      listLogs(ctx, request.actor, request.params.pk, parseQ(routes.log.q, request.query.q)),
    );
    serve(routes.logItem, async (request) =>
      getLog(ctx, request.actor, request.params.pk, request.params.log_id),
    );
    serve(routes.run, async (request) => {
      await mayRunNow(ctx, request.actor, request.params.pk);
      const uuid = runtime.runNow(request.params.pk);
      return { message: 'Report scheduled to run now', uuid };
    });
  };
  return { plugin, runtime };
}
