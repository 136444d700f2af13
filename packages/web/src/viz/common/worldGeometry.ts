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
