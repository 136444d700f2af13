/**
 * Dashboard slugs, as Superset treats them. A slug is cleaned before it is stored
 * (BaseDashboardSchema's post_load) so it always works as a path segment, and an id-or-slug path
 * is read the way DashboardDAO.get_by_id_or_slug reads it: a uuid, else anything Python's int()
 * accepts is an id and never a slug, else a slug.
 */

const INT = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

/** The canonical form of what Python's uuid.UUID() accepts (any hyphens, braces, urn). */
function canonicalUuid(text: string): string | null {
  const hex = text
    .replace(/^urn:/i, '')
    .replace(/^uuid:/i, '')
    .replace(/^\{+|\}+$/g, '')
    .replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Trimmed, spaces turned into "-", and every character outside word characters and "-" dropped
 * (Python's Unicode `\w`, so accented letters stay). Nothing left means no slug.
 */
export function cleanSlug(slug: string | null | undefined): string | null {
  if (!slug) return null;
  const cleaned = slug
    .trim()
    .replaceAll(' ', '-')
    .replace(/[^\p{L}\p{N}_-]+/gu, '');
  return cleaned || null;
}

/** How a path segment is looked up: by uuid, by id (numeric, whatever its slugs say) or by slug. */
export function lookupOf(
  idOrSlug: string,
): { by: 'uuid'; uuid: string } | { by: 'id'; id: number } | { by: 'slug'; slug: string } {
  const uuid = canonicalUuid(idOrSlug);
  if (uuid) return { by: 'uuid', uuid };
  if (INT.test(idOrSlug)) return { by: 'id', id: Number(idOrSlug.trim().replaceAll('_', '')) };
  return { by: 'slug', slug: idOrSlug };
}

/** Whether a slug could never open its dashboard, because the path reads as an id or uuid. */
export const slugShadowed = (slug: string) => lookupOf(slug).by !== 'slug';

/** `/superset/dashboard/{slug or id}/`: the slug unless the path would read it as an id. */
export const dashboardUrl = (row: { id: number; slug: string | null | undefined }) =>
  `/superset/dashboard/${row.slug && !slugShadowed(row.slug) ? row.slug : row.id}/`;
