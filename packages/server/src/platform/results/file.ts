import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../privateFiles.ts';
import {
  RESULTS_KEY_PATTERN,
  type ResultsBackend,
  type ResultsLookup,
  type StoredResult,
} from './types.ts';

interface FileMeta {
  expiresMs: number;
  meta: Record<string, unknown>;
}

/**
 * Results as files under `TESSERA_HOME/results`: `<key>.arrow` (the IPC stream) and
 * `<key>.json` (metadata with the expiry time). Both are written to a temporary name and renamed,
 * so a reader never sees half a file.
 */
export class FileResultsBackend implements ResultsBackend {
  readonly kind = 'file' as const;
  private readonly dir: string;

  constructor(
    home: string,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = path.join(home, 'results');
    ensurePrivateDir(this.dir);
  }

  private paths(key: string) {
    return {
      data: path.join(this.dir, `${key}.arrow`),
      meta: path.join(this.dir, `${key}.json`),
    };
  }

  async put(key: string, result: StoredResult, ttlSeconds: number): Promise<void> {
    if (!RESULTS_KEY_PATTERN.test(key)) throw new Error('invalid results key');
    const { data, meta } = this.paths(key);
    const suffix = `.${randomBytes(6).toString('hex')}.tmp`;
    const body: FileMeta = { expiresMs: this.now() + ttlSeconds * 1000, meta: result.meta };
    await writeFile(data + suffix, result.ipc, { mode: PRIVATE_FILE_MODE });
    await writeFile(meta + suffix, JSON.stringify(body), { mode: PRIVATE_FILE_MODE });
    // Data first: the metadata file is what makes an entry visible.
    await rename(data + suffix, data);
    await rename(meta + suffix, meta);
  }

  async get(key: string): Promise<ResultsLookup> {
    if (!RESULTS_KEY_PATTERN.test(key)) return { status: 'missing' };
    const { data, meta } = this.paths(key);
    let parsed: FileMeta;
    try {
      parsed = JSON.parse(await readFile(meta, 'utf8')) as FileMeta;
    } catch {
      return { status: 'missing' };
    }
    if (parsed.expiresMs <= this.now()) return { status: 'expired' };
    try {
      const ipc = await readFile(data);
      return {
        status: 'found',
        result: {
          meta: parsed.meta,
          ipc: new Uint8Array(ipc.buffer, ipc.byteOffset, ipc.byteLength),
        },
      };
    } catch {
      return { status: 'missing' };
    }
  }

  async delete(key: string): Promise<void> {
    if (!RESULTS_KEY_PATTERN.test(key)) return;
    const { data, meta } = this.paths(key);
    await rm(meta, { force: true });
    await rm(data, { force: true });
  }

  async sweepExpired(): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith('.json')) continue;
      const key = name.slice(0, -'.json'.length);
      if ((await this.get(key)).status !== 'expired') continue;
      await this.delete(key);
      removed += 1;
    }
    return removed;
  }

  async close(): Promise<void> {}
}
