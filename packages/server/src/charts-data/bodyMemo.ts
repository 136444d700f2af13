import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { deepFreeze } from '../platform/deepFreeze.ts';

/**
 * A dashboard, its refreshes and every viewer of it send the very same chart-data bodies again and
 * again. Within the chart-data routes a JSON body's text is remembered with what it parsed into,
 * and that parse with what the route's schema made of it, so a body seen before is neither parsed
 * nor validated again, and, being the same frozen object, its query objects' cache-key JSON is
 * written once (`cacheKey.ts`). Nothing here depends on the caller: access, RLS and the cache
 * are still decided for each request in the service.
 */

/** Bodies longer than this are parsed every time: the memo stays small (256 x 16 KiB at most). */
const MAX_REMEMBERED_BODY = 16 * 1024;
const MAX_BODIES = 256;

/** Installs the memo in the calling plugin's scope only (Fastify encapsulates both settings). */
export function rememberJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const parsedByText = new Map<string, unknown>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const known = parsedByText.get(text);
    if (known !== undefined) {
      done(null, known);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      if (text.length <= MAX_REMEMBERED_BODY && value !== null && typeof value === 'object') {
        if (parsedByText.size >= MAX_BODIES) parsedByText.clear();
        // Frozen: the next request with this text gets the very same object.
        parsedByText.set(text, deepFreeze(value));
      }
      done(null, value);
    });
  });
  app.setValidatorCompiler(rememberingValidatorCompiler);
}

/**
 * The zod validator, remembering its answer for each remembered (frozen) body: the same object
 * in gives the same frozen value out. Other parts of the request (query string, params) are new
 * objects each time and are validated as usual; failures are never remembered.
 */
const rememberingValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return validate;
  const answers = new WeakMap<object, { value: unknown }>();
  return (data: unknown) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return validate(data);
    const known = answers.get(data);
    if (known) return known;
    const answer = validate(data);
    const outcome = answer as { value?: unknown; error?: unknown };
    if (outcome.error !== undefined || !('value' in outcome)) return answer;
    const remembered = { value: deepFreeze(outcome.value) };
    answers.set(data, remembered);
    return remembered;
  };
};
