import type { SQLNamespace } from '@codemirror/lang-sql';

/**
 * What the editor completes besides keywords: schemas, the tables of the current schema, the
 * columns of the tables in use (the left bar's and the query's), and the database's functions.
 */

export interface CompletionInputs {
  schemas: readonly string[];
  schema: string | null;
  tableNames: readonly string[];
  tables: readonly ColumnTable[];
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
    owner[table.name] = [...table.columns];
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

/** A table a query names in FROM or JOIN, with the alias it goes by there. */
export interface TableReference {
  schema: string | null;
  table: string;
  alias: string | null;
}

/** A table whose columns completion knows, from the left bar or from its metadata. */
export interface ColumnTable {
  schema: string | null;
  name: string;
  columns: readonly string[];
}

const IDENTIFIER = String.raw`(?:"[^"]+"|\x60[^\x60]+\x60|[\p{L}_][\p{L}\p{N}_$]*)`;
const TABLE_REFERENCE = new RegExp(
  String.raw`\b(?:from|join)\s+(${IDENTIFIER}(?:\s*\.\s*${IDENTIFIER})*)(?:\s+(?:as\s+)?(${IDENTIFIER}))?`,
  'giu',
);
// Words that may follow a table name without being its alias.
const NOT_ALIASES = new Set(
  'where join on using left right inner outer full cross natural group order limit having window union intersect except as qualify lateral tablesample offset fetch for'.split(
    ' ',
  ),
);

const unquote = (name: string) => (/^["\x60].*["\x60]$/.test(name) ? name.slice(1, -1) : name);

/**
 * The tables a query reads in its FROM and JOIN clauses and their aliases. A light scan for
 * completion, not a parser: a miss only costs a suggestion.
 */
export function tablesInQuery(sql: string): TableReference[] {
  const found: TableReference[] = [];
  for (const match of sql.matchAll(TABLE_REFERENCE)) {
    const parts = match[1].split(/\s*\.\s*/).map(unquote);
    const table = parts[parts.length - 1];
    if (!table || NOT_ALIASES.has(table.toLowerCase())) continue;
    const alias = match[2] && !NOT_ALIASES.has(match[2].toLowerCase()) ? unquote(match[2]) : null;
    found.push({ schema: parts.length > 1 ? parts[parts.length - 2] : null, table, alias });
  }
  return found;
}

/** Completion ranks: columns of the query's tables and their aliases before everything else. */
const QUERY_COLUMN_BOOST = 20;
const ALIAS_BOOST = 15;
const OTHER_COLUMN_BOOST = 5;

interface CompletionStateLike {
  state: { doc: { toString(): string } };
}

/**
 * Unqualified names: the columns of the tables the query reads (looked up by the query's current
 * text, so a new alias counts at once), the aliases themselves, then the columns of the left
 * bar's other tables.
 */
export function columnCompletionSource(columnTables: readonly ColumnTable[]) {
  return (context: CompletionContextLike & CompletionStateLike) => {
    const word = context.matchBefore(/[\p{L}\p{N}_$]*/u);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    // `alias.col` and `schema.table` are lang-sql's schema completion's.
    if (context.matchBefore(/\.\s*[\p{L}\p{N}_$]*/u)) return null;
    const references = tablesInQuery(context.state.doc.toString());
    const options: { label: string; type: string; detail?: string; boost: number }[] = [];
    const seen = new Set<string>();
    const add = (label: string, type: string, boost: number, detail?: string) => {
      if (seen.has(label)) return;
      seen.add(label);
      options.push({ label, type, boost, ...(detail ? { detail } : {}) });
    };
    for (const reference of references) {
      const table = columnTables.find(
        (candidate) =>
          candidate.name === reference.table &&
          (reference.schema === null || candidate.schema === reference.schema),
      );
      for (const column of table?.columns ?? [])
        add(column, 'property', QUERY_COLUMN_BOOST, reference.alias ?? reference.table);
      if (reference.alias) add(reference.alias, 'variable', ALIAS_BOOST, reference.table);
    }
    for (const table of columnTables) {
      for (const column of table.columns) add(column, 'property', OTHER_COLUMN_BOOST, table.name);
    }
    if (options.length === 0) return null;
    return { from: word.from, options, validFor: /^[\p{L}\p{N}_$]*$/u };
  };
}
