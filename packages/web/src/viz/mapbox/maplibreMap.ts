import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibreMap, Marker, Popup, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { loadCountryShapes } from '../common/worldGeometry.ts';
import { ClusterCounts, clusterSpots, countElement, drawCounts } from './clusterCounts.ts';
import { basemapKind, offlineStyle, pointFeatures, pointLayers, rasterStyle } from './mapStyle.ts';
import type { MapboxProps } from './transformProps.ts';

/**
 * The WebGL map (MapLibre). Only this module imports maplibre-gl, and only the mapbox chart
 * loads it, lazily, so no other chunk carries it.
 */

// The worker file is emitted as an asset; the library's own guess assumes it sits beside it.
setWorkerUrl(workerUrl);

export interface DrawnMap {
  resize: () => void;
  remove: () => void;
  /** A PNG data URL of the map once its tiles and points are drawn; null if it cannot be read. */
  picture: () => Promise<string | null>;
}

/** Creates the map; throws when WebGL cannot start (the caller falls back to SVG). */
export async function drawMaplibre(container: HTMLElement, props: MapboxProps): Promise<DrawnMap> {
  const kind = basemapKind(props.mapStyle);
  const style =
    kind === 'tiles'
      ? rasterStyle(props.mapStyle)
      : kind === 'style'
        ? props.mapStyle
        : offlineStyle(await loadCountryShapes());
  const map = new MapLibreMap({
    container,
    style,
    attributionControl: kind === 'offline' ? false : { compact: true },
    ...(props.viewport
      ? { center: [props.viewport.longitude, props.viewport.latitude], zoom: props.viewport.zoom }
      : { center: [0, 20], zoom: 0.5 }),
    renderWorldCopies: false,
    fadeDuration: 0,
  });
  if (!props.viewport && props.points.length) {
    const bounds = new LngLatBounds();
    for (const p of props.points) bounds.extend([p.lon, p.lat]);
    map.fitBounds(bounds, { padding: 24, animate: false, maxZoom: 12 });
  }
  const addPoints = () => {
    map.addSource('points', {
      type: 'geojson',
      data: pointFeatures(props.points, props.radiusUnit),
      cluster: props.clusteringRadius > 0,
      clusterRadius: props.clusteringRadius,
      clusterMaxZoom: 14,
    });
    for (const layer of pointLayers(props)) map.addLayer(layer);
  };
  if (map.isStyleLoaded()) addPoints();
  else map.once('load', addPoints);

  const counts = new ClusterCounts((spot) =>
    new Marker({ element: countElement(container.ownerDocument, spot.count) })
      .setLngLat(spot.lngLat)
      .addTo(map),
  );
  if (props.clusteringRadius > 0) {
    // Every drawn frame, as MapLibre's own HTML-cluster example does: zooming changes the
    // clusters between integer zooms, panning loads tiles that hold others.
    map.on('render', () => {
      if (!map.getSource('points') || !map.isSourceLoaded('points')) return;
      counts.sync(
        clusterSpots(map.querySourceFeatures('points', { filter: ['has', 'point_count'] })),
      );
    });
  }

  const popup = new Popup({ closeButton: false, closeOnClick: false, offset: 8 });
  for (const layer of ['clusters', 'points']) {
    map.on('mousemove', layer, (event) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const count = feature.properties?.point_count as number | undefined;
      map.getCanvas().style.cursor = 'pointer';
      popup
        .setLngLat(event.lngLat)
        .setText(count ? `${count} points` : String(feature.properties?.label ?? ''))
        .addTo(map);
    });
    map.on('mouseleave', layer, () => {
      map.getCanvas().style.cursor = '';
      popup.remove();
    });
  }
  // A count under a resting pointer changes as the map zooms: the tooltip goes until it moves.
  map.on('movestart', () => popup.remove());
  map.on('click', 'clusters', async (event) => {
    const feature = event.features?.[0];
    const source = map.getSource('points');
    const id = feature?.properties?.cluster_id as number | undefined;
    if (!feature || id === undefined || !source || !('getClusterExpansionZoom' in source)) return;
    const zoom = await (
      source as unknown as { getClusterExpansionZoom: (id: number) => Promise<number> }
    ).getClusterExpansionZoom(id);
    map.easeTo({ center: event.lngLat, zoom });
  });
  // The frame read into a 2D canvas with the counts drawn over it (they are DOM, not pixels).
  const withCounts = (canvas: HTMLCanvasElement): string => {
    const spots = counts.spots();
    if (!spots.length) return canvas.toDataURL('image/png');
    const copy = container.ownerDocument.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    if (!context) return canvas.toDataURL('image/png');
    context.drawImage(canvas, 0, 0);
    drawCounts(context, spots, (lngLat) => map.project(lngLat), map.getPixelRatio());
    return copy.toDataURL('image/png');
  };
  const picture = async () => {
    if (!map.loaded()) await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    // Read inside the frame that drew it: afterwards the WebGL buffer may already be cleared.
    return new Promise<string | null>((resolve) => {
      map.once('render', () => {
        try {
          resolve(withCounts(map.getCanvas()));
        } catch {
          // Tiles from a server that does not allow it (CORS) taint the canvas.
          resolve(null);
        }
      });
      map.triggerRepaint();
    });
  };
  return {
    resize: () => map.resize(),
    remove: () => {
      counts.clear();
      map.remove();
    },
    picture,
  };
}
