import { cssTemplateRoutes as routes } from '@tessera/shared/api/routes/dashboards';
import { badRequest } from '@tessera/shared/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { parseQ } from '../platform/http.ts';
import {
  createCssTemplate,
  deleteCssTemplates,
  getCssTemplate,
  listCssTemplates,
  updateCssTemplate,
} from './service.ts';

const tags = ['CSS Templates'];

/** `/api/v1/css_template/`: thin handlers; rules live in service.ts. */
export function cssTemplateRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, tags);
    serve(routes.list, async (request) =>
      listCssTemplates(ctx, request.actor, parseQ(routes.list.q, request.query.q)),
    );
    serve(routes.create, async (request) => createCssTemplate(ctx, request.actor, request.body));
    serve(routes.bulkDelete, async (request) => {
      if (!request.query.q) throw badRequest('Not a valid rison argument: list the ids to delete');
      return deleteCssTemplates(ctx, request.actor, parseQ(routes.bulkDelete.q, request.query.q));
    });
    serve(routes.get, async (request) => getCssTemplate(ctx, request.actor, request.params.pk));
    serve(routes.update, async (request) =>
      updateCssTemplate(ctx, request.actor, request.params.pk, request.body),
    );
    serve(routes.delete, async (request) =>
      deleteCssTemplates(ctx, request.actor, [request.params.pk]),
    );
  };
}
