import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../types.ts';
import { basemapKind, pointFeatures } from './mapStyle.ts';
import { clusterPixels, fitProjection } from './projection.ts';
import { transformProps } from './transformProps.ts';

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '6__table',
      viz_type: 'mapbox',
      all_columns_x: 'longitude',
      all_columns_y: 'latitude',
      mapbox_label: ['iata', 'name'],
      clustering_radius: '40',
      global_opacity: 0.8,
    },
    queriesData: [
      {
        colnames: ['longitude', 'latitude', 'iata', 'name'],
        coltypes: [0, 0, 1, 1],
        rowcount: 3,
        data: [
          {
            longitude: -118.408,
            latitude: 33.9425,
            iata: 'LAX',
            name: 'Los Angeles International',
          },
          { longitude: -73.7789, latitude: 40.6397, iata: 'JFK', name: 'John F Kennedy Intl' },
          { longitude: 500, latitude: 10, iata: 'BAD', name: 'Broken row' },
        ],
      },
    ],
    width: 800,
    height: 500,
    datasource: null,
    theme: 'light',
    hooks: {},
    ...overrides,
  };
}

describe('mapbox transformProps', () => {
  it('keeps rows with valid coordinates, labelled by the label columns', () => {
    const result = transformProps(props());
    expect(result.points).toEqual([
      { lon: -118.408, lat: 33.9425, label: 'LAX · Los Angeles International', radius: null },
      { lon: -73.7789, lat: 40.6397, label: 'JFK · John F Kennedy Intl', radius: null },
    ]);
    expect(result).toMatchObject({
      clusteringRadius: 40,
      opacity: 0.8,
      mapStyle: 'offline',
      viewport: null,
    });
    expect(result.color).toBe('rgba(0, 139, 139, 1)');
  });

  it('tells the analyst when no row has coordinates', () => {
    const base = props();
    expect(() =>
      transformProps({
        ...base,
        queriesData: [
          {
            ...base.queriesData[0],
            data: [{ longitude: null, latitude: 10, iata: 'X', name: 'Y' }],
          },
        ],
      }),
    ).toThrow(
      'No row has a longitude in "longitude" (-180 to 180) and a latitude in "latitude" (-90 to 90).',
    );
  });

  it('picks the basemap from the style setting', () => {
    expect(basemapKind('offline')).toBe('offline');
    expect(basemapKind('mapbox://styles/mapbox/light-v9')).toBe('offline');
    expect(basemapKind('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('tiles');
    expect(basemapKind('https://demotiles.maplibre.org/style.json')).toBe('style');
  });

  it('turns a metric radius into pixels at zoom 0', () => {
    const [feature] = pointFeatures(
      [{ lon: 0, lat: 0, label: 'a', radius: 10 }],
      'Kilometers',
    ).features;
    expect(feature?.properties.r0).toBeCloseTo((10_000 * 512) / 40075016.686);
  });

  it('fits the fallback projection to the points and clusters nearby pixels', () => {
    const { points } = transformProps(props());
    const projection = fitProjection(points, 800, 500, null);
    const [x0, y0] = projection.project(-118.408, 33.9425);
    const [x1, y1] = projection.project(-73.7789, 40.6397);
    expect(x0).toBeCloseTo(24, 0);
    expect(x1).toBeCloseTo(776, 0);
    expect(y1).toBeLessThan(y0);
    const pixels = points.map((point, i) => ({ x: 1 + 4 * i, y: 1 + 4 * i, point }));
    expect(clusterPixels(pixels, 40)).toHaveLength(1);
    expect(clusterPixels(pixels, 0)).toHaveLength(2);
  });
});
