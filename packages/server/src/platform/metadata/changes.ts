import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * A counter that moves whenever this process may have changed the metadata store, so in-process
 * memos of metadata (chart data's dataset snapshot) know when to reload. It is deliberately
 * coarse: every statement that is not a read moves it (before and after it runs), and so does
 * every commit of a transaction that wrote, since a reader on another connection only sees the
 * write then. Tables that never feed a memo (sessions, logs, SQL Lab state) are left out so their
 * per-request writes do not empty the memos. Other processes' writes are not seen: memos also
 * expire after a few seconds.
 */
export class MetadataChanges {
  private count = 0;

  /** The current generation: equal before and after a load means nothing changed meanwhile. */
  generation(): number {
    return this.count;
  }

  bump(): void {
    this.count += 1;
  }
}

/** Written on every request or by SQL Lab; nothing memoised reads them. */
const UNWATCHED_TABLES = new Set([
  'sessions',
  'logs',
  'key_value',
  'query',
  'tab_state',
  'table_schema',
  'favstar',
]);

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

type Node = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | null {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') {
    const table = n.table as { identifier?: { name?: unknown } } | undefined;
    return typeof table?.identifier?.name === 'string' ? table.identifier.name : null;
  }
  return null;
}

function targetTables(node: Node): Array<string | null> {
  if (node.kind === 'InsertQueryNode') return [tableName(node.into)];
  if (node.kind === 'UpdateQueryNode') return [tableName(node.table)];
  const froms = (node.from as { froms?: unknown[] } | undefined)?.froms ?? [null];
  return froms.map(tableName);
}

/** Whether a statement may change something a memo reads (unknown shapes count as changes). */
export function changesMetadata(query: CompiledQuery): boolean {
  const node = query.query as Node;
  if (node.kind === 'SelectQueryNode') return false;
  if (node.kind === 'RawNode') return !/^\s*(select|pragma)\b/i.test(query.sql);
  if (!WRITE_KINDS.has(node.kind)) return true;
  return targetTables(node).some((table) => table === null || !UNWATCHED_TABLES.has(table));
}

class WatchedConnection implements DatabaseConnection {
  wrote = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly changes: MetadataChanges,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!changesMetadata(query)) return this.inner.executeQuery<R>(query);
    this.wrote = true;
    this.changes.bump();
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      this.changes.bump();
    }
  }

  streamQuery<R>(
    ...args: Parameters<DatabaseConnection['streamQuery']>
  ): AsyncIterableIterator<QueryResult<R>> {
    if (changesMetadata(args[0])) this.changes.bump();
    return this.inner.streamQuery<R>(...args);
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof WatchedConnection ? connection.inner : connection;

class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly changes: MetadataChanges,
  ) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint)
      this.savepoint = (c, name, compile) => savepoint.call(inner, innerOf(c), name, compile);
    if (rollbackToSavepoint) {
      this.rollbackToSavepoint = (c, name, compile) =>
        rollbackToSavepoint.call(inner, innerOf(c), name, compile);
    }
    if (releaseSavepoint) {
      this.releaseSavepoint = (c, name, compile) =>
        releaseSavepoint.call(inner, innerOf(c), name, compile);
    }
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.changes);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (connection instanceof WatchedConnection) connection.wrote = false;
    await this.inner.beginTransaction(innerOf(connection), settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.inner.commitTransaction(innerOf(connection));
    if (connection instanceof WatchedConnection && connection.wrote) this.changes.bump();
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(innerOf(connection));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** `dialect` with its driver watched: every change this process makes moves `changes`. */
export function watchChanges(dialect: Dialect, changes: MetadataChanges): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), changes),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
