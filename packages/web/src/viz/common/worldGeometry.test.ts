import type { Position } from 'geojson';
import { MercatorCoordinate } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { offlineStyle } from '../mapbox/mapStyle.ts';
import { fitProjection } from '../mapbox/projection.ts';
import {
  type CountryShape,
  type CountryShapes,
  closePolarRings,
  loadCountryShapes,
  shapeCentroid,
} from './worldGeometry.ts';

/** ISO 3166 numeric ids of the countries checked. */
const ID = {
  USA: 840,
  France: 250,
  Spain: 724,
  Brazil: 76,
  Kenya: 404,
  Russia: 643,
  China: 156,
  Australia: 36,
  SouthAfrica: 710,
  Senegal: 686,
  Fiji: 242,
  Antarctica: 10,
};

function inRing([x, y]: [number, number], ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function contains(shape: CountryShape, point: [number, number]): boolean {
  const polygons =
    shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && inRing(point, outer) && !holes.some((h) => inRing(point, h)),
  );
}

function vertices(shape: CountryShape): Position[] {
  const polygons =
    shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  return polygons.flat(2);
}

async function country(id: number): Promise<CountryShape> {
  const shapes = await loadCountryShapes();
  const shape = shapes.features.find((s) => s.properties.id === id);
  if (!shape) throw new Error(`no shape ${id}`);
  return shape;
}

describe('the bundled world geometry', () => {
  it('decodes the quantized TopoJSON into longitude, latitude degrees', async () => {
    const shapes = await loadCountryShapes();
    const all = shapes.features.flatMap(vertices);
    const lons = all.map(([lon = 0]) => lon);
    const lats = all.map(([, lat = 0]) => lat);
    // The file's transform: x from -180 in steps of 360/99999, y from -85.609 (its south edge).
    expect(Math.min(...lons)).toBeCloseTo(-180, 6);
    expect(Math.max(...lons)).toBeCloseTo(180, 6);
    expect(Math.min(...lats)).toBeCloseTo(-85.609, 2);
    // Greenland's north coast, the northernmost land of the 110m file.
    expect(Math.max(...lats)).toBeCloseTo(83.645, 2);
  });

  it('puts known places inside their countries', async () => {
    const places: Array<[string, number, [number, number]]> = [
      ['Denver', ID.USA, [-104.99, 39.74]],
      ['Kansas City', ID.USA, [-94.58, 39.1]],
      ['Anchorage hinterland', ID.USA, [-150.0, 63.0]],
      ['Paris', ID.France, [2.35, 48.86]],
      ['Madrid', ID.Spain, [-3.7, 40.42]],
      ['Brasília', ID.Brazil, [-47.88, -15.79]],
      ['Nairobi', ID.Kenya, [36.82, -1.29]],
      ['Moscow', ID.Russia, [37.62, 55.76]],
      ['Yakutsk', ID.Russia, [129.73, 62.03]],
      ['Beijing', ID.China, [116.41, 39.9]],
      ['Alice Springs', ID.Australia, [133.88, -23.7]],
    ];
    for (const [name, id, point] of places) {
      expect(contains(await country(id), point), name).toBe(true);
    }
    // And not inside a neighbour: Paris is not in Spain, Denver not in Russia.
    expect(contains(await country(ID.Spain), [2.35, 48.86])).toBe(false);
    expect(contains(await country(ID.Russia), [-104.99, 39.74])).toBe(false);
  });

  it('has its coastlines where they are: capes within a few tenths of a degree', async () => {
    const southAfrica = vertices(await country(ID.SouthAfrica));
    const south = southAfrica.reduce((a, b) => ((b[1] ?? 0) < (a[1] ?? 0) ? b : a));
    // Cape Agulhas, 20.0 E 34.83 S.
    expect(south[0]).toBeCloseTo(20.0, 0);
    expect(Math.abs((south[1] ?? 0) - -34.83)).toBeLessThan(0.3);
    const senegal = vertices(await country(ID.Senegal));
    const west = senegal.reduce((a, b) => ((b[0] ?? 0) < (a[0] ?? 0) ? b : a));
    // Cap-Vert near Dakar, 17.5 W 14.7 N: Africa's westernmost mainland point.
    expect(Math.abs((west[0] ?? 0) - -17.5)).toBeLessThan(0.3);
    expect(Math.abs((west[1] ?? 0) - 14.7)).toBeLessThan(0.3);
  });

  it('closes the ring round the South Pole instead of cutting across the map', async () => {
    const shapes = await loadCountryShapes();
    const wrapping = (collection: CountryShapes) =>
      collection.features.filter((shape) => {
        const polygons =
          shape.geometry.type === 'Polygon'
            ? [shape.geometry.coordinates]
            : shape.geometry.coordinates;
        // An edge along the pole itself (both ends at 90 S) is the bottom of the map: no wrap.
        const atPole = (p?: Position) => Math.abs(p?.[1] ?? 0) === 90;
        return polygons
          .flat()
          .some((ring) =>
            ring.some(
              (p, i) =>
                i > 0 &&
                Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180 &&
                !(atPole(p) && atPole(ring[i - 1])),
            ),
          );
      });
    // As decoded, Antarctica's coast returns from 178.3 E to 179.9 W in one edge at 84.5 S:
    // drawn flat, that edge is a line across the map with sea south of it.
    expect(wrapping(shapes).map((s) => s.properties.id)).toEqual([ID.Antarctica]);
    const closed = closePolarRings(shapes);
    expect(wrapping(closed)).toEqual([]);
    const antarctica = closed.features.find((s) => s.properties.id === ID.Antarctica);
    if (!antarctica) throw new Error('no Antarctica');
    // The pole and the land around it are land now; the sea off the coast still sea.
    expect(contains(antarctica, [0, -89])).toBe(true);
    expect(contains(antarctica, [-120, -85])).toBe(true);
    expect(contains(antarctica, [0, -60])).toBe(false);
    // Every other shape is handed on as it was (the world map chart's shapes are untouched).
    expect(closed.features.filter((s) => s.properties.id !== ID.Antarctica)).toEqual(
      shapes.features.filter((s) => s.properties.id !== ID.Antarctica),
    );
    // Russia and Fiji reach both sides of the antimeridian as separate polygons, no wrap.
    for (const id of [ID.Russia, ID.Fiji]) {
      const lons = vertices(await country(id)).map(([lon = 0]) => lon);
      expect(Math.max(...lons)).toBeCloseTo(180, 3);
      expect(Math.min(...lons)).toBeLessThan(-170);
    }
  });

  it('places a country bubble on the country (world map centroids)', async () => {
    const [lon, lat] = shapeCentroid(await country(ID.USA));
    // The lower 48's centroid is in Kansas, about 98.6 W 39.8 N.
    expect(Math.abs(lon - -98.6)).toBeLessThan(2);
    expect(Math.abs(lat - 39.8)).toBeLessThan(2);
    const [frLon, frLat] = shapeCentroid(await country(ID.France));
    expect(contains(await country(ID.France), [frLon, frLat])).toBe(true);
  });
});

