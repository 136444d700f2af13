import type { DashboardColorsBody } from '@tessera/shared/api/dashboards';
import { getNamespace } from '@tessera/shared/color/categorical';
import type { JsonMetadata } from '@tessera/shared/dashboard/metadata';

/**
 * One colour namespace per dashboard: a label keeps one colour across its charts, the
 * dashboard's `label_colors` win, and what the charts actually drew is collected into
 * `map_label_colors` (label to colour) and `shared_label_colors` (labels shown by more than one
 * chart) so the next visit, a report or an embed colours alike.
 */

export const COLOR_SYNC_DEBOUNCE_MS = 500;

export function dashboardColorNamespace(dashboardId: number, metadata: JsonMetadata): string {
  return metadata.color_namespace || `dashboard-${dashboardId}`;
}

/** Starts the namespace for a visit: colours of an earlier visit forgotten, forced ones set. */
export function prepareColorNamespace(name: string, labelColors: Record<string, string> = {}) {
  const namespace = getNamespace(name);
  namespace.resetColors();
  for (const [label, color] of Object.entries(labelColors)) namespace.setColor(label, color);
  return namespace;
}

export interface CollectedColors {
  map_label_colors: Record<string, string>;
  shared_label_colors: string[];
}

/** What the charts drew so far; forced colours (`label_colors`) count for the labels shown. */
export function collectColors(
  name: string,
  scheme: string | null,
  forced: Record<string, string> = {},
): CollectedColors {
  const namespace = getNamespace(name);
  const bySlice = Object.values(namespace.getSliceLabels(scheme));
  const seen = new Map<string, number>();
  for (const labels of bySlice) {
    for (const label of new Set(labels)) seen.set(label, (seen.get(label) ?? 0) + 1);
  }
  const drawn = namespace.getLabelColors(scheme);
  for (const label of seen.keys()) {
    const color = forced[label];
    if (color) drawn[label] = color;
  }
  return {
    map_label_colors: drawn,
    shared_label_colors: [...seen.entries()]
      .filter(([, count]) => count > 1)
      .map(([label]) => label)
      .sort(),
  };
}

const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function sortedEntries(map: Record<string, string> | undefined) {
  return Object.entries(map ?? {}).sort(([a], [b]) => a.localeCompare(b));
}

/** Which saved colour fields the collected ones differ from (the spec's two sync states). */
export function colorSyncState(metadata: JsonMetadata, collected: CollectedColors) {
  return {
    labels: !sameJson(
      sortedEntries(metadata.map_label_colors),
      sortedEntries(collected.map_label_colors),
    ),
    shared: !sameJson(
      [...(metadata.shared_label_colors ?? [])].sort(),
      collected.shared_label_colors,
    ),
  };
}

/** The body of `PUT /api/v1/dashboard/{id}/colors?mark_updated=false`. */
export function colorsBody(
  metadata: JsonMetadata,
  namespace: string,
  scheme: string | null,
  collected: CollectedColors,
): DashboardColorsBody {
  return {
    color_namespace: namespace,
    color_scheme: scheme ?? metadata.color_scheme ?? null,
    color_scheme_domain: metadata.color_scheme_domain ?? [],
    label_colors: metadata.label_colors ?? {},
    map_label_colors: collected.map_label_colors,
    shared_label_colors: collected.shared_label_colors,
  };
}

/** Calls `run` once things settle: every call within the delay pushes it back. */
export function debounce(run: () => void, delayMs = COLOR_SYNC_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  };
  call.cancel = () => clearTimeout(timer);
  return call;
}
