import { sqllabRoutes } from '@tessera/shared/api/routes/sqllab';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { describedRoutes } from '../platform/describedRoute.ts';
import { validateSql } from './service.ts';

/** `POST /api/v1/database/{pk}/validate_sql/`; the rules live in service.ts. */
export function sqlValidationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const serve = describedRoutes(app, ['Database']);
    serve(sqllabRoutes.validateSql, async (request) =>
      validateSql(ctx, request.actor, request.params.pk, request.body),
    );
  };
}