describe('the offline basemap and the points share one projection', () => {
  it('hands MapLibre the shapes in [longitude, latitude] order, the pole closed', async () => {
    const shapes = await loadCountryShapes();
    const style = offlineStyle(shapes);
    expect(style.sources.countries).toEqual({ type: 'geojson', data: closePolarRings(shapes) });
  });

  it("pins MapLibre's Web Mercator: Denver lands inside the USA's outline in tile space", async () => {
    const usa = await country(ID.USA);
    const toWorld = ([lon = 0, lat = 0]: Position): [number, number] => {
      const m = MercatorCoordinate.fromLngLat([lon, lat]);
      return [m.x, m.y];
    };
    const projected: CountryShape = {
      ...usa,
      geometry: {
        type: 'MultiPolygon',
        coordinates: (usa.geometry.type === 'Polygon'
          ? [usa.geometry.coordinates]
          : usa.geometry.coordinates
        ).map((polygon) => polygon.map((ring) => ring.map(toWorld))),
      },
    };
    expect(contains(projected, toWorld([-104.99, 39.74]))).toBe(true);
    // Zoom 0 on a 512-pixel world: Paris at x 259.3, y 175.9.
    const paris = MercatorCoordinate.fromLngLat([2.3522, 48.8566]);
    expect(paris.x * 512).toBeCloseTo(259.35, 1);
    expect(paris.y * 512).toBeCloseTo(175.9, 0);
  });

  it('draws the static fallback with the same projection for land and points', async () => {
    const projection = fitProjection([], 800, 500, null);
    const usa = await country(ID.USA);
    const projected: CountryShape = {
      ...usa,
      geometry: {
        type: 'MultiPolygon',
        coordinates: (usa.geometry.type === 'Polygon'
          ? [usa.geometry.coordinates]
          : usa.geometry.coordinates
        ).map((polygon) =>
          polygon.map((ring) => ring.map(([lon = 0, lat = 0]) => projection.project(lon, lat))),
        ),
      },
    };
    expect(contains(projected, projection.project(-104.99, 39.74))).toBe(true);
    expect(contains(projected, projection.project(2.35, 48.86))).toBe(false);
  });
});
