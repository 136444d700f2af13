import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { TesseraError } from '@tessera/shared/errors';
import { z } from 'zod';
import type { FormField } from './types.ts';
import { uriScheme } from './uri.ts';

/**
 * What file engines (DuckDB, SQLite) share: the one-path connection form and SQLAlchemy's file
 * URIs. Each engine still writes its own URI (the in-memory spellings differ).
 */

export const MEMORY_PATH = ':memory:';

export const fileParametersSchema = z.object({
  database: z
    .string({ error: 'Database file is required' })
    .trim()
    .min(1, 'Database file is required'),
});

export function fileFormFields(placeholder: string, description: string): FormField[] {
  return [
    {
      name: 'database',
      label: 'Database file',
      type: 'string',
      required: true,
      placeholder,
      description,
    },
  ];
}

/**
 * SQLAlchemy's convention: `x:////abs/file` is absolute, `x:///rel/file` relative to `home`,
 * `x://` and `x:///:memory:` in memory. `invalid` is the engine's own 400 for anything else,
 * a malformed percent-escape included.
 */
export function filePathFromUri(
  uri: string,
  home: string,
  family: string,
  invalid: () => TesseraError,
): { path: string; query: string } {
  const scheme = uriScheme(uri);
  if (scheme === null || !scheme.startsWith(family)) throw invalid();
  const afterScheme = uri.trim().slice(scheme.length + 3);
  const queryAt = afterScheme.indexOf('?');
  const location = queryAt >= 0 ? afterScheme.slice(0, queryAt) : afterScheme;
  const query = queryAt >= 0 ? afterScheme.slice(queryAt + 1) : '';
  if (location === '') return { path: MEMORY_PATH, query };
  if (!location.startsWith('/')) throw invalid();
  let file: string;
  try {
    file = decodeURIComponent(location.slice(1));
  } catch {
    throw invalid();
  }
  if (file === '' || file === MEMORY_PATH) return { path: MEMORY_PATH, query };
  const path = isAbsolute(file) ? file : resolve(home, file);
  assertNotTesseraOwnFile(path, home);
  return { path, query };
}

/** Files of Tessera's own under TESSERA_HOME: the metadata store, the secret key, results, cache. */
const OWN_FILES = ['tessera.db', 'tessera.db-wal', 'tessera.db-shm', 'secret_key'];
const OWN_FOLDERS = ['results', 'cache'];

export const OWN_FILE_MESSAGE =
  'This file belongs to Tessera itself (metadata store, secret key, results or cache) and cannot be connected as a database';

/**
 * A file database must never open Tessera's own files: whoever may add a connection could
 * otherwise read users, password hashes and the key that signs sessions.
 */
function assertNotTesseraOwnFile(path: string, home: string): void {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  const target = real(path);
  const base = real(home);
  const inside = relative(base, target);
  if (inside.startsWith('..') || isAbsolute(inside)) return;
  const [first] = inside.split(sep);
  if (OWN_FILES.includes(inside) || (first !== undefined && OWN_FOLDERS.includes(first))) {
    throw new TesseraError(400, OWN_FILE_MESSAGE, { errorType: 'GENERIC_DB_ENGINE_ERROR' });
  }
}
