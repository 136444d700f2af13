import type { MapPoint } from './transformProps.ts';

/** Web Mercator fitted to a box: what the no-WebGL fallback draws with. */
export interface Projection {
  project: (lon: number, lat: number) => [number, number];
}

const MAX_LAT = 85;

function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

/**
 * Fits the points (or the configured viewport) into width x height with a margin; a single
 * point or an empty set gets a sensible span around it.
 */
export function fitProjection(
  points: MapPoint[],
  width: number,
  height: number,
  viewport: { longitude: number; latitude: number; zoom: number } | null,
  margin = 24,
): Projection {
  let west: number;
  let east: number;
  let south: number;
  let north: number;
  if (viewport) {
    // Degrees of longitude visible at this zoom on a 512-pixel world.
    const span = (360 * width) / (512 * 2 ** viewport.zoom);
    west = viewport.longitude - span / 2;
    east = viewport.longitude + span / 2;
    const latSpan = (span * height) / width;
    south = viewport.latitude - latSpan / 2;
    north = viewport.latitude + latSpan / 2;
  } else if (points.length) {
    west = Math.min(...points.map((p) => p.lon));
    east = Math.max(...points.map((p) => p.lon));
    south = Math.min(...points.map((p) => p.lat));
    north = Math.max(...points.map((p) => p.lat));
  } else {
    [west, east, south, north] = [-180, 180, -60, 80];
  }
  if (east - west < 2) [west, east] = [west - 1, east + 1];
  if (north - south < 2) [south, north] = [south - 1, north + 1];
  const x0 = (west * Math.PI) / 180;
  const x1 = (east * Math.PI) / 180;
  const y0 = mercatorY(south);
  const y1 = mercatorY(north);
  const innerW = Math.max(1, width - 2 * margin);
  const innerH = Math.max(1, height - 2 * margin);
  const scale = Math.min(innerW / (x1 - x0), innerH / (y1 - y0));
  const offsetX = margin + (innerW - (x1 - x0) * scale) / 2;
  const offsetY = margin + (innerH - (y1 - y0) * scale) / 2;
  return {
    project: (lon, lat) => [
      offsetX + ((lon * Math.PI) / 180 - x0) * scale,
      offsetY + (y1 - mercatorY(lat)) * scale,
    ],
  };
}

export interface PixelCluster {
  x: number;
  y: number;
  count: number;
  /** The first point's label, shown for a single point. */
  label: string;
  /** The point itself when the cluster holds only one. */
  single: MapPoint | null;
}

/** Groups points whose pixels share a grid cell of the clustering radius; 0 keeps every point. */
export function clusterPixels(
  pixels: Array<{ x: number; y: number; point: MapPoint }>,
  radius: number,
): PixelCluster[] {
  if (radius <= 0) {
    return pixels.map(({ x, y, point }) => ({ x, y, count: 1, label: point.label, single: point }));
  }
  const cells = new Map<string, { sx: number; sy: number; items: MapPoint[] }>();
  for (const { x, y, point } of pixels) {
    const key = `${Math.floor(x / radius)}:${Math.floor(y / radius)}`;
    const cell = cells.get(key) ?? { sx: 0, sy: 0, items: [] };
    cell.sx += x;
    cell.sy += y;
    cell.items.push(point);
    cells.set(key, cell);
  }
  return [...cells.values()].map(({ sx, sy, items }) => ({
    x: sx / items.length,
    y: sy / items.length,
    count: items.length,
    label: items[0]?.label ?? '',
    single: items.length === 1 ? (items[0] ?? null) : null,
  }));
}
