/**
 * Cluster counts as HTML markers. The offline basemap has no glyphs (a font server would be a
 * network dependency), so a symbol layer cannot draw text; markers are DOM elements MapLibre
 * moves with the map, and this keeps one per cluster on screen, in step with the clusters.
 */

/** Where a cluster is and how many points it holds. */
export interface ClusterSpot {
  id: number;
  lngLat: [number, number];
  count: number;
}

/** What this needs of a maplibre-gl Marker (a seam for tests without WebGL). */
export interface CountMarker {
  setLngLat: (lngLat: [number, number]) => unknown;
  remove: () => unknown;
}

export const CLUSTER_COUNT_TEST_ID = 'mapbox-cluster-count';
export const CLUSTER_COUNT_FONT = '600 11px system-ui, -apple-system, "Segoe UI", sans-serif';

/** As Superset's MapBox chart shows them: 1234 as "1.2k", 12345 as "12k". */
export function clusterCountLabel(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

interface FeatureLike {
  geometry: { type: string; coordinates?: unknown };
  properties: Record<string, unknown> | null;
}

/**
 * The clusters among a source's rendered features, each once: a cluster that straddles tiles
 * comes back from every tile that holds it.
 */
export function clusterSpots(features: readonly FeatureLike[]): ClusterSpot[] {
  const spots = new Map<number, ClusterSpot>();
  for (const feature of features) {
    const id = feature.properties?.cluster_id;
    const count = feature.properties?.point_count;
    const coordinates = feature.geometry.coordinates;
    if (typeof id !== 'number' || typeof count !== 'number' || spots.has(id)) continue;
    if (feature.geometry.type !== 'Point' || !Array.isArray(coordinates)) continue;
    const [lng, lat] = coordinates as [number, number];
    spots.set(id, { id, lngLat: [lng, lat], count });
  }
  return [...spots.values()];
}

/** The element a count is drawn in: white bold digits centred on the cluster's circle. */
export function countElement(doc: Document, count: number): HTMLElement {
  const element = doc.createElement('div');
  element.dataset.testid = CLUSTER_COUNT_TEST_ID;
  element.textContent = clusterCountLabel(count);
  // Set through the CSSOM: the page's CSP refuses style attributes written as markup.
  Object.assign(element.style, {
    font: CLUSTER_COUNT_FONT,
    color: '#ffffff',
    textShadow: '0 0 2px rgba(0, 0, 0, 0.45)',
    // Hover and click belong to the cluster circle under the digits.
    pointerEvents: 'none',
    whiteSpace: 'nowrap',
    lineHeight: '1',
  });
  return element;
}

/**
 * One marker per cluster shown: `sync` adds the new clusters' markers, moves none (a cluster id
 * names one place at one zoom) and removes those of clusters gone since (zoomed through, or
 * tiles unloaded).
 */
export class ClusterCounts {
  private readonly shown = new Map<number, { spot: ClusterSpot; marker: CountMarker }>();

  constructor(private readonly place: (spot: ClusterSpot) => CountMarker) {}

  sync(spots: readonly ClusterSpot[]): void {
    const wanted = new Map(spots.map((spot) => [spot.id, spot]));
    for (const [id, { marker }] of this.shown) {
      if (!wanted.has(id)) {
        marker.remove();
        this.shown.delete(id);
      }
    }
    for (const spot of wanted.values()) {
      const current = this.shown.get(spot.id);
      if (current && current.spot.count === spot.count) continue;
      current?.marker.remove();
      this.shown.set(spot.id, { spot, marker: this.place(spot) });
    }
  }

  /** The counts on the map now (what a picture of the map must draw too). */
  spots(): ClusterSpot[] {
    return [...this.shown.values()].map(({ spot }) => spot);
  }

  clear(): void {
    this.sync([]);
  }
}

/**
 * The counts drawn over a picture of the map (a 2D canvas holding the WebGL frame): markers are
 * DOM, so the frame alone would lose them. `project` gives a spot's CSS pixel; `ratio` is canvas
 * pixels per CSS pixel.
 */
export function drawCounts(
  context: CanvasRenderingContext2D,
  spots: readonly ClusterSpot[],
  project: (lngLat: [number, number]) => { x: number; y: number },
  ratio: number,
): void {
  context.save();
  context.scale(ratio, ratio);
  context.font = CLUSTER_COUNT_FONT;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#ffffff';
  context.shadowColor = 'rgba(0, 0, 0, 0.45)';
  context.shadowBlur = 2;
  for (const spot of spots) {
    const { x, y } = project(spot.lngLat);
    context.fillText(clusterCountLabel(spot.count), x, y);
  }
  context.restore();
}
