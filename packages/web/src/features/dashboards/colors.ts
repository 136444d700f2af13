import type { DashboardColorsBody } from '@tessera/shared/api/dashboards';
import { getNamespace } from '@tessera/shared/color/categorical';
import { getCategoricalScheme } from '@tessera/shared/color/schemes';
import type { JsonMetadata } from '@tessera/shared/dashboard/metadata';

/**
 * One colour namespace per dashboard: a label keeps one colour across its charts, the
 * dashboard's `label_colors` win, and what the charts actually drew is collected into
 * `map_label_colors` (label to colour) and `shared_label_colors` (labels shown by more than one
 * chart) so the next visit, a report or an embed colours alike.
 *
 * A visit starts from the stored map, as Superset does: whichever tab is opened first, a label
 * the map knows keeps its colour, and only labels it does not know take new colours. A visit
 * adds to the map and never changes what it holds, so seeing part of a dashboard cannot recolour
 * the rest.
 */

export const COLOR_SYNC_DEBOUNCE_MS = 500;

export function dashboardColorNamespace(dashboardId: number, metadata: JsonMetadata): string {
  return metadata.color_namespace || `dashboard-${dashboardId}`;
}

/** What a visit's colours start from and what its sync adds to. */
export interface StoredColors {
  map_label_colors: Record<string, string>;
  shared_label_colors: string[];
}

export const NO_STORED_COLORS: StoredColors = { map_label_colors: {}, shared_label_colors: [] };

/** The colours of a scheme as `color_scheme_domain` records them. */
export function colorSchemeDomain(scheme: string | null | undefined): string[] {
  return [...getCategoricalScheme(scheme).colors];
}

const sameColors = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((color, i) => color.toLowerCase() === b[i]?.toLowerCase());

/**
 * The stored colours a visit drawn with `scheme` keeps, or none when they were drawn with other
 * colours: `color_scheme_domain` names the colours the map was made from. A map saved without
 * one (older saves) is trusted only as loaded, since a scheme picked later has not drawn it.
 */
export function storedColors(
  metadata: JsonMetadata,
  scheme: string | null | undefined,
  options: { trustUnmarked: boolean },
): StoredColors {
  const map = metadata.map_label_colors ?? {};
  if (Object.keys(map).length === 0) return NO_STORED_COLORS;
  const domain = metadata.color_scheme_domain ?? [];
  const fits =
    domain.length > 0 ? sameColors(domain, colorSchemeDomain(scheme)) : options.trustUnmarked;
  if (!fits) return NO_STORED_COLORS;
  return { map_label_colors: map, shared_label_colors: metadata.shared_label_colors ?? [] };
}

/** Labels this module forced per namespace, so the next preparation can lift them. */
const forcedByPreparation = new Map<string, string[]>();

/**
 * Starts the namespace for a visit (or for a new scheme): earlier colours forgotten, the stored
 * map and `label_colors` forced.
 */
export function prepareColorNamespace(
  name: string,
  options: {
    scheme?: string | null;
    labelColors?: Record<string, string>;
    stored?: StoredColors;
  } = {},
) {
  const { scheme = null, labelColors = {}, stored = NO_STORED_COLORS } = options;
  const namespace = getNamespace(name);
  for (const label of forcedByPreparation.get(name) ?? []) namespace.setColor(label, null);
  namespace.resetColors();
  // The namespace hands out the scheme's colours in turn. Counting the stored labels as given
  // makes the first new label take the colour after them, as it would have on the visit that
  // stored them, instead of the first colour, which a stored label already shows.
  const give = namespace.getScale({ scheme });
  const forced: string[] = [];
  for (const [label, color] of Object.entries(stored.map_label_colors)) {
    if (labelColors[label] === undefined) give(label);
    namespace.setColor(label, color);
    forced.push(label);
  }
  for (const [label, color] of Object.entries(labelColors)) {
    namespace.setColor(label, color);
    forced.push(label);
  }
  forcedByPreparation.set(name, forced);
  return namespace;
}

export interface CollectedColors {
  map_label_colors: Record<string, string>;
  shared_label_colors: string[];
}

/**
 * The stored colours plus what the charts drew so far: a label already stored keeps its entry,
 * `label_colors` count for the labels shown. Shared labels are added to the stored ones until
 * every chart of the dashboard has drawn; only then is the list known whole and replaces them.
 */
export function collectColors(
  name: string,
  scheme: string | null,
  options: {
    labelColors?: Record<string, string>;
    stored?: StoredColors;
    everyChartDrawn?: boolean;
  } = {},
): CollectedColors {
  const { labelColors = {}, stored = NO_STORED_COLORS, everyChartDrawn = false } = options;
  const namespace = getNamespace(name);
  const seen = new Map<string, number>();
  for (const labels of Object.values(namespace.getSliceLabels(scheme))) {
    for (const label of new Set(labels)) seen.set(label, (seen.get(label) ?? 0) + 1);
  }
  const map = { ...stored.map_label_colors };
  for (const [label, color] of Object.entries(namespace.getLabelColors(scheme))) {
    if (!(label in map)) map[label] = color;
  }
  for (const label of seen.keys()) {
    const color = labelColors[label];
    if (color) map[label] = color;
  }
  const shared = [...seen.entries()].filter(([, count]) => count > 1).map(([label]) => label);
  return {
    map_label_colors: map,
    shared_label_colors: [
      ...new Set(everyChartDrawn ? shared : [...stored.shared_label_colors, ...shared]),
    ].sort(),
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
  const colorScheme = scheme ?? metadata.color_scheme ?? null;
  return {
    color_namespace: namespace,
    color_scheme: colorScheme,
    // Marks the colours the map was drawn with, so a later scheme knows not to reuse it.
    color_scheme_domain: colorSchemeDomain(colorScheme),
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
