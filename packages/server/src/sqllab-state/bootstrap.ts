import type { SqllabBootstrapAnswer, SqllabDatabase } from '@tessera/shared/api/sqllabState';
import type { AppContext } from '../context.ts';
import { canSeeDatabase, principalOf } from '../databases/access.ts';
import { toListItem } from '../databases/present.ts';
import { databaseRepository } from '../databases/repository.ts';
import type { Actor } from '../security/actor.ts';
import { actingUser } from './access.ts';
import { toQueryRecords } from './present.ts';
import { queryLinks } from './queryLinks.ts';
import { tabStateRepository } from './repository.ts';
import { presentTab } from './service.ts';

/**
 * `GET /api/v1/sqllab/`: what SQL Lab loads on open. The active tab (else the user's most
 * recent), the ids and labels of every tab, the databases exposed in SQL Lab that the user may
 * see, and, with backend persistence on, the user's runs in their tabs keyed by client id.
 */
export async function bootstrapSqllab(
  ctx: AppContext,
  actor: Actor,
): Promise<SqllabBootstrapAnswer['result']> {
  const user = actingUser(actor, 'can_read', 'SQLLab');
  const db = ctx.store.db;
  const tabs = await tabStateRepository.listForUser(db, user.id);
  const active = await tabStateRepository.activeForUser(db, user.id);

  const principal = principalOf(actor);
  const databases: Record<string, SqllabDatabase> = {};
  for (const row of await databaseRepository.list(db)) {
    if (!row.expose_in_sqllab || !canSeeDatabase(principal, row)) continue;
    const item = toListItem(row, new Map());
    databases[String(row.id)] = {
      id: item.id,
      database_name: item.database_name,
      backend: item.backend,
      allow_run_async: item.allow_run_async,
      allow_dml: item.allow_dml,
      allow_ctas: item.allow_ctas,
      allow_cvas: item.allow_cvas,
      allow_file_upload: item.allow_file_upload,
      allow_multi_catalog: item.allow_multi_catalog,
      allows_subquery: item.allows_subquery,
      expose_in_sqllab: item.expose_in_sqllab,
      force_ctas_schema: item.force_ctas_schema,
      disable_data_preview: item.disable_data_preview,
      disable_drill_to_detail: item.disable_drill_to_detail,
      allows_cost_estimate: item.allows_cost_estimate,
    };
  }

  const queries: Record<string, Record<string, unknown>> = {};
  if (ctx.config.featureFlags.SQLLAB_BACKEND_PERSISTENCE) {
    const rows = await queryLinks.ofTabs(
      db,
      user.id,
      tabs.map((t) => t.id),
    );
    for (const [clientId, record] of await toQueryRecords(ctx.store, rows)) {
      queries[clientId] = record;
    }
  }

  return {
    active_tab: active ? await presentTab(ctx, active) : null,
    databases,
    queries,
    tab_state_ids: tabs.map((t) => ({ id: t.id, label: t.label })),
  };
}
