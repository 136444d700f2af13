import type { SQLNamespace } from '@codemirror/lang-sql';
import type { SqlLabTable } from '../../state/types.ts';

/**
 * What the editor completes besides keywords: schemas, the tables of the current schema, the
 * columns of the tables in use (the left bar's), and the database's functions.
 */

export interface CompletionInputs {
  schemas: readonly string[];
  schema: string | null;
  tableNames: readonly string[];
  tables: readonly SqlLabTable[];
}

/** lang-sql's namespace: schema -> table -> columns; unqualified names resolve in `schema`. */
export function completionNamespace({
  schemas,
  schema,
  tableNames,
  tables,
}: CompletionInputs): SQLNamespace {
  const namespace: Record<string, Record<string, string[]>> = {};
  for (const name of schemas) namespace[name] = {};
  const schemaTables = (name: string) => {
    namespace[name] = namespace[name] ?? {};
    return namespace[name];
  };
  const current: Record<string, string[]> = schema ? schemaTables(schema) : {};
  for (const name of tableNames) current[name] = current[name] ?? [];
  for (const table of tables) {
    const owner = table.schema ? schemaTables(table.schema) : current;
    owner[table.name] = (table.columns ?? []).map((column) => column.name);
  }
  return schema ? namespace : { ...namespace, ...current };
}

/** Minimal shape of CodeMirror's completion context that the function source needs. */
interface CompletionContextLike {
  matchBefore(pattern: RegExp): { from: number; to: number; text: string } | null;
  explicit: boolean;
}

/** Completes the database's function names (`GET /api/v1/database/{id}/function_names/`). */
export function functionCompletionSource(functionNames: readonly string[]) {
  const options = functionNames.map((name) => ({
    label: name,
    type: 'function',
    apply: `${name}(`,
    boost: -1,
  }));
  return (context: CompletionContextLike) => {
    const word = context.matchBefore(/\w+/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    return { from: word.from, options, validFor: /^\w*$/ };
  };
}
