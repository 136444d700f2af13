import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * World country shapes for the map chart types, from the `world-110m.json` TopoJSON of the
 * `vega-datasets` package, bundled (no network) and loaded only by the chunks that draw maps.
 * Shapes carry their ISO 3166 numeric id (`-99` for a few disputed areas).
 */

export type CountryShape = Feature<Polygon | MultiPolygon, { id: number }>;
export type CountryShapes = FeatureCollection<Polygon | MultiPolygon, { id: number }>;

let pending: Promise<CountryShapes> | null = null;

async function load(): Promise<CountryShapes> {
  const [{ feature }, data] = await Promise.all([
    import('topojson-client'),
    // The package exports no subpaths, so the data file is imported by its path.
    import('../../../../../node_modules/vega-datasets/data/world-110m.json'),
  ]);
  const topology = (data.default ?? data) as unknown as Topology<{ countries: GeometryCollection }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<
    Polygon | MultiPolygon
  >;
  return {
    type: 'FeatureCollection',
    features: collection.features.map((shape) => ({
      ...shape,
      properties: { id: Number(shape.id ?? -99) },
    })),
  };
}

/** The shapes, loaded once per page. */
export function loadCountryShapes(): Promise<CountryShapes> {
  if (!pending) {
    pending = load();
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/**
 * A ring that goes around a pole (Antarctica's) comes back to its start over the antimeridian in
 * one edge, from 178 E to 180 W: drawn flat, that edge cuts straight across the map and leaves
 * the land south of it as sea. Such an edge is replaced by the way round the pole: along the
 * antimeridian to the pole, across, and back up the other side.
 */
function closeAroundPole(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < ring.length; i++) {
    const point = ring[i];
    if (!point) continue;
    const before = i > 0 ? ring[i - 1] : undefined;
    const [lonA = 0, latA = 0] = before ?? [];
    const [lonB = 0, latB = 0] = point;
    if (before && Math.abs(lonB - lonA) > 180) {
      const eastward = lonA > lonB;
      const edge = eastward ? 180 : -180;
      const unwrappedB = eastward ? lonB + 360 : lonB - 360;
      const t = (edge - lonA) / (unwrappedB - lonA);
      const lat = latA + t * (latB - latA);
      const pole = lat < 0 ? -90 : 90;
      out.push([edge, lat], [edge, pole], [-edge, pole], [-edge, lat]);
    }
    out.push(point);
  }
  return out;
}

/** The shapes with polar rings closed round their pole (see `closeAroundPole`), for flat maps. */
export function closePolarRings(shapes: CountryShapes): CountryShapes {
  return {
    ...shapes,
    features: shapes.features.map((shape) => {
      const polygons =
        shape.geometry.type === 'Polygon'
          ? [shape.geometry.coordinates]
          : shape.geometry.coordinates;
      const wraps = polygons.some((polygon) =>
        polygon.some((ring) =>
          ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180),
        ),
      );
      if (!wraps) return shape;
      return {
        ...shape,
        geometry: {
          type: 'MultiPolygon' as const,
          coordinates: polygons.map((polygon) => polygon.map(closeAroundPole)),
        },
      };
    }),
  };
}

function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

function ringCentroid(ring: Position[]): [number, number] {
  const area = ringArea(ring);
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    const cross = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (area === 0) return [ring[0]?.[0] ?? 0, ring[0]?.[1] ?? 0];
  return [cx / (6 * area), cy / (6 * area)];
}

/**
 * Where a country's bubble goes: the centroid of its largest polygon, so overseas territories
 * do not pull it into the sea.
 */
export function shapeCentroid(shape: CountryShape): [number, number] {
  const polygons =
    shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  let best: Position[] | undefined;
  let bestArea = -1;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer) continue;
    const area = Math.abs(ringArea(outer));
    if (area > bestArea) {
      bestArea = area;
      best = outer;
    }
  }
  return best ? ringCentroid(best) : [0, 0];
}
