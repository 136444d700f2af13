import type { FastifyBaseLogger } from 'fastify';
import { type AsyncQueries, closeAsyncQueries, createAsyncQueries } from './async/parts.ts';
import { ConnectionManager } from './databases/connections.ts';
import { type Cache, createCache } from './platform/cache/index.ts';
import type { Config } from './platform/config.ts';
import type { MetadataStore } from './platform/metadata/store.ts';
import { createJobQueue } from './platform/queue/factory.ts';
import type { JobQueue } from './platform/queue/types.ts';
import { createResultsBackend } from './platform/results/factory.ts';
import type { ResultsBackend } from './platform/results/types.ts';

/**
 * What every feature receives: settings, the metadata store and the shared services. Built once
 * by the composition root (`createContext`, called by app.ts, the worker and the CLI); no feature
 * creates its own cache, results backend or queue.
 */
export interface AppContext {
  config: Config;
  store: MetadataStore;
  logger: FastifyBaseLogger;
  connections: ConnectionManager;
  /** Chart-data and other computed results, keyed by what produced them. */
  dataCache: Cache;
  /** Stored SQL Lab results (files, or Redis when configured). */
  results: ResultsBackend;
  /** Background jobs (in-process, or BullMQ on Redis). */
  queue: JobQueue;
  /** Global async queries' event stream, job tracker and chart-job queue; null with the flag off. */
  asyncQueries: AsyncQueries | null;
}

export interface ContextParts {
  config: Config;
  store: MetadataStore;
  logger: FastifyBaseLogger;
  /** Pieces a test or a worker brings itself; the rest are made from the config. */
  overrides?: Partial<
    Pick<AppContext, 'connections' | 'dataCache' | 'results' | 'queue' | 'asyncQueries'>
  >;
}

/** The composition root: one of each shared service, made from the settings. */
export function createContext({ config, store, logger, overrides = {} }: ContextParts): AppContext {
  return {
    config,
    store,
    logger,
    connections: overrides.connections ?? new ConnectionManager(config, store, logger),
    dataCache: overrides.dataCache ?? createCache(config),
    results: overrides.results ?? createResultsBackend(config),
    queue: overrides.queue ?? createJobQueue(config),
    asyncQueries:
      overrides.asyncQueries === undefined ? createAsyncQueries(config) : overrides.asyncQueries,
  };
}

/** Closes what `createContext` opened (the metadata store belongs to whoever opened it). */
export async function closeContext(ctx: AppContext): Promise<void> {
  await Promise.allSettled([
    ctx.connections.closeAll(),
    ctx.dataCache.close(),
    ctx.results.close(),
    ctx.queue.close(),
    closeAsyncQueries(ctx.asyncQueries),
  ]);
}
