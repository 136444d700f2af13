import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * Tessera's own files (the metadata store, the secret key, stored results, cache entries) hold
 * session data, password hashes and query results: only the server's own user may read them,
 * whatever the umask says. Folders are 0700, files 0600.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and its missing parents) 0700, and narrows an existing one we own. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  narrow(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the file empty with 0600 when missing (before a library creates it with the umask's
 * mode), and narrows an existing one we own, with its SQLite companions (`-wal`, `-shm`).
 */
export function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path)) narrow(path, PRIVATE_FILE_MODE);
  }
}

function narrow(path: string, mode: number): void {
  const stat = statSync(path);
  // Someone else's folder (a shared mount, a home set to /tmp) is left as its owner set it.
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return;
  if ((stat.mode & 0o777) !== mode) chmodSync(path, mode);
}
