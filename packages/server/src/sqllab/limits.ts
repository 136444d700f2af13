import { TesseraError } from '@tessera/shared/errors';

/**
 * Size caps on what SQL Lab callers send, checked before any parsing, templating or regex sees
 * the text: a 400 naming the field beats minutes of CPU spent on a megabyte schema name. Exported
 * so sqllab-state and the tests use the same figures.
 */

/**
 * SQL text of one run, estimate, format or tab. Half a megabyte: running 1 MB of SQL cost about
 * a second of CPU before the engine even answered (lexing, access analysis, the engine's binder),
 * which is more than one request may take.
 */
export const MAX_SQL_BYTES = 512 * 1024;
/** A schema, catalog or table name (identifiers are far shorter in every engine we speak to). */
export const MAX_NAME_LENGTH = 256;
/** Template parameters, as JSON text. */
export const MAX_TEMPLATE_PARAMS_BYTES = 64 * 1024;
/**
 * SQL handed to the formatter, whose parser costs about 25 µs of CPU per character and much more
 * per unclosed bracket (400 open brackets took 25 s): more than this, or deeper nesting, is
 * refused rather than formatted.
 */
export const MAX_FORMAT_SQL_BYTES = 32 * 1024;
export const MAX_FORMAT_NESTING = 32;

function tooLong(field: string, problem: string): TesseraError {
  return new TesseraError(400, 'Invalid input', { fields: { [field]: [problem] } });
}

function byteLength(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    // Nesting deep enough to overflow the stack is no template parameter anyone meant to send.
    return Number.POSITIVE_INFINITY;
  }
}

export function capSql(field: string, value: unknown): void {
  if (byteLength(value) > MAX_SQL_BYTES) {
    throw tooLong(field, `Longer than the maximum of ${MAX_SQL_BYTES} bytes of SQL.`);
  }
}

export function capName(field: string, value: unknown): void {
  if (typeof value === 'string' && value.length > MAX_NAME_LENGTH) {
    throw tooLong(field, `Longer than maximum length ${MAX_NAME_LENGTH}.`);
  }
}

export function capTemplateParams(field: string, value: unknown): void {
  if (byteLength(value) > MAX_TEMPLATE_PARAMS_BYTES) {
    throw tooLong(field, `Longer than the maximum of ${MAX_TEMPLATE_PARAMS_BYTES} bytes.`);
  }
}

/** Whether the formatter may be given `text`: within its size, and brackets nested not too deep. */
export function capFormattable(field: string, text: string): void {
  if (Buffer.byteLength(text, 'utf8') > MAX_FORMAT_SQL_BYTES) {
    throw tooLong(field, `Longer than ${MAX_FORMAT_SQL_BYTES} bytes: too long to format.`);
  }
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91) {
      depth += 1;
      if (depth > MAX_FORMAT_NESTING) {
        throw tooLong(
          field,
          `Brackets nested deeper than ${MAX_FORMAT_NESTING}: too deep to format.`,
        );
      }
    } else if ((c === 41 || c === 93) && depth > 0) {
      depth -= 1;
    }
  }
}

/** The fields of one SQL Lab request that carry SQL, names or template parameters. */
export interface CappedFields {
  sql?: [string, unknown];
  names?: Array<[string, unknown]>;
  templateParams?: [string, unknown];
}

export function capInput(fields: CappedFields): void {
  if (fields.sql) capSql(...fields.sql);
  for (const name of fields.names ?? []) capName(...name);
  if (fields.templateParams) capTemplateParams(...fields.templateParams);
}
