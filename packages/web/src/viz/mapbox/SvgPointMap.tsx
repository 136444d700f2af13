import type { Position } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { type CountryShapes, closePolarRings, loadCountryShapes } from '../common/worldGeometry.ts';
import { CLUSTER_COUNT_TEST_ID, clusterCountLabel } from './clusterCounts.ts';
import { BORDER_COLOR, LAND_COLOR, WATER_COLOR } from './mapStyle.ts';
import { clusterPixels, fitProjection, type Projection } from './projection.ts';
import type { MapboxProps } from './transformProps.ts';

const METERS = { Miles: 1609.344, Kilometers: 1000 } as const;

function ringPath(ring: Position[], projection: Projection): string {
  return `${ring
    .map(([lon = 0, lat = 0], i) => {
      const [x, y] = projection.project(lon, lat);
      return `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join('')}Z`;
}

function countryPaths(shapes: CountryShapes, projection: Projection): string[] {
  return shapes.features.map((shape) => {
    const polygons =
      shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
    return polygons
      .flatMap((polygon) => polygon.map((ring) => ringPath(ring, projection)))
      .join('');
  });
}

/**
 * The same points over the same bundled world, drawn as SVG: used where WebGL is missing
 * (headless browsers, some virtual machines), so the chart still renders.
 */
export function SvgPointMap(props: MapboxProps & { reason: string }) {
  const { width, height, points, viewport, clusteringRadius, color, opacity, radiusUnit } = props;
  const [shapes, setShapes] = useState<CountryShapes | null>(null);
  useEffect(() => {
    let live = true;
    loadCountryShapes().then((s) => live && setShapes(closePolarRings(s)));
    return () => {
      live = false;
    };
  }, []);

  const projection = useMemo(
    () => fitProjection(points, width, height, viewport),
    [points, width, height, viewport],
  );
  const paths = useMemo(
    () => (shapes ? countryPaths(shapes, projection) : []),
    [shapes, projection],
  );
  const clusters = useMemo(() => {
    const pixels = points.map((point) => {
      const [x, y] = projection.project(point.lon, point.lat);
      return { x, y, point };
    });
    const metric = radiusUnit !== 'Pixels';
    return clusterPixels(pixels, clusteringRadius).map((c) => {
      let r = c.count > 1 ? Math.min(40, 6 + 3 * Math.sqrt(c.count)) : 4;
      const radius = c.single?.radius ?? null;
      if (c.single && radius !== null) {
        if (!metric) r = Math.max(1, radius);
        else {
          const { lon, lat } = c.single;
          const metersPerDegree = 111320 * Math.cos((lat * Math.PI) / 180);
          const [x0] = projection.project(lon, lat);
          const [x1] = projection.project(
            lon + (radius * METERS[radiusUnit]) / metersPerDegree,
            lat,
          );
          r = Math.max(1, Math.abs(x1 - x0));
        }
      }
      return { ...c, r };
    });
  }, [points, projection, clusteringRadius, radiusUnit]);

  return (
    <svg
      width={width}
      height={height}
      data-testid="mapbox-fallback"
      role="img"
      aria-label="Point map"
    >
      <rect width={width} height={height} fill={WATER_COLOR} />
      <g fill={LAND_COLOR} stroke={BORDER_COLOR} strokeWidth={0.6}>
        {paths.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: shapes never reorder.
          <path key={i} d={d} />
        ))}
      </g>
      <g>
        {clusters.map((c) => (
          <g key={`${c.x.toFixed(1)}:${c.y.toFixed(1)}`}>
            <circle
              cx={c.x}
              cy={c.y}
              r={c.r}
              fill={color}
              fillOpacity={(c.count > 1 ? 0.75 : 1) * opacity}
              stroke="#fff"
              strokeWidth={c.count > 1 ? 1 : 0.5}
            >
              <title>{c.count > 1 ? `${c.count} points` : c.label}</title>
            </circle>
            {c.count > 1 && (
              <text
                x={c.x}
                y={c.y}
                dy="0.35em"
                textAnchor="middle"
                fontSize={11}
                fill="#fff"
                pointerEvents="none"
                data-testid={CLUSTER_COUNT_TEST_ID}
              >
                {clusterCountLabel(c.count)}
              </text>
            )}
          </g>
        ))}
      </g>
      <text x={width - 6} y={height - 6} textAnchor="end" fontSize={10} fill="#8c8c8c">
        {props.reason}
      </text>
    </svg>
  );
}
