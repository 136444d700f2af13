import type { CountryShapes } from '../common/worldGeometry.ts';
import { shapeCentroid } from '../common/worldGeometry.ts';
import { countryByNumericId } from './countries.ts';
import type { WorldMapProps } from './transformProps.ts';

export const WORLD_MAP_NAME = 'tessera-world';
const ANTARCTICA = 10;
const NO_DATA_COLOR = '#e8e8e8';

/** Shapes named by ISO alpha-3 (ECharts matches data to regions by name). */
export function namedWorld(shapes: CountryShapes) {
  return {
    type: 'FeatureCollection' as const,
    features: shapes.features
      .filter((shape) => shape.properties.id !== ANTARCTICA)
      .map((shape, i) => {
        const country = countryByNumericId(shape.properties.id);
        return {
          ...shape,
          properties: {
            name: country?.alpha3 ?? `unknown-${i}`,
            label: country?.name ?? '',
          },
        };
      }),
  };
}

export function centroidsByCode(shapes: CountryShapes): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const shape of shapes.features) {
    const country = countryByNumericId(shape.properties.id);
    if (country) out.set(country.alpha3, shapeCentroid(shape));
  }
  return out;
}

/** What the option needs of the registered geometry. */
export interface WorldGeometry {
  centroids: Map<string, [number, number]>;
  /** Width over height of the map as ECharts draws it (see `mapAspect`). */
  aspect: number;
}

/** ECharts' default `aspectScale` of a geo: degrees of latitude drawn 1/0.75 as tall. */
const GEO_ASPECT_SCALE = 0.75;
const MAP_PADDING_PX = 8;

/** Width over height of the shapes' bounding box in degrees, as ECharts scales it. */
export function mapAspect(world: ReturnType<typeof namedWorld>): number {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const shape of world.features) {
    const polygons =
      shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
    for (const [lon = 0, lat = 0] of polygons.flat(2)) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return ((east - west) / Math.max(1, north - south)) * GEO_ASPECT_SCALE;
}

/**
 * Where the geo goes: as large as the panel allows with the map's own proportions, centred. Given
 * all four edges ECharts would stretch the map to the panel's shape; given two and a centre, it
 * derives the other side from the map's aspect.
 */
export function mapPlacement(width: number, height: number, aspect: number) {
  const inner = {
    width: Math.max(1, width - 2 * MAP_PADDING_PX),
    height: Math.max(1, height - 2 * MAP_PADDING_PX),
  };
  return inner.width / inner.height > aspect
    ? { top: MAP_PADDING_PX, bottom: MAP_PADDING_PX, left: 'center' }
    : { left: MAP_PADDING_PX, right: MAP_PADDING_PX, top: 'middle' };
}

/** The ECharts option of the world map: shaded regions plus optional bubbles at centroids. */
export function worldMapOption(props: WorldMapProps, world: WorldGeometry) {
  const { centroids } = world;
  const { countries, formatValue, metricLabel, bubbleLabel, selected } = props;
  const chosen = new Set(selected);
  const values = countries.map((c) => c.value).filter((v): v is number => v !== null);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const byCode = new Map(countries.map((c) => [c.code, c]));
  const dim = (code: string) => chosen.size > 0 && !chosen.has(props.points[code]?.label ?? '');
  const maxBubbleValue = Math.max(0, ...countries.map((c) => Math.abs(c.bubble ?? 0)));

  const regions = countries.map((c) => ({ name: c.code, value: c.value ?? '-', pointKey: c.code }));
  // A map series drawn on a shared geo takes region styles from the geo, not from its data.
  const regionStyles = countries
    .filter((c) => c.color || dim(c.code))
    .map((c) => ({
      name: c.code,
      itemStyle: { ...(c.color ? { areaColor: c.color } : {}), opacity: dim(c.code) ? 0.35 : 1 },
    }));
  const bubbles = bubbleLabel
    ? countries
        .filter((c) => c.bubble !== null && centroids.has(c.code))
        .map((c) => ({
          name: c.code,
          pointKey: c.code,
          value: [...(centroids.get(c.code) as [number, number]), c.bubble],
          symbolSize:
            maxBubbleValue > 0
              ? Math.max(
                  3,
                  props.maxBubbleSize * Math.sqrt(Math.abs(c.bubble ?? 0) / maxBubbleValue),
                )
              : 3,
        }))
    : [];

  const tooltip = (code: string) => {
    const c = byCode.get(code);
    if (!c) return '';
    const lines = [`<b>${c.name}</b>`, `${metricLabel}: <b>${formatValue(c.value)}</b>`];
    if (bubbleLabel) lines.push(`${bubbleLabel}: <b>${formatValue(c.bubble)}</b>`);
    return lines.join('<br/>');
  };

  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (params: { name: string }) => tooltip(params.name),
    },
    ...(props.colorBy === 'metric'
      ? {
          visualMap: {
            type: 'continuous',
            min,
            max: max === min ? min + 1 : max,
            seriesIndex: 0,
            left: 8,
            bottom: 8,
            itemHeight: Math.max(60, Math.min(140, props.height / 4)),
            calculable: false,
            // A bar without handles shows no values unless given its end labels.
            text: [formatValue(max === min ? min + 1 : max), formatValue(min)],
            inRange: { color: props.sequentialColors },
            formatter: (v: number) => formatValue(v),
          },
        }
      : {}),
    geo: {
      map: WORLD_MAP_NAME,
      roam: true,
      ...mapPlacement(props.width, props.height, world.aspect),
      itemStyle: { areaColor: NO_DATA_COLOR, borderColor: '#fff', borderWidth: 0.5 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: '#fec44f' } },
      select: { disabled: true },
      // A map series on a shared geo is hovered through the geo: its tooltip is the geo's.
      tooltip: { show: true },
      regions: regionStyles,
    },
    series: [
      {
        type: 'map',
        geoIndex: 0,
        name: metricLabel,
        data: regions,
      },
      ...(bubbles.length
        ? [
            {
              type: 'scatter',
              coordinateSystem: 'geo',
              name: bubbleLabel,
              data: bubbles,
              itemStyle: {
                color: props.bubbleColor,
                opacity: 0.7,
                borderColor: '#fff',
                borderWidth: 0.5,
              },
              emphasis: { scale: 1.2 },
            },
          ]
        : []),
    ],
  };
}
