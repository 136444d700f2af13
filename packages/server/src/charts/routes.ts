import { chartRoutes as routes } from '@tessera/shared/api/routes/charts';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { pickFields } from '../datasets/present.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import { preconditionOf } from './conflict.ts';
import { listCharts } from './list.ts';
import {
  addFavorite,
  createChart,
  deleteChart,
  deleteCharts,
  favoriteStatus,
  getChart,
  relatedUsers,
  removeFavorite,
  updateChart,
} from './service.ts';

const tags = ['Charts'];

/** `/api/v1/chart/` (but `/data`, which charts-data serves): thin handlers over service.ts. */
export function chartRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);

    serve(routes.list, async (request) =>
      listCharts(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );

    serve(routes.create, async (request) => createChart(ctx, request.actor, request.body));

    serve(routes.bulkDelete, async (request) => {
      if (!request.query.q) throw badRequest('Not a valid rison argument: list the ids to delete');
      return deleteCharts(ctx, request.actor, parseQ(routes.bulkDelete.q, request.query.q));
    });

    serve(routes.favoriteStatus, async (request) =>
      favoriteStatus(ctx, request.actor, parseQ(routes.favoriteStatus.q, request.query.q ?? '!()')),
    );

    serve(routes.related, async (request) =>
      relatedUsers(ctx, request.actor, parseQ(routes.related.q, request.query.q)),
    );

    serve(routes.get, async (request) => {
      const q = parseQ(routes.get.q, request.query.q);
      const item = await getChart(ctx, request.actor, request.params.pk);
      const full = item as unknown as Record<string, unknown>;
      const result = q.columns && q.columns.length > 0 ? pickFields(full, q.columns) : full;
      return { id: item.id, result };
    });

    serve(routes.update, async (request) => {
      const { last_modified_time, ...body } = request.body;
      const precondition = preconditionOf(
        last_modified_time,
        request.headers['if-unmodified-since'],
      );
      return updateChart(ctx, request.actor, request.params.pk, body, precondition);
    });

    serve(routes.delete, async (request) => deleteChart(ctx, request.actor, request.params.pk));

    serve(routes.addFavorite, async (request) =>
      addFavorite(ctx, request.actor, request.params.pk),
    );

    serve(routes.removeFavorite, async (request) =>
      removeFavorite(ctx, request.actor, request.params.pk),
    );
  };
}
