import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibreMap, Popup, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { loadCountryShapes } from '../common/worldGeometry.ts';
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
  const picture = async () => {
    if (!map.loaded()) await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    // Read inside the frame that drew it: afterwards the WebGL buffer may already be cleared.
    return new Promise<string | null>((resolve) => {
      map.once('render', () => {
        try {
          resolve(map.getCanvas().toDataURL('image/png'));
        } catch {
          // Tiles from a server that does not allow it (CORS) taint the canvas.
          resolve(null);
        }
      });
      map.triggerRepaint();
    });
  };
  return { resize: () => map.resize(), remove: () => map.remove(), picture };
}
