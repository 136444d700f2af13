import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { EXAMPLE_DATASETS, EXAMPLES_FORMAT_VERSION } from './datasets.ts';

/** The table inside the examples file that says which build it holds. */
export const MANIFEST_TABLE = '_tessera_examples';

export interface ExampleTableSummary {
  table: string;
  rows: number;
}

export interface VegaDatasets {
  dataDir: string;
  version: string;
}

/** Finds the installed `vega-datasets` package: its `data/` folder and its version. */
export function locateVegaDatasets(): VegaDatasets {
  // The package exports only its entry point, so walk up from it to the package root.
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the root of the vega-datasets package');
    dir = parent;
  }
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { dataDir: path.join(dir, 'data'), version: pkg.version };
}

/** The version string a built file carries: our definitions plus the data release. */
export function examplesVersion(vega: VegaDatasets): string {
  return `${EXAMPLES_FORMAT_VERSION}+vega-datasets@${vega.version}`;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Reads the manifest of an existing examples file: its version and tables, or null when the file
 * is missing or was not built by us. Opened read-only and closed at once, so it never holds the
 * write lock the query engine needs later.
 */
export async function readManifest(
  file: string,
): Promise<{ version: string; tables: ExampleTableSummary[] } | null> {
  if (!existsSync(file)) return null;
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    try {
      const exists = await connection.runAndReadAll(
        `SELECT count(*) FROM duckdb_functions() WHERE schema_name = 'main' AND function_name = ${quote(MANIFEST_TABLE)}`,
      );
      if (Number(exists.getRows()[0][0]) === 0) return null;
      const reader = await connection.runAndReadAll(
        `SELECT version, table_name, row_count FROM ${MANIFEST_TABLE}() ORDER BY position`,
      );
      const rows = reader.getRows();
      if (rows.length === 0) return null;
      return {
        version: String(rows[0][0]),
        tables: rows.map((r) => ({ table: String(r[1]), rows: Number(r[2]) })),
      };
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** Removes half-built files that a crashed build left behind (their process is gone). */
function removeStaleBuilds(target: string): void {
  const dir = path.dirname(target);
  const prefix = `${path.basename(target)}.building-`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (pid !== process.pid && isAlive(pid)) continue;
    rmSync(path.join(dir, name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the examples DuckDB file at `target` from the package's files. Everything is written to
 * a temporary file beside it that is renamed over `target` only once complete and checkpointed,
 * so a crash never leaves a half-built database where the server looks for one.
 */
export async function buildExamplesFile(
  target: string,
  vega: VegaDatasets,
): Promise<ExampleTableSummary[]> {
  for (const dataset of EXAMPLE_DATASETS) {
    const src = path.join(vega.dataDir, dataset.file);
    if (!existsSync(src)) {
      throw new Error(
        `Example data file ${dataset.file} is missing from vega-datasets ${vega.version} (${src})`,
      );
    }
  }
  removeStaleBuilds(target);
  const temp = `${target}.building-${process.pid}`;
  rmSync(temp, { force: true });
  rmSync(`${temp}.wal`, { force: true });

  const summary: ExampleTableSummary[] = [];
  const instance = await DuckDBInstance.create(temp);
  try {
    const connection = await instance.connect();
    try {
      for (const dataset of EXAMPLE_DATASETS) {
        const select = dataset.select.replaceAll(
          '{src}',
          quote(path.join(vega.dataDir, dataset.file)),
        );
        await connection.run(`CREATE TABLE ${dataset.table} AS ${select}`);
        await connection.run(`COMMENT ON TABLE ${dataset.table} IS ${quote(dataset.description)}`);
        const count = await connection.runAndReadAll(`SELECT count(*) FROM ${dataset.table}`);
        summary.push({ table: dataset.table, rows: Number(count.getRows()[0][0]) });
      }
      // A table macro, not a table: it travels inside the file but never shows in table lists.
      const version = examplesVersion(vega);
      const values = summary
        .map(
          (s, i) =>
            `(${i}, ${quote(version)}, ${quote(s.table)}, ${quote(EXAMPLE_DATASETS[i].file)}, ${s.rows})`,
        )
        .join(', ');
      await connection.run(
        `CREATE MACRO ${MANIFEST_TABLE}() AS TABLE SELECT * FROM (VALUES ${values}) AS manifest(position, version, table_name, source_file, row_count)`,
      );
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    instance.closeSync();
    rmSync(temp, { force: true });
    rmSync(`${temp}.wal`, { force: true });
    throw error;
  }
  // Closing releases DuckDB's file lock; the server opens the file read-write afterwards.
  instance.closeSync();
  // A write-ahead log left by an older file would be replayed against the new one.
  rmSync(`${target}.wal`, { force: true });
  rmSync(`${temp}.wal`, { force: true });
  renameSync(temp, target);
  return summary;
}
