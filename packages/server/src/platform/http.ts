import { badRequest, isTesseraError, TesseraError } from '@tessera/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import rison from 'rison-node';
import type { z } from 'zod';
import { depthLimitedStream, MAX_JSON_DEPTH } from './jsonDepth.ts';

/**
 * rison-node prints every parse error with console.log before its decoder throws: a stranger's
 * bad `q` would write to stdout. Its parser's error hook is replaced once, for every caller in
 * the process; the decoder still throws, and parseQ logs at debug level.
 */
const risonParser = (rison as unknown as { parser: { prototype: Record<string, unknown> } }).parser;
risonParser.prototype.error = function quietError(
  this: { message: string | null },
  message: string,
) {
  this.message = message;
  return undefined;
};

/**
 * The one global error handler: every failure leaves as a Superset envelope, and nothing but a
 * TesseraError's own message ever reaches a client. Unknown errors are logged and answered as a
 * plain 500 without their text.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toTesseraError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      else request.log.debug({ err: error }, known.message);
      return reply.status(known.status).send(known.toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: 'Not found' });
  });
}

function toTesseraError(error: FastifyError): TesseraError | null {
  if (isTesseraError(error)) return error;
  const validation = (error as { validation?: unknown[] }).validation;
  if (Array.isArray(validation))
    return validationError(validation, (error as { validationContext?: string }).validationContext);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('Request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new TesseraError(413, 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new TesseraError(415, 'Unsupported media type');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('Request body size did not match Content-Length');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new TesseraError(error.statusCode, error.message);
  }
  if (isPostgresDataException(error)) return badRequest(STORE_REFUSED_VALUE);
  if (isMalformedMultipart(error)) return badRequest(`Malformed multipart body: ${error.message}`);
  return null;
}

/**
 * busboy (under @fastify/multipart) fails a cut-off or garbled body with plain errors that carry
 * no status: the body is the caller's, so 400.
 */
const MULTIPART_FAILURES = [
  'Unexpected end of multipart data',
  'Unexpected end of form',
  'Malformed part header',
  'Multipart: Boundary not found',
  'Part terminated early due to unexpected end of multipart data',
];

function isMalformedMultipart(error: FastifyError): boolean {
  return (
    error.statusCode === undefined &&
    typeof error.message === 'string' &&
    MULTIPART_FAILURES.some((failure) => error.message.startsWith(failure))
  );
}

/**
 * Bounds the nesting of every JSON body before any parser sees it (the chart-data routes install
 * their own JSON parser, so a check inside the parser would miss them), in one pass over the
 * bytes as they arrive.
 */
export function installBodyGuards(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (!isJsonContent(request.headers['content-type'])) {
      done(null, payload);
      return;
    }
    const guarded = depthLimitedStream(() => badRequest(TOO_DEEP));
    payload.on('error', (error) => guarded.destroy(error));
    done(null, payload.pipe(guarded));
  });
}

export const TOO_DEEP = `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;

function isJsonContent(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

const STORE_REFUSED_VALUE =
  'Invalid input: a value is too long, out of range or contains a NUL character';

/**
 * The PostgreSQL metadata store refuses values SQLite takes (a NUL character in text, an integer
 * past 32 bits, text longer than its column): those come from the caller's input, so 400, not
 * 500. Engines map their own driver errors, so a raw one here comes from the store.
 */
function isPostgresDataException(error: FastifyError): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
}

interface ZodLikeIssue {
  path?: Array<string | number>;
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: Array<string | number>; message?: string } };
}

/** Turns schema failures into `{"message": {field: [problems]}}` as Superset's marshmallow does. */
function validationError(issues: unknown[], context?: string): TesseraError {
  const fields: Record<string, string[]> = {};
  for (const raw of issues as ZodLikeIssue[]) {
    const issuePath = raw.params?.issue?.path ?? raw.path;
    const key =
      issuePath && issuePath.length > 0
        ? issuePath.join('.')
        : raw.instancePath
          ? raw.instancePath.replace(/^\//, '').replaceAll('/', '.')
          : (context ?? '_schema');
    const message = humaniseZodMessage(
      raw.params?.issue?.message ?? raw.message ?? 'Invalid value',
    );
    fields[key || '_schema'] ??= [];
    fields[key || '_schema'].push(message);
  }
  return new TesseraError(400, 'Invalid input', { fields });
}

export function humaniseZodMessage(message: string): string {
  if (/received undefined/i.test(message)) return 'Missing data for required field.';
  return message;
}

/**
 * Reads a rison `q` parameter (JSON also accepted, as Superset does) and validates it.
 * Fails with Superset's own messages.
 */
export function parseQ<T extends z.ZodType>(schema: T, raw: string | undefined): z.infer<T> {
  // A missing `q` reads as `()`; a schema with required fields then answers 400, never 500.
  let value: unknown = {};
  if (raw !== undefined && raw !== '') {
    if (raw.length > MAX_Q_LENGTH) throw badRequest('Not a valid rison/json argument: too long');
    if (risonDepth(raw) > MAX_JSON_DEPTH)
      throw badRequest('Not a valid rison/json argument: nested too deeply');
    try {
      value = rison.decode(raw);
    } catch (risonError) {
      try {
        value = JSON.parse(raw);
      } catch {
        // The reason goes to the log (debug) through the error handler, never to stdout.
        throw badRequest('Not a valid rison/json argument', { cause: risonError });
      }
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.join('.') || 'q'}: ${i.message}`)
      .join('; ');
    throw badRequest(`Not a valid rison schema: ${detail}`);
  }
  return parsed.data;
}

/** Longer than any address a browser sends (Node refuses request heads past 16 KiB). */
const MAX_Q_LENGTH = 16 * 1024;

/**
 * The deepest nesting of rison (or JSON) text, by its brackets outside quoted strings (rison
 * quotes with `'` and escapes with `!`; JSON with `"` and `\`): one pass, before the recursive
 * rison parser could run out of stack.
 */
function risonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === (quote === "'" ? '!' : '\\')) i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === ')' || c === ']' || c === '}') depth -= 1;
  }
  return deepest;
}
