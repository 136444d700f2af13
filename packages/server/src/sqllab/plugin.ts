import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { sqllabRoutes } from './routes.ts';
import { type RuntimeOptions, SqlLabRuntime } from './runtime.ts';

export interface SqlLabFeature {
  /** `/api/v1/sqllab/` (execution, results, tools, permalinks); starts and closes the runtime. */
  plugin: FastifyPluginAsync;
  /** The process's runs: `queries/` stops them through it (app.ts hands it over). */
  runtime: SqlLabRuntime;
}

/**
 * SQL Lab's query runs in the web process: one runtime (heartbeat, sweep, the runs it holds) on
 * the context's queue and results backend. Its onClose hook runs before the root's (fastify runs
 * a child's hooks first), so the runs stop before the context closes the queue. The web process
 * takes jobs itself unless TESSERA_WORKER_CONCURRENCY=0 leaves them to `tessera worker`.
 */
export function sqllabFeature(ctx: AppContext, options: RuntimeOptions = {}): SqlLabFeature {
  const runtime = new SqlLabRuntime(ctx, options);
  const plugin: FastifyPluginAsync = async (app) => {
    const takesJobs = runtime.queue.kind === 'in-process' || ctx.config.workerConcurrency > 0;
    app.addHook('onClose', async () => {
      await runtime.close();
    });
    await runtime.start(takesJobs);
    await app.register(sqllabRoutes(ctx, runtime));
  };
  return { plugin, runtime };
}
