import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../privateFiles.ts';
import { CACHE_KEY_PATTERN, type Cache } from './types.ts';

interface Entry {
  value: string;
  /** Epoch ms; 0 never expires. */
  expires: number;
}

export interface MemoryFileCacheOptions {
  /** Folder of the file layer; null keeps the cache in memory only. */
  dir: string | null;
  /** Most bytes (UTF-16 units of values) the memory layer keeps before evicting the oldest. */
  maxMemoryBytes?: number;
  now?: () => number;
}

/**
 * A Map kept in least-recently-used order in front of one file per key. Reads hit memory first;
 * a file hit is promoted into memory. Files are written whole to a temp name and renamed, so a
 * reader never sees half an entry.
 */
export class MemoryFileCache implements Cache {
  readonly kind = 'memory-file' as const;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: MemoryFileCacheOptions) {
    this.maxBytes = options.maxMemoryBytes ?? 256 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    if (options.dir) ensurePrivateDir(options.dir);
  }

  private file(key: string): string | null {
    return this.options.dir ? path.join(this.options.dir, `${key}.json`) : null;
  }

  private expired(entry: Entry): boolean {
    return entry.expires !== 0 && entry.expires <= this.now();
  }

  private remember(key: string, entry: Entry): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.bytes += entry.value.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.bytes -= old.value.length;
    }
  }

  private forget(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.value.length;
  }

  async get(key: string): Promise<string | null> {
    if (!CACHE_KEY_PATTERN.test(key)) return null;
    const hit = this.entries.get(key);
    if (hit) {
      if (this.expired(hit)) {
        await this.delete(key);
        return null;
      }
      // Re-inserting moves the key to the young end of the LRU order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const file = this.file(key);
    if (!file) return null;
    let entry: Entry;
    try {
      entry = JSON.parse(await readFile(file, 'utf8')) as Entry;
    } catch {
      return null;
    }
    if (this.expired(entry)) {
      await rm(file, { force: true });
      return null;
    }
    this.remember(key, entry);
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (!CACHE_KEY_PATTERN.test(key)) throw new Error('invalid cache key');
    const entry: Entry = { value, expires: ttlSeconds > 0 ? this.now() + ttlSeconds * 1000 : 0 };
    this.remember(key, entry);
    const file = this.file(key);
    if (!file) return;
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, JSON.stringify(entry), { mode: PRIVATE_FILE_MODE });
    await rename(temp, file);
  }

  async delete(key: string): Promise<void> {
    if (!CACHE_KEY_PATTERN.test(key)) return;
    this.forget(key);
    const file = this.file(key);
    if (file) await rm(file, { force: true });
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
  }
}
