import { z } from 'zod';
import { parseJsonObjectOrNull } from '../json.ts';
import { FilterScope, NativeFilterConfiguration } from './nativeFilters.ts';

/**
 * A dashboard's `json_metadata`: every field of the spec's Dashboard entity. Unknown keys are
 * kept (Superset exports carry a few more, such as `import_time` or `remote_id`), but a known key
 * with a wrong type is refused with the field named.
 */

export const DEFAULT_STAGGER_TIME = 5000;

/**
 * Stored json_metadata carries the version of its shape under this key (ARCHITECTURE rule 5).
 * The key is Tessera's own: Superset's json_metadata has none and its PUT schema refuses unknown
 * keys, so it never reaches the wire (toWireJsonMetadata). A document without it is legacy.
 */
export const JSON_METADATA_VERSION_KEY = 'tessera_metadata_version';
/** 1: the shape of JsonMetadata below (list-valued shared_label_colors, filter_bar_orientation). */
export const JSON_METADATA_VERSION = 1;
export const FILTER_BAR_ORIENTATIONS = ['VERTICAL', 'HORIZONTAL'] as const;

const ChartIdList = z.array(z.number().int()).max(10_000);

export const CrossFilterScope = FilterScope;

export const ChartConfigurationItem = z.looseObject({
  id: z.number().int().positive(),
  crossFilters: z
    .looseObject({
      scope: z.union([CrossFilterScope, z.literal('global')]),
      chartsInScope: ChartIdList.optional(),
    })
    .optional(),
});

export const JsonMetadata = z.looseObject({
  color_scheme: z.string().nullable().optional(),
  color_namespace: z.string().nullable().optional(),
  color_scheme_domain: z.array(z.string()).optional(),
  label_colors: z.record(z.string(), z.string()).optional(),
  /** Labels shown by more than one chart, coloured alike across them. */
  shared_label_colors: z.array(z.string()).optional(),
  /** The colour each label actually got, chart by chart merged (written by the client). */
  map_label_colors: z.record(z.string(), z.string()).optional(),
  expanded_slices: z.record(z.string(), z.boolean()).optional(),
  refresh_frequency: z.number().min(0).optional(),
  stagger_refresh: z.boolean().optional(),
  stagger_time: z.number().int().min(0).optional(),
  timed_refresh_immune_slices: ChartIdList.optional(),
  cross_filters_enabled: z.boolean().optional(),
  native_filter_configuration: NativeFilterConfiguration.optional(),
  chart_configuration: z
    .record(z.string().max(20), ChartConfigurationItem)
    .superRefine((config, ctx) => {
      // Superset keys each chart's entry by the chart's id; an entry under another key would be
      // read for the wrong chart.
      for (const [key, item] of Object.entries(config)) {
        if (!/^\d+$/.test(key) || Number(key) !== item.id) {
          ctx.addIssue({
            code: 'custom',
            path: [key, 'id'],
            message: `must be the chart id the entry is keyed by (${key})`,
          });
        }
      }
    })
    .optional(),
  global_chart_configuration: z
    .looseObject({ scope: CrossFilterScope, chartsInScope: ChartIdList.optional() })
    .optional(),
  /** JSON text of legacy filter-box defaults, as Superset keeps it. */
  default_filters: z.string().optional(),
  filter_scopes: z.record(z.string(), z.unknown()).optional(),
  filter_bar_orientation: z.enum(FILTER_BAR_ORIENTATIONS).optional(),
  /** Legacy grid positions of Superset's v1 layout, read only to migrate. */
  positions: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type JsonMetadata = z.infer<typeof JsonMetadata>;

export type MetadataCheck = { ok: true; value: JsonMetadata } | { ok: false; errors: string[] };

/** Validates json_metadata given as text (empty text reads as `{}`). */
export function checkJsonMetadataText(text: string | null | undefined): MetadataCheck {
  if (!text || text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`Field cannot be decoded by JSON. ${(error as Error).message}`] };
  }
  return checkJsonMetadata(value);
}

