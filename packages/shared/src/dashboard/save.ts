import type { JsonMetadata } from './metadata.ts';
import type { DashboardLayout } from './position.ts';
import { toPositionJson } from './position.ts';

/**
 * The spec's save rules (section 5, "Dashboard save"), as pure functions: the client builds its
 * PUT body with them and the server applies the same rules to whatever an API client sends.
 */

export const UNTITLED_DASHBOARD_TITLE = '[ untitled dashboard ]';

type Ref = number | { id: number };

/** What the properties modal and the header hold before saving. */
export interface DashboardSaveInput {
  dashboard_title?: string | null;
  slug?: string | null;
  css?: string | null;
  certified_by?: string | null;
  certification_details?: string | null;
  owners?: Ref[] | null;
  roles?: Ref[] | null;
  metadata?: JsonMetadata;
  layout?: DashboardLayout;
}

/** The body of `PUT /api/v1/dashboard/{id}` for a full save. */
export interface DashboardSaveBody {
  dashboard_title: string;
  slug: string | null;
  css: string;
  certified_by: string;
  certification_details: string;
  owners: number[];
  roles?: number[];
  json_metadata?: string;
}

export const idsOf = (refs: Ref[] | null | undefined): number[] =>
  (refs ?? []).map((r) => (typeof r === 'number' ? r : r.id));

/** An empty (or blank) title becomes `[ untitled dashboard ]`. */
export function dashboardTitleOrUntitled(title: string | null | undefined): string {
  return title && title.trim() !== '' ? title : UNTITLED_DASHBOARD_TITLE;
}

/** certification_details survives only beside a certified_by. */
export function certificationOf(
  certifiedBy: string | null | undefined,
  details: string | null | undefined,
): { certified_by: string; certification_details: string } {
  const by = certifiedBy ?? '';
  return { certified_by: by, certification_details: by && details ? details : '' };
}

/**
 * The full-save body. The layout travels inside json_metadata as `positions`, as Superset's
 * client sends it; roles go only with the dashboard-RBAC flag.
 */
export function buildDashboardSaveBody(
  input: DashboardSaveInput,
  flags: { DASHBOARD_RBAC: boolean },
): DashboardSaveBody {
  const body: DashboardSaveBody = {
    dashboard_title: dashboardTitleOrUntitled(input.dashboard_title),
    slug: input.slug && input.slug.trim() !== '' ? input.slug : null,
    css: input.css ?? '',
    ...certificationOf(input.certified_by, input.certification_details),
    owners: idsOf(input.owners),
  };
  if (flags.DASHBOARD_RBAC) body.roles = idsOf(input.roles);
  if (input.metadata || input.layout) {
    body.json_metadata = JSON.stringify({
      ...(input.metadata ?? {}),
      ...(input.layout ? { positions: toPositionJson(input.layout) } : {}),
    });
  }
  return body;
}

/** Fields whose server copy differs from what the client is about to save (confirm-diff). */
export function overwriteDiff(
  server: Record<string, unknown>,
  local: Record<string, unknown>,
): Array<{ key: string; before: unknown; after: unknown }> {
  const keys = Object.keys(local).filter((k) => k in server);
  return keys
    .filter((k) => JSON.stringify(server[k] ?? null) !== JSON.stringify(local[k] ?? null))
    .map((key) => ({ key, before: server[key], after: local[key] }));
}

export const CONFIRM_OVERWRITE_MESSAGE = 'Please confirm the overwrite values';
export const saveDashboardErrorMessage = (error: string) =>
  `Sorry, there was an error saving this dashboard: ${error}`;
