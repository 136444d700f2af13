import type { Readable } from 'node:stream';
import type mysql from 'mysql2';
import { type ArrowColumn, dedupeColumnNames, noRowsResult, streamedResult } from '../arrow.ts';
import { queryCancelled, throwIfAborted } from '../errorKit.ts';
import type { ExecuteOptions, ExecuteResult } from '../types.ts';
import { type MysqlConnection, MysqlSession } from './connect.ts';
import { mapMysqlError } from './errors.ts';
import { mysqlArrowKind, mysqlResultTypeName, mysqlTypeGeneric } from './types.ts';

/** Statements that answer with rows stream; the rest (DML, DDL) answer with an OK packet. */
function returnsRows(sql: string): boolean {
  const body = sql.replace(/^(\s|--[^\n]*\n|#[^\n]*\n|\/\*[\s\S]*?\*\/|\()*/, '');
  return /^(select|with|values|table|show|describe|desc|explain)\b/i.test(body);
}

function describe(fields: mysql.FieldPacket[]): ArrowColumn[] {
  const names = dedupeColumnNames(fields.map((field) => field.name));
  return fields.map((field, index) => {
    const type = mysqlResultTypeName(field.columnType ?? field.type, field.characterSet);
    const typeGeneric = mysqlTypeGeneric(type);
    return {
      name: names[index],
      type,
      type_generic: typeGeneric,
      is_dttm: typeGeneric === 2,
      kind: mysqlArrowKind(type),
      timezone: null,
    };
  });
}

/**
 * Rows stream with back-pressure straight off the socket. Aborting the signal sends
 * `KILL QUERY <thread id>` from a second connection, which stops the statement on the server.
 */
export async function mysqlExecute(
  session: MysqlSession,
  sql: string,
  options: ExecuteOptions = {},
): Promise<ExecuteResult> {
  const { signal } = options;
  const engineName = session.errorContext.engineName;
  const context = { ...session.errorContext, phase: 'query' as const };
  throwIfAborted(signal, engineName);
  const connection: MysqlConnection = await session.connection();
  let killing: Promise<void> | null = null;
  const onAbort = () => {
    killing = session.kill(connection.threadId ?? 0).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  let released = false;
  let stream: Readable | null = null;
  const release = async (broken = false) => {
    if (released) return;
    released = true;
    untrack();
    signal?.removeEventListener('abort', onAbort);
    if (killing) await killing;
    // A stream left half read still owns the socket: drop that connection rather than reuse it.
    const unfinished = stream !== null && !stream.readableEnded;
    if (broken || unfinished) {
      stream?.destroy();
      connection.destroy();
      return;
    }
    if (options.schema && session.defaultDatabase) {
      try {
        await MysqlSession.run(
          connection,
          `USE \`${session.defaultDatabase.replaceAll('`', '``')}\``,
        );
      } catch {
        connection.destroy();
        return;
      }
    } else if (options.schema) {
      // No database to return to: this connection's default changed for good.
      connection.destroy();
      return;
    }
    connection.release();
  };
  const untrack = session.track(() => void release(true));
  const fail = async (error: unknown) => {
    await release(true);
    return signal?.aborted ? queryCancelled(engineName) : mapMysqlError(error, context);
  };

  try {
    if (options.schema)
      await MysqlSession.run(connection, `USE \`${options.schema.replaceAll('`', '``')}\``);
    if (!returnsRows(sql)) {
      const result = await MysqlSession.run<mysql.ResultSetHeader | unknown[]>(
        connection,
        sql,
        options.params ?? [],
      );
      throwIfAborted(signal, engineName);
      await release();
      return noRowsResult(Array.isArray(result) ? undefined : result.affectedRows);
    }
  } catch (error) {
    throw await fail(error);
  }

  const query = connection.query({ sql, values: options.params ?? [], rowsAsArray: true });
  const rows = query.stream({ highWaterMark: 1000 });
  stream = rows;
  let columns: ArrowColumn[];
  try {
    // The column definitions arrive before the first row; a statement without a result set
    // ends without them.
    const fields = await new Promise<mysql.FieldPacket[]>((resolve, reject) => {
      rows.once('fields', resolve);
      rows.once('error', reject);
      rows.once('end', () => resolve([]));
    });
    throwIfAborted(signal, engineName);
    columns = describe(fields);
  } catch (error) {
    throw await fail(error);
  }
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;

  return streamedResult(columns, async function* (accumulator) {
    let read = 0;
    try {
      try {
        for await (const row of rows) {
          if (signal?.aborted) break;
          if (read >= maxRows) break;
          accumulator.pushRow(row as unknown[]);
          read += 1;
          const batch = accumulator.takeFull();
          if (batch) yield batch;
        }
      } catch (error) {
        throw await fail(error);
      }
      // SLEEP() answers 1 rather than failing when killed, so the signal has the last word.
      if (signal?.aborted) {
        await release(true);
        throw queryCancelled(engineName);
      }
      await release();
      const last = accumulator.flush();
      if (last) yield last;
    } finally {
      await release(true);
    }
  });
}
