import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { queryRoutes } from '../queries/routes.ts';
import { sqllabRoutes } from './routes.ts';
import { type RuntimeOptions, SqlLabRuntime } from './runtime.ts';

/**
 * SQL Lab's query runs in the web process: one runtime (results backend, job queue, heartbeat,
 * sweep) shared by `/api/v1/sqllab/` and `/api/v1/query/`, closed with the app. The web process
 * takes jobs itself unless TESSERA_WORKER_CONCURRENCY=0 leaves them to `tessera worker`.
 */
export function sqllabFeature(ctx: AppContext, options: RuntimeOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const runtime = new SqlLabRuntime(ctx, options);
    const takesJobs = runtime.queue.kind === 'in-process' || ctx.config.workerConcurrency > 0;
    await runtime.start(takesJobs);
    app.addHook('onClose', async () => {
      await runtime.close();
    });
    await app.register(sqllabRoutes(ctx, runtime));
    await app.register(queryRoutes(ctx, runtime));
  };
}
