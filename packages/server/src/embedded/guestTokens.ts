import type { GuestTokenBody } from '@tessera/shared/api/embedded';
import { badRequest, isTesseraError, TesseraError } from '@tessera/shared/errors';
import type { AppContext } from '../context.ts';
import { lookupSpec } from '../databases/connections.ts';
import { checkExpression } from '../query-engine/fragments.ts';
import { type Actor, requirePermission } from '../security/actor.ts';
import type { GuestTokens } from '../security/guestToken.ts';
import { embeddedRepository } from './repository.ts';
import { assertEmbeddingEnabled } from './service.ts';

/**
 * `POST /api/v1/security/guest_token/` (('can_grant_guest_token', 'SecurityRestApi')): a token
 * for the embedded dashboards named, with row filters. Superset checks only that the embeddings
 * exist; here each clause must also be one SQL expression for every engine it will run on, under
 * the same guard as users' adhoc SQL (`query-engine/fragments.ts`): a clause the engine would
 * refuse, or that could end the statement, is a 400 now rather than a broken dashboard later.
 */

export const EMBEDDED_NOT_FOUND_MESSAGE = 'Embedded dashboard not found.';

/**
 * A token travels in a header, and Node refuses requests whose headers pass 16 KiB: a longer
 * token would be refused on every use, so it is refused now.
 */
export const MAX_GUEST_TOKEN_LENGTH = 8192;

const invalidRls = (message: string) =>
  new TesseraError(400, 'Invalid input', { fields: { rls: [message] } });

/** The engines a clause will run on: its dataset's, else those behind the dashboards granted. */
async function enginesOf(
  ctx: AppContext,
  rule: GuestTokenBody['rls'][number],
  behindDashboards: () => Promise<string[]>,
): Promise<string[]> {
  if (rule.dataset === undefined) {
    const engines = await behindDashboards();
    // A dashboard without charts still gets a clause that parses as SQL at all.
    return engines.length > 0 ? engines : ['postgresql'];
  }
  const engine = await embeddedRepository.datasetEngine(ctx.store.db, rule.dataset);
  if (engine === undefined) throw invalidRls(`Dataset ${rule.dataset} does not exist`);
  return [engine];
}

/** Guest clauses run as written (Superset renders them): template text would match nothing. */
const TEMPLATE_TEXT = /\{[{%#]/;

function checkClause(clause: string, engine: string): void {
  if (TEMPLATE_TEXT.test(clause)) {
    throw invalidRls(
      `Invalid clause ${JSON.stringify(clause.slice(0, 100))}: templates are not rendered in guest clauses`,
    );
  }
  try {
    checkExpression(clause, lookupSpec(engine).dialect);
  } catch (error) {
    const detail = isTesseraError(error) ? error.message : 'it is not a SQL expression';
    throw invalidRls(`Invalid clause ${JSON.stringify(clause.slice(0, 100))}: ${detail}`);
  }
}

export async function grantGuestToken(
  ctx: AppContext,
  actor: Actor,
  body: GuestTokenBody,
  tokens: GuestTokens,
): Promise<{ token: string }> {
  assertEmbeddingEnabled(ctx);
  requirePermission(actor, 'can_grant_guest_token', 'SecurityRestApi');
  const uuids = body.resources.map((r) => r.id);
  const dashboards = await embeddedRepository.dashboardIds(ctx.store.db, uuids);
  if (uuids.some((uuid) => !dashboards.has(uuid))) throw badRequest(EMBEDDED_NOT_FOUND_MESSAGE);
  let behind: Promise<string[]> | undefined;
  const behindDashboards = () => {
    behind ??= embeddedRepository.enginesBehind(ctx.store.db, [...new Set(dashboards.values())]);
    return behind;
  };
  for (const rule of body.rls) {
    for (const engine of await enginesOf(ctx, rule, behindDashboards)) {
      checkClause(rule.clause, engine);
    }
  }
  const token = await tokens.sign(body);
  if (token.length > MAX_GUEST_TOKEN_LENGTH) {
    throw badRequest(
      `The guest token would be ${token.length} characters long, too long for a header (at most ${MAX_GUEST_TOKEN_LENGTH}): name fewer dashboards or shorter clauses`,
    );
  }
  return { token };
}
