import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const check = async () => {
      await sql`select 1`.execute(ctx.store.db);
      return 'OK';
    };
    app.get('/health', { schema: { hide: true } }, check);
    app.get('/healthcheck', { schema: { hide: true } }, check);
  };
}
