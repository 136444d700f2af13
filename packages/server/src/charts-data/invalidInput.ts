import { TesseraError } from '@tessera/shared/errors';
import { humaniseZodMessage } from '../platform/http.ts';

/**
 * The field envelope the global handler gives a body that fails its schema, for input checked
 * inside a service (a batch entry, a query object under its deprecated field names). `rename`
 * names a field as the caller wrote it.
 */
export function invalidInput(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  rename: Readonly<Record<string, string>> = {},
): TesseraError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path[0] !== undefined && rename[path[0]]) path[0] = rename[path[0]] as string;
    const key = path.join('.') || '_schema';
    fields[key] ??= [];
    fields[key].push(humaniseZodMessage(issue.message));
  }
  return new TesseraError(400, 'Invalid input', { fields });
}
