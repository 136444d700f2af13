import { TesseraError } from '@tessera/shared/errors';
import { listEngineSpecs } from '../engines/registry.ts';
import type { Dialect } from '../engines/types.ts';

/** The compiler's dialect for an engine key (`databases.engine`): the engine's own. */
export function queryDialectFor(engine: string): Dialect {
  const spec = listEngineSpecs().find((candidate) => candidate.engine === engine);
  if (!spec) {
    throw new TesseraError(400, `Charts are not supported on the "${engine}" engine`, {
      errorType: 'GENERIC_DB_ENGINE_ERROR',
    });
  }
  return spec.dialect;
}
