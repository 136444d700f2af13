import { type ClientErrorObject, FALLBACK_ERROR } from '@tessera/shared/clientErrors';

/**
 * Any thrown value as the spec's error object. The API client throws errors that carry it as
 * `info`; shared UI reads it without depending on the client.
 */
export function toErrorObject(error: unknown): ClientErrorObject {
  if (error && typeof error === 'object' && 'info' in error) {
    const info = (error as { info: unknown }).info;
    if (info && typeof info === 'object' && 'error' in info) return info as ClientErrorObject;
  }
  if (error instanceof Error && error.message) return { error: error.message };
  if (typeof error === 'string' && error) return { error };
  return { error: FALLBACK_ERROR };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
