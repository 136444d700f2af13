import type { DashboardItem } from '@tessera/shared/api/dashboards';
import { type JsonMetadata, migrateJsonMetadata } from '@tessera/shared/dashboard/metadata';
import { buildDashboardSaveBody } from '@tessera/shared/dashboard/save';
import type { DashboardApi } from '../../dashboardApi.ts';
import { answeredSlug, answeredTitle, savedDashboardUrl } from '../../savedDashboard.ts';

/** What Edit properties edits, whether opened on the dashboard page or from the list. */

export type Ref = { id: number; name: string };

export interface PropertiesValues {
  title: string;
  slug: string;
  owners: Ref[];
  roles: Ref[];
  certifiedBy: string;
  certificationDetails: string;
  colorScheme: string | null;
  metadata: JsonMetadata;
}

type Owner = DashboardItem['owners'][number];

export const ownerRefs = (owners: Owner[]): Ref[] =>
  owners.map((o) => ({
    id: o.id,
    name: [o.first_name, o.last_name].filter(Boolean).join(' ') || String(o.id),
  }));

/** The values of a dashboard as `GET /api/v1/dashboard/{id}` answers it. */
export function propertiesOfItem(item: DashboardItem): PropertiesValues {
  const metadata = migrateJsonMetadata(item.json_metadata);
  return {
    title: item.dashboard_title,
    slug: item.slug ?? '',
    owners: ownerRefs(item.owners),
    roles: item.roles,
    certifiedBy: item.certified_by ?? '',
    certificationDetails: item.certification_details ?? '',
    colorScheme: metadata.color_scheme ?? null,
    metadata,
  };
}

export interface SavedProperties {
  /** As stored: the untitled rule applied. */
  title: string;
  /** As stored: cleaned, or null. */
  slug: string | null;
  /** Where the dashboard opens now (`/superset/dashboard/{slug or id}/`). */
  url: string;
  lastModifiedTime?: number;
}

/** The PUT of Edit properties, with the spec's save rules; the answer says what was stored. */
export async function saveProperties(
  calls: Pick<DashboardApi, 'update'>,
  id: number,
  values: PropertiesValues,
  options: { css: string; rbac: boolean },
): Promise<SavedProperties> {
  const body = buildDashboardSaveBody(
    {
      dashboard_title: values.title,
      slug: values.slug,
      css: options.css,
      certified_by: values.certifiedBy,
      certification_details: values.certificationDetails,
      owners: values.owners,
      roles: values.roles,
      metadata: { ...values.metadata, color_scheme: values.colorScheme },
    },
    { DASHBOARD_RBAC: options.rbac },
  );
  const answer = await calls.update(id, body);
  const slug = answeredSlug(answer, body.slug);
  return {
    title: answeredTitle(answer, body.dashboard_title),
    slug,
    url: savedDashboardUrl({ id, slug }),
    lastModifiedTime: answer.last_modified_time,
  };
}
