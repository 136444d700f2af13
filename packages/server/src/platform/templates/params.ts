import { TesseraError } from '@tessera/shared/errors';
import { jsonErrorOffset } from './jsonPosition.ts';

/**
 * Template parameters from their JSON text (the spec: empty text is `{}`). Bad JSON is a 400
 * INVALID_TEMPLATE_PARAMS_ERROR saying where (line and column); with `field`, it is instead
 * the field error Superset's schemas answer (`{"message": {<field>: ["Field cannot be decoded
 * by JSON."]}}`), for the REST resources that store the text (datasets).
 */

function positionOf(text: string, offset: number): string {
  const lines = text.slice(0, offset).split('\n');
  return `line ${lines.length}, column ${(lines[lines.length - 1] ?? '').length + 1}`;
}

function invalidParams(message: string): TesseraError {
  return new TesseraError(400, message, { errorType: 'INVALID_TEMPLATE_PARAMS_ERROR' });
}

export function parseTemplateParams(
  raw: string | Record<string, unknown> | null | undefined,
  options: { field?: string } = {},
): Record<string, unknown> {
  if (raw === null || raw === undefined) return {};
  if (typeof raw === 'object') return raw;
  if (raw.trim() === '') return {};
  const fieldError = () =>
    new TesseraError(400, 'Invalid input', {
      fields: { [options.field as string]: ['Field cannot be decoded by JSON.'] },
    });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    if (options.field) throw fieldError();
    const offset =
      jsonErrorOffset(raw) ??
      Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? raw.length);
    const near = raw.slice(offset, offset + 20).split('\n')[0];
    throw invalidParams(
      `The template parameters are not valid JSON: unexpected ${near ? `"${near}"` : 'end of text'} at ${positionOf(raw, offset)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (options.field) throw fieldError();
    throw invalidParams('The template parameters must be a JSON object, such as {"name": "value"}');
  }
  return value as Record<string, unknown>;
}
