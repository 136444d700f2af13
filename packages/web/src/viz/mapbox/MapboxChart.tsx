import { useEffect, useRef, useState } from 'react';
import { registerPictureSource } from '../common/pictureSources.ts';
import type { DrawnMap } from './maplibreMap.ts';
import { SvgPointMap } from './SvgPointMap.tsx';
import type { MapboxProps } from './transformProps.ts';

export const STATIC_MAP_NOTE = 'Static map: this browser has no WebGL';

function hasWebGL2(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/**
 * MapLibre when the browser has WebGL, else the same points drawn as SVG, with a small note
 * saying the map is static.
 */
export function MapboxChart(props: MapboxProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<DrawnMap | null>(null);
  const [fallback, setFallback] = useState(() => !hasWebGL2());
  const {
    width,
    height,
    points,
    clusteringRadius,
    radiusUnit,
    color,
    opacity,
    mapStyle,
    viewport,
  } = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is rebuilt only when what it draws changes; size changes resize it.
  useEffect(() => {
    const container = containerRef.current;
    if (fallback || !container) return;
    let live = true;
    const drawn = import('./maplibreMap.ts').then(({ drawMaplibre }) =>
      drawMaplibre(container, props),
    );
    drawn.then(
      (map) => {
        if (live) mapRef.current = map;
        else map.remove();
      },
      () => live && setFallback(true),
    );
    // A picture of the page asked for before the map exists waits for it.
    const unregister = registerPictureSource(container, () =>
      drawn.then(
        (map) => (live ? map.picture() : null),
        () => null,
      ),
    );
    return () => {
      live = false;
      unregister();
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [fallback, points, clusteringRadius, radiusUnit, color, opacity, mapStyle, viewport]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new box size is what triggers the resize.
  useEffect(() => {
    mapRef.current?.resize();
  }, [width, height]);

  if (fallback) return <SvgPointMap {...props} reason={STATIC_MAP_NOTE} />;
  return <div ref={containerRef} style={{ width, height }} data-testid="mapbox-chart" />;
}
