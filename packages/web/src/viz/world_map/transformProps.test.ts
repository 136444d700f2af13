import { describe, expect, it } from 'vitest';
import '../common/echartsMaps.ts';
import { drawnBoxes, textsOutside, unionBox } from '../common/drawTesting.ts';
import { echarts } from '../common/echartsCore.ts';
import { loadCountryShapes } from '../common/worldGeometry.ts';
import type { ChartProps } from '../types.ts';
import { findCountry } from './countries.ts';
import { transformProps } from './transformProps.ts';
import {
  centroidsByCode,
  mapAspect,
  namedWorld,
  WORLD_MAP_NAME,
  worldMapOption,
} from './worldMapOption.ts';

// biome-ignore lint/suspicious/noExplicitAny: assertions read the ECharts option loosely.
type Loose = Record<string, any>;

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '5__table',
      viz_type: 'world_map',
      entity: 'country',
      country_fieldtype: 'name',
      metric: 'life',
      secondary_metric: 'pop',
      show_bubbles: true,
      y_axis_format: '.1f',
    },
    queriesData: [
      {
        colnames: ['country', 'life', 'pop'],
        coltypes: [1, 0, 0],
        rowcount: 4,
        data: [
          { country: 'United States', life: 78.2, pop: 295734134 },
          { country: 'South Korea', life: 77.9, pop: 48422644 },
          { country: "Cote d'Ivoire", life: 48.3, pop: 17298040 },
          { country: 'Hong Kong, China', life: 82.2, pop: 6898686 },
        ],
      },
    ],
    width: 800,
    height: 450,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...overrides,
  };
}

describe('world_map countries', () => {
  it('finds a country by name, alias, ISO codes and numeric id', () => {
    expect(findCountry('United States of America', 'name')?.alpha3).toBe('USA');
    expect(findCountry('côte d’ivoire', 'name')?.alpha3).toBe('CIV');
    expect(findCountry('fr', 'cca2')?.name).toBe('France');
    expect(findCountry('DEU', 'cca3')?.alpha2).toBe('DE');
    expect(findCountry(840, 'numeric')?.alpha2).toBe('US');
    expect(findCountry('Atlantis', 'name')).toBeUndefined();
  });
});

describe('world_map transformProps', () => {
  it('resolves each row to a country and lists the ones that are not on the map', () => {
    const result = transformProps(props());
    expect(result.countries.map((c) => c.code)).toEqual(['USA', 'KOR', 'CIV', 'HKG']);
    expect(result.countries[0]).toMatchObject({
      value: 78.2,
      bubble: 295734134,
      raw: 'United States',
    });
    expect(result.unmatched).toEqual([]);
    expect(result.formatValue(78.25)).toBe('78.3');
    expect(result.points.USA?.filters).toEqual([
      { col: 'country', op: '==', val: 'United States', formattedVal: 'United States' },
    ]);
  });

  it('explains a country field type that matches nothing', () => {
    expect(() =>
      transformProps(props({ formData: { ...props().formData, country_fieldtype: 'cca2' } })),
    ).toThrow(
      'No value of "country" is a country code (cca2): check the "Country Field Type" control.',
    );
  });

  it('draws regions and bubbles on the bundled world geometry', async () => {
    const shapes = await loadCountryShapes();
    const world = namedWorld(shapes);
    expect(world.features.map((f) => f.properties.name)).toContain('USA');
    expect(world.features.map((f) => f.properties.name)).not.toContain('ATA');
    const centroids = centroidsByCode(shapes);
    const [lon, lat] = centroids.get('USA') ?? [0, 0];
    expect(lon).toBeGreaterThan(-110);
    expect(lon).toBeLessThan(-90);
    expect(lat).toBeGreaterThan(33);
    expect(lat).toBeLessThan(45);
    const option = worldMapOption(transformProps(props()), {
      centroids,
      aspect: mapAspect(world),
    }) as Loose;
    expect(option.series[0].data[0]).toEqual({ name: 'USA', value: 78.2, pointKey: 'USA' });
    expect(option.visualMap).toMatchObject({ min: 48.3, max: 82.2 });
    // Hong Kong has no shape in the 110m geometry, so it gets no bubble.
    expect(option.series[1].data.map((d: { name: string }) => d.name)).toEqual([
      'USA',
      'KOR',
      'CIV',
    ]);
    expect(option.series[1].data[0].symbolSize).toBe(25);
    // Hovering a country goes through the geo, so the geo must let the tooltip show.
    expect(option.geo.tooltip.show).toBe(true);
    expect(option.tooltip.formatter({ name: 'USA' })).toContain('<b>78.2</b>');
  });
});

describe('world map drawn into a panel', () => {
  for (const [width, height] of [
    [360, 420],
    [1200, 360],
    [800, 450],
  ] as const) {
    it(`keeps the map's proportions in a ${width} x ${height} panel`, async () => {
      const shapes = await loadCountryShapes();
      const world = namedWorld(shapes);
      // biome-ignore lint/suspicious/noExplicitAny: ECharts types the GeoJSON loosely.
      echarts.registerMap(WORLD_MAP_NAME, world as any);
      const aspect = mapAspect(world);
      const option = worldMapOption(transformProps(props({ width, height })), {
        centroids: centroidsByCode(shapes),
        aspect,
      });
      const boxes = drawnBoxes(option, width, height);
      // The country shapes, drawn as compound paths (the legend's bar is a polygon).
      const map = unionBox(boxes.filter((b) => b.type === 'compound'));
      const drawn = (map.right - map.left) / (map.bottom - map.top);
      expect(Math.abs(drawn / aspect - 1)).toBeLessThan(0.02);
      // As large as it fits: one side spans the panel less its 8 px margins.
      const fillsWidth = Math.abs(map.right - map.left - (width - 16)) < 2;
      const fillsHeight = Math.abs(map.bottom - map.top - (height - 16)) < 2;
      expect(fillsWidth || fillsHeight).toBe(true);
      expect(textsOutside([{ type: 'map', text: '', ...map }], width, height)).toEqual([]);
      // Centred in the panel.
      expect(Math.abs((map.left + map.right) / 2 - width / 2)).toBeLessThan(2);
      expect(Math.abs((map.top + map.bottom) / 2 - height / 2)).toBeLessThan(2);
    });
  }
});
