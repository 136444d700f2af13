import type { FastifyBaseLogger } from 'fastify';
import type { ConnectionManager } from './databases/connections.ts';
import type { Config } from './platform/config.ts';
import type { MetadataStore } from './platform/metadata/store.ts';

/** What every feature plugin receives: settings, the metadata store and shared services. */
export interface AppContext {
  config: Config;
  store: MetadataStore;
  logger: FastifyBaseLogger;
  connections: ConnectionManager;
}
