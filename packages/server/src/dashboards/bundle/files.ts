import { badRequest, TesseraError } from '@tessera/shared/errors';
import JSZip from 'jszip';
import YAML from 'yaml';

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

/** Superset's CommandInvalidError answer: 422 "Error importing dashboard", problems by file. */
export function importError(problems: Problems): TesseraError {
  return new TesseraError(422, 'Error importing dashboard', {
    errorType: 'GENERIC_COMMAND_ERROR',
    level: 'warning',
    extra: problems,
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
  const files = new Map<string, Config>();
  const problems: Problems = {};
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.ya?ml$/.test(entry.name)) continue;
    const relative = entry.name.split('/').slice(1).join('/');
    if (!relative) continue;
    let value: unknown;
    try {
      value = YAML.parse(await entry.async('string'));
    } catch {
      problems[relative] = 'Not a valid YAML file';
      continue;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
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
