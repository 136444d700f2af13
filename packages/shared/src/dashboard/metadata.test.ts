import { describe, expect, it } from 'vitest';
import {
  checkJsonMetadataText,
  DEFAULT_STAGGER_TIME,
  JSON_METADATA_VERSION,
  JSON_METADATA_VERSION_KEY,
  migrateJsonMetadata,
  remapMetadataChartIds,
  staggerWindowMs,
  toStoredJsonMetadata,
  toWireJsonMetadata,
} from './metadata.ts';

describe('json_metadata', () => {
  it('accepts every field of the spec and keeps unknown ones', () => {
    const check = checkJsonMetadataText(
      JSON.stringify({
        color_scheme: 'supersetColors',
        color_namespace: 'ns',
        color_scheme_domain: ['#000'],
        label_colors: { a: '#fff' },
        shared_label_colors: ['a'],
        map_label_colors: { a: '#fff' },
        expanded_slices: { 1: true },
        refresh_frequency: 10,
        stagger_refresh: false,
        stagger_time: 5000,
        timed_refresh_immune_slices: [1],
        cross_filters_enabled: true,
        native_filter_configuration: [
          {
            id: 'NATIVE_FILTER-1',
            type: 'NATIVE_FILTER',
            name: 'Region',
            filterType: 'filter_select',
            targets: [{ datasetId: 1, column: { name: 'region' } }],
          },
        ],
        chart_configuration: {
          1: { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
        },
        global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] } },
        default_filters: '{}',
        filter_scopes: {},
        filter_bar_orientation: 'HORIZONTAL',
        import_time: 1,
      }),
    );
    expect(check.ok && check.value.import_time).toBe(1);
  });

  it('names the field that has a wrong type', () => {
    const check = checkJsonMetadataText(JSON.stringify({ filter_bar_orientation: 'DIAGONAL' }));
    expect(!check.ok && check.errors[0]).toMatch(/^filter_bar_orientation: /);
    expect(checkJsonMetadataText('{').ok).toBe(false);
    expect(checkJsonMetadataText('[]').ok).toBe(false);
  });

  it('migrates old shapes on read and falls back to defaults for damaged fields', () => {
    const read = migrateJsonMetadata(
      JSON.stringify({
        shared_label_colors: { boys: '#00f' },
        stagger_time: '3000',
        refresh_frequency: 'x',
      }),
    );
    expect(read.shared_label_colors).toEqual(['boys']);
    expect(read.stagger_time).toBe(3000);
    expect(read.refresh_frequency).toBe(0);
    expect(migrateJsonMetadata(null).native_filter_configuration).toEqual([]);
  });

  it('staggers over the larger of the refresh frequency and stagger_time (default 5000 ms)', () => {
    expect(DEFAULT_STAGGER_TIME).toBe(5000);
    expect(staggerWindowMs({ refresh_frequency: 2 })).toBe(5000);
    expect(staggerWindowMs({ refresh_frequency: 10, stagger_time: 5000 })).toBe(10000);
  });

  it('remaps chart ids everywhere they appear', () => {
    const out = remapMetadataChartIds(
      {
        timed_refresh_immune_slices: [1],
        expanded_slices: { 1: true },
        chart_configuration: {
          1: {
            id: 1,
            crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [1] }, chartsInScope: [1] },
          },
        },
      },
      new Map([[1, 9]]),
    );
    expect(out.timed_refresh_immune_slices).toEqual([9]);
    expect(out.expanded_slices).toEqual({ 9: true });
    expect(out.chart_configuration?.['9']).toMatchObject({
      id: 9,
      crossFilters: { scope: { excluded: [9] }, chartsInScope: [9] },
    });
  });

  describe('version', () => {
    it('stores the current version with the document, in its current shape', () => {
      const text = toStoredJsonMetadata({
        color_scheme: 'bnbColors',
        filter_bar_location: 'HORIZONTAL',
        show_native_filters: true,
      });
      expect(JSON.parse(text)).toEqual({
        color_scheme: 'bnbColors',
        filter_bar_orientation: 'HORIZONTAL',
        [JSON_METADATA_VERSION_KEY]: JSON_METADATA_VERSION,
      });
    });

    it('writes its own version over one a client sent back', () => {
      const text = toStoredJsonMetadata({ [JSON_METADATA_VERSION_KEY]: 99, color_scheme: 'x' });
      expect(JSON.parse(text)[JSON_METADATA_VERSION_KEY]).toBe(JSON_METADATA_VERSION);
    });

    it('reads a versioned document without the key, and a legacy one (no key) migrated', () => {
      const current = migrateJsonMetadata(
        toStoredJsonMetadata({ color_scheme: 'bnbColors', refresh_frequency: 30 }),
      );
      expect(current).toMatchObject({ color_scheme: 'bnbColors', refresh_frequency: 30 });
      expect(current).not.toHaveProperty(JSON_METADATA_VERSION_KEY);
      const legacy = migrateJsonMetadata(
        JSON.stringify({ filter_bar_location: 'HORIZONTAL', shared_label_colors: { a: '#fff' } }),
      );
      expect(legacy.filter_bar_orientation).toBe('HORIZONTAL');
      expect(legacy.shared_label_colors).toEqual(['a']);
      expect(legacy).not.toHaveProperty(JSON_METADATA_VERSION_KEY);
    });

    it('answers the stored text without the key, and legacy text unchanged', () => {
      const stored = toStoredJsonMetadata({ color_scheme: 'bnbColors' });
      expect(JSON.parse(toWireJsonMetadata(stored) as string)).toEqual({
        color_scheme: 'bnbColors',
      });
      const legacy = '{ "color_scheme": "bnbColors" }';
      expect(toWireJsonMetadata(legacy)).toBe(legacy);
      expect(toWireJsonMetadata(null)).toBeNull();
      expect(toWireJsonMetadata('{broken')).toBe('{broken');
    });

    it('accepts a document that carries the key back, and leaves it out of the checked value', () => {
      const check = checkJsonMetadataText(
        JSON.stringify({ color_scheme: 'x', [JSON_METADATA_VERSION_KEY]: JSON_METADATA_VERSION }),
      );
      expect(check.ok).toBe(true);
      expect(check.ok && check.value).toEqual({ color_scheme: 'x' });
    });
  });
});
