import { badRequest, isTesseraError, TesseraError } from '@tessera/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rison from 'rison-node';
import type { z } from 'zod';

/**
 * The one global error handler: every failure leaves as a Superset envelope, and nothing but a
 * TesseraError's own message ever reaches a client. Unknown errors are logged and answered as a
 * plain 500 without their text.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toTesseraError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
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
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new TesseraError(415, 'Unsupported media type');
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return new TesseraError(429, error.message || 'Too many requests');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new TesseraError(error.statusCode, error.message);
  }
  if (isPostgresDataException(error)) return badRequest(STORE_REFUSED_VALUE);
  return null;
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
    try {
      value = rison.decode(raw);
    } catch {
      try {
        value = JSON.parse(raw);
      } catch {
        throw badRequest('Not a valid rison/json argument');
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
