import { buildQueryContext, getColumnLabel } from '../buildQueryContext.ts';
import { ensureArray } from '../common/distributionQuery.ts';
import type { BuildQueryOptions, Column, QueryContext, QueryFormData } from '../types.ts';

/** The columns a point map reads: longitude, latitude, then labels and the radius column. */
export function mapboxColumns(formData: QueryFormData): Column[] {
  const picked = [
    ...ensureArray(formData.all_columns_x as Column | undefined),
    ...ensureArray(formData.all_columns_y as Column | undefined),
    ...ensureArray(formData.mapbox_label as Column[] | undefined),
    ...ensureArray(formData.point_radius as Column | undefined).filter((c) => c !== 'Auto'),
  ];
  const seen = new Set<string>();
  return picked.filter((column) => {
    const label = getColumnLabel(column);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

/** Point map: raw rows (no metrics, so no GROUP BY) of the coordinates; clustering is drawn. */
export function buildMapboxQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  return buildQueryContext(formData, options, (base) => {
    const x = ensureArray(formData.all_columns_x as Column | undefined)[0];
    const y = ensureArray(formData.all_columns_y as Column | undefined)[0];
    const notNull = [x, y]
      .filter((c): c is Column => c !== undefined)
      .map((col) => ({ col, op: 'IS NOT NULL' as const }));
    return [
      {
        ...base,
        columns: mapboxColumns(formData),
        // One point a row: raw rows, never grouped.
        metrics: undefined,
        orderby: [],
        filters: [...(base.filters ?? []), ...notNull],
      },
    ];
  });
}
