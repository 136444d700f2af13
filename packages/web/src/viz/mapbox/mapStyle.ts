import type { MapOptions } from 'maplibre-gl';
import { type CountryShapes, closePolarRings } from '../common/worldGeometry.ts';
import type { MapboxProps, MapPoint } from './transformProps.ts';

type Style = Exclude<MapOptions['style'], string | undefined>;
type Layer = Style['layers'][number];

export const WATER_COLOR = '#dbe8f1';
export const LAND_COLOR = '#f6f5f1';
export const BORDER_COLOR = '#c9c9c2';
const EARTH_CIRCUMFERENCE_M = 40075016.686;
const METERS = { Miles: 1609.344, Kilometers: 1000 } as const;

/** What `mapbox_style` asks for: the bundled basemap, raster tiles, or a whole style. */
export function basemapKind(mapStyle: string): 'offline' | 'tiles' | 'style' {
  if (mapStyle.includes('{z}')) return 'tiles';
  if (/^https?:\/\//.test(mapStyle)) return 'style';
  // `offline`, empty, and Superset's mapbox:// styles (no token here) use the bundled map.
  return 'offline';
}

/** The offline basemap: sea, land and borders from the bundled world geometry. */
export function offlineStyle(shapes: CountryShapes): Style {
  return {
    version: 8,
    sources: { countries: { type: 'geojson', data: closePolarRings(shapes) } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER_COLOR } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': LAND_COLOR } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': BORDER_COLOR, 'line-width': 0.6 },
      },
    ],
  };
}

export function rasterStyle(tileUrl: string): Style {
  let host = tileUrl;
  try {
    host = new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).host;
  } catch {
    // A template that is not a URL still names its source.
  }
  return {
    version: 8,
    sources: {
      tiles: { type: 'raster', tiles: [tileUrl], tileSize: 256, attribution: `Tiles: ${host}` },
    },
    layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
  };
}

/** The points as GeoJSON; `r0` is a metric radius in pixels at zoom 0 at the point's latitude. */
export function pointFeatures(points: MapPoint[], unit: MapboxProps['radiusUnit']) {
  return {
    type: 'FeatureCollection' as const,
    features: points.map((p) => {
      const metersPerPixelZ0 = (EARTH_CIRCUMFERENCE_M * Math.cos((p.lat * Math.PI) / 180)) / 512;
      const r0 =
        unit === 'Pixels' || p.radius === null
          ? null
          : (p.radius * METERS[unit]) / metersPerPixelZ0;
      return {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] },
        properties: { label: p.label, radius: p.radius ?? 0, r0: r0 ?? 0 },
      };
    }),
  };
}

/** Cluster and point layers over whatever basemap is in use. */
export function pointLayers(props: MapboxProps): Layer[] {
  const { color, opacity, radiusUnit } = props;
  const hasRadius = props.points.some((p) => p.radius !== null);
  const pointRadius = !hasRadius
    ? 4
    : radiusUnit === 'Pixels'
      ? ['max', 1, ['get', 'radius']]
      : [
          'interpolate',
          ['exponential', 2],
          ['zoom'],
          0,
          ['get', 'r0'],
          22,
          ['*', ['get', 'r0'], 2 ** 22],
        ];
  return [
    {
      id: 'clusters',
      type: 'circle',
      source: 'points',
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': color,
        'circle-opacity': 0.75 * opacity,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
        'circle-radius': [
          'interpolate',
          ['linear'],
          ['sqrt', ['get', 'point_count']],
          1,
          8,
          10,
          22,
          40,
          40,
        ],
      },
    },
    {
      id: 'points',
      type: 'circle',
      source: 'points',
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-color': color,
        'circle-opacity': opacity,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 0.5,
        // biome-ignore lint/suspicious/noExplicitAny: style expressions are typed as tuples.
        'circle-radius': pointRadius as any,
      },
    },
  ] as Layer[];
}