export function checkJsonMetadata(value: unknown): MetadataCheck {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, errors: ['json_metadata must be a JSON object'] };
  }
  // A client may send back the key it never saw; the store writes its own on save.
  const { [JSON_METADATA_VERSION_KEY]: _version, ...fields } = value as Record<string, unknown>;
  const parsed = JsonMetadata.safeParse(migrateJsonMetadataValue(fields));
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'json_metadata'}: ${i.message}`),
  };
}

/**
 * Older shapes brought to the current one: `shared_label_colors` was a map of label to colour
 * (now the list of labels), `show_native_filters` is gone, `filter_bar_location` was renamed, and
 * `stagger_time` arrives as text from some exports. Idempotent, so documents of unknown age
 * (legacy stored ones, imports, request bodies) can all go through it.
 */
function migrateJsonMetadataValue(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  const shared = out.shared_label_colors;
  if (shared && typeof shared === 'object' && !Array.isArray(shared)) {
    out.shared_label_colors = Object.keys(shared);
  }
  delete out.show_native_filters;
  if (out.filter_bar_location !== undefined && out.filter_bar_orientation === undefined) {
    out.filter_bar_orientation = out.filter_bar_location;
  }
  delete out.filter_bar_location;
  for (const key of ['stagger_time', 'refresh_frequency'] as const) {
    if (typeof out[key] === 'string' && /^\d+$/.test(out[key] as string)) {
      out[key] = Number(out[key]);
    }
  }
  if (out.default_filters !== undefined && typeof out.default_filters !== 'string') {
    out.default_filters = JSON.stringify(out.default_filters);
  }
  return out;
}

/** The metadata a dashboard gets when it has none (and what every read falls back to). */
export function defaultJsonMetadata(): JsonMetadata {
  return {
    color_scheme_domain: [],
    expanded_slices: {},
    label_colors: {},
    shared_label_colors: [],
    map_label_colors: {},
    refresh_frequency: 0,
    timed_refresh_immune_slices: [],
    cross_filters_enabled: true,
    native_filter_configuration: [],
    chart_configuration: {},
    global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] } },
    default_filters: '{}',
    filter_scopes: {},
  };
}

/**
 * The text to store for json_metadata (what a request sent, once checked): brought to the
 * current shape and stamped with its version, whatever version the sender claimed.
 */
export function toStoredJsonMetadata(value: Record<string, unknown>): string {
  const { [JSON_METADATA_VERSION_KEY]: _claimed, ...fields } = value;
  return JSON.stringify({
    ...migrateJsonMetadataValue(fields),
    [JSON_METADATA_VERSION_KEY]: JSON_METADATA_VERSION,
  });
}

/**
 * Stored json_metadata as Superset answers it: the version key left out and nothing else
 * touched, so a legacy document answers byte for byte as stored. Text that is not a JSON object
 * is answered as it is.
 */
export function toWireJsonMetadata(stored: string | null): string | null {
  const value = parseJsonObjectOrNull(stored);
  if (!value || !(JSON_METADATA_VERSION_KEY in value)) return stored;
  const { [JSON_METADATA_VERSION_KEY]: _version, ...fields } = value;
  return JSON.stringify(fields);
}

/**
 * Reads stored json_metadata whatever its age: a legacy document (no version) is migrated, the
 * version key never appears in the result, and what does not validate falls back field by field
 * to the defaults so a damaged document still opens.
 */
export function migrateJsonMetadata(stored: string | null | undefined): JsonMetadata {
  const { [JSON_METADATA_VERSION_KEY]: version, ...fields } = parseJsonObjectOrNull(stored) ?? {};
  // A document written by this version or a later one is already in a shape no older step
  // applies to; running them anyway could undo a later change.
  const current = typeof version === 'number' && version >= JSON_METADATA_VERSION;
  const migrated = current ? fields : migrateJsonMetadataValue(fields);
  const out: Record<string, unknown> = { ...defaultJsonMetadata() };
  const shape = JsonMetadata.shape as Record<string, z.ZodType>;
  for (const [key, field] of Object.entries(migrated)) {
    const schema = shape[key];
    if (!schema) {
      out[key] = field;
      continue;
    }
    const parsed = schema.safeParse(field);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
    // Filters stored before they were checked field by field are kept as they are: a read
    // never drops a filter; the next save through the config modal validates it.
    else if (key === 'native_filter_configuration' && Array.isArray(field)) out[key] = field;
  }
  return out as JsonMetadata;
}

/** The interval charts' refreshes are spread over: the larger of the two, in milliseconds. */
export function staggerWindowMs(metadata: JsonMetadata): number {
  const refreshMs = (metadata.refresh_frequency ?? 0) * 1000;
  return Math.max(refreshMs, metadata.stagger_time ?? DEFAULT_STAGGER_TIME);
}

/** The colour fields `PUT /api/v1/dashboard/{id}/colors` may change. */
export const COLOR_FIELDS = [
  'color_namespace',
  'color_scheme',
  'color_scheme_domain',
  'label_colors',
  'map_label_colors',
  'shared_label_colors',
] as const;

/** Chart ids in json_metadata replaced through `map` (used when a copy duplicates charts). */
export function remapMetadataChartIds(
  metadata: JsonMetadata,
  map: ReadonlyMap<number, number>,
): JsonMetadata {
  const id = (n: number) => map.get(n) ?? n;
  const out: JsonMetadata = JSON.parse(JSON.stringify(metadata)) as JsonMetadata;
  if (out.timed_refresh_immune_slices) {
    out.timed_refresh_immune_slices = out.timed_refresh_immune_slices.map(id);
  }
  if (out.expanded_slices) {
    out.expanded_slices = Object.fromEntries(
      Object.entries(out.expanded_slices).map(([k, v]) => [String(id(Number(k))), v]),
    );
  }
  if (out.filter_scopes) {
    out.filter_scopes = Object.fromEntries(
      Object.entries(out.filter_scopes).map(([k, v]) => [String(id(Number(k))), v]),
    );
  }
  if (out.chart_configuration) {
    out.chart_configuration = Object.fromEntries(
      Object.entries(out.chart_configuration).map(([k, v]) => {
        const scope = v.crossFilters?.scope;
        const crossFilters = v.crossFilters
          ? {
              ...v.crossFilters,
              scope:
                scope && scope !== 'global'
                  ? { ...scope, excluded: scope.excluded.map(id) }
                  : scope,
              ...(v.crossFilters.chartsInScope
                ? { chartsInScope: v.crossFilters.chartsInScope.map(id) }
                : {}),
            }
          : undefined;
        return [
          String(id(Number(k))),
          { ...v, id: id(v.id), ...(crossFilters ? { crossFilters } : {}) },
        ];
      }),
    ) as JsonMetadata['chart_configuration'];
  }
  if (out.native_filter_configuration) {
    // A filter's scope names charts it leaves out, and the client caches the charts it reaches.
    out.native_filter_configuration = out.native_filter_configuration.map((item) => ({
      ...item,
      ...(item.scope ? { scope: { ...item.scope, excluded: item.scope.excluded.map(id) } } : {}),
      ...(item.chartsInScope ? { chartsInScope: item.chartsInScope.map(id) } : {}),
    }));
  }
  if (out.global_chart_configuration) {
    const g = out.global_chart_configuration;
    out.global_chart_configuration = {
      ...g,
      scope: { ...g.scope, excluded: g.scope.excluded.map(id) },
      ...(g.chartsInScope ? { chartsInScope: g.chartsInScope.map(id) } : {}),
    };
  }
  return out;
}
