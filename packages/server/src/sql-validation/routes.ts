import { IdParam } from '@tessera/shared/api/common';
import { ValidateSqlAnswer, ValidateSqlBody } from '@tessera/shared/api/sqlValidation';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { validateSql } from './service.ts';

/** `POST /api/v1/database/{pk}/validate_sql/`; the rules live in service.ts. */
export function sqlValidationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/database/:pk/validate_sql/',
      {
        schema: {
          tags: ['Database'],
          params: IdParam,
          body: ValidateSqlBody,
          response: { 200: ValidateSqlAnswer },
        },
      },
      async (request) => validateSql(ctx, request.actor, request.params.pk, request.body),
    );
  };
}
