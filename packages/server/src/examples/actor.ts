import type { LogFn } from 'pino';
import { type Actor, type ActorLog, systemActor } from '../security/actor.ts';
import type { LoadExamplesContext } from './load.ts';

/**
 * The actor the example loader writes as: the system (every permission, no user), so its
 * datasets, charts and dashboards go through the same services as the API and carry no creator.
 * The loader makes no links, so it has no base URL.
 */
export function loaderActor(ctx: LoadExamplesContext): Actor {
  const info = ctx.logger.info.bind(ctx.logger) as LogFn;
  const warn = ctx.logger.warn.bind(ctx.logger) as LogFn;
  const quiet: LogFn = () => {};
  const log: ActorLog = { fatal: warn, error: warn, warn, info, debug: quiet, trace: quiet };
  return systemActor({ baseUrl: '', log });
}
