import { badRequest, isTesseraError, TesseraError } from '@tessera/shared/errors';
import JSZip from 'jszip';
import YAML from 'yaml';
import { nestsTooDeep, TOO_DEEP_MESSAGE } from '../depth.ts';

/** Reading a v1 bundle: its YAML files by path, and the value helpers the importer shares. */

export type Config = Record<string, unknown>;
export type Problems = Record<string, unknown>;

export const str = (v: unknown) => (typeof v === 'string' ? v : null);
export const num = (v: unknown) => (typeof v === 'number' ? v : null);
export const flag = (v: unknown, fallback = false) =>
  (typeof v === 'boolean' ? v : fallback) ? 1 : 0;
export const jsonText = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);
/** Uuids compare case-insensitively; the store keeps them lower-case. */
export const uuidOf = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : null);

/** Superset's words for the two problems its import dialog resolves by asking the user. */
export const ALREADY_EXISTS_MESSAGE =
  'Dashboard already exists and `overwrite=true` was not passed';
export const PASSWORD_NEEDED_MESSAGE = 'Must provide a password for the database';

/** Superset's CommandInvalidError answer: 422 "Error importing dashboard", problems by file. */
export function importError(problems: Problems): TesseraError {
  return new TesseraError(422, 'Error importing dashboard', {
    errorType: 'GENERIC_COMMAND_ERROR',
    level: 'warning',
    extra: problems,
  });
}

/**
 * What a bundle may hold once uncompressed. A small ZIP can inflate to gigabytes (a 1 MB ZIP of
 * five 200 MB files), so the sizes the ZIP declares are checked before anything is inflated, and
 * the bytes are counted while inflating in case a declaration lies. The total follows Superset's
 * ZIPPED_FILE_MAX_SIZE (100 MB); real exports are a few hundred kilobytes.
 */
export const BUNDLE_LIMITS = { maxFiles: 5000, maxBytes: 100 * 1024 * 1024 };

const tooLarge = () =>
  badRequest(
    `The bundle is too large: its files may hold at most ${BUNDLE_LIMITS.maxBytes / 1024 / 1024} MB once uncompressed.`,
  );

/** The size an entry declares in the ZIP's directory (JSZip keeps it on a field it does not type). */
const declaredSize = (entry: JSZip.JSZipObject) =>
  (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;

/** An entry's text, inflated chunk by chunk; stops with 400 once `budget` bytes are passed. */
function inflateText(entry: JSZip.JSZipObject, budget: { left: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = entry.nodeStream('nodebuffer');
    stream
      .on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          // Stops the inflating; what was read is dropped with the promise.
          stream.pause();
          stream.removeAllListeners('data');
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The YAML files of a bundle by their path below the bundle's root folder. */
export async function readBundle(zipBytes: Buffer): Promise<Map<string, Config>> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(zipBytes);
  } catch {
    throw badRequest('Not a valid ZIP file');
  }
  const entries = Object.values(zip.files);
  if (entries.length > BUNDLE_LIMITS.maxFiles) {
    throw badRequest(
      `The bundle holds ${entries.length} files; a bundle may hold at most ${BUNDLE_LIMITS.maxFiles}.`,
    );
  }
  const declared = entries.reduce((sum, entry) => sum + declaredSize(entry), 0);
  if (declared > BUNDLE_LIMITS.maxBytes) throw tooLarge();
  const budget = { left: BUNDLE_LIMITS.maxBytes };
  const files = new Map<string, Config>();
  const problems: Problems = {};
  for (const entry of entries) {
    if (entry.dir || !/\.ya?ml$/.test(entry.name)) continue;
    const relative = entry.name.split('/').slice(1).join('/');
    if (!relative) continue;
    let text: string;
    try {
      text = await inflateText(entry, budget);
    } catch (error) {
      if (isTesseraError(error)) throw error;
      problems[relative] = 'Not a valid file: it could not be uncompressed';
      continue;
    }
    let value: unknown;
    try {
      value = YAML.parse(text);
    } catch {
      problems[relative] = 'Not a valid YAML file';
      continue;
    }
    if (nestsTooDeep(value)) {
      problems[relative] = TOO_DEEP_MESSAGE;
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      files.set(relative, value as Config);
    } else {
      problems[relative] = 'Not a valid YAML mapping: the file must hold the fields of one object';
    }
  }
  const metadata = files.get('metadata.yaml');
  if (!metadata) problems['metadata.yaml'] = 'Missing metadata.yaml';
  else if (metadata.type !== 'Dashboard') {
    problems['metadata.yaml'] = { type: ['Must be equal to Dashboard.'] };
  }
  if (Object.keys(problems).length) throw importError(problems);
  return files;
}

export const under = (files: Map<string, Config>, prefix: string) =>
  [...files.entries()].filter(([path]) => path.startsWith(prefix));
