import { getColumnLabel } from '@tessera/shared/viz/buildQueryContext';
import { ensureArray, optionalColumnLabel } from '@tessera/shared/viz/common/distributionQuery';
import type { Column } from '@tessera/shared/viz/types';
import {
  columnLabelOf,
  displayValue,
  readAnswer,
  requireColumns,
  rgbaColor,
  toNumber,
} from '../common/distributionChart.ts';
import type { ChartProps, DrawnProps } from '../types.ts';

export interface MapPoint {
  lon: number;
  lat: number;
  label: string;
  /** The radius column's value, when one is chosen. */
  radius: number | null;
}

export type RadiusUnit = 'Pixels' | 'Miles' | 'Kilometers';

export interface MapboxProps extends DrawnProps {
  points: MapPoint[];
  clusteringRadius: number;
  radiusUnit: RadiusUnit;
  color: string;
  opacity: number;
  /** `offline`, a raster tile URL template, or a MapLibre style URL. */
  mapStyle: string;
  viewport: { longitude: number; latitude: number; zoom: number } | null;
}

function radiusUnitOf(value: unknown): RadiusUnit {
  return value === 'Miles' || value === 'Kilometers' ? value : 'Pixels';
}

/** Point map: rows with valid coordinates, their tooltip labels and optional radius. */
export function transformProps(chartProps: ChartProps): MapboxProps {
  const { formData, width, height } = chartProps;
  const lonCol = columnLabelOf(formData.all_columns_x, 'Longitude');
  const latCol = columnLabelOf(formData.all_columns_y, 'Latitude');
  const labelCols = ensureArray(formData.mapbox_label as Column[] | undefined).map(getColumnLabel);
  const radiusCol = optionalColumnLabel(formData.point_radius);
  const radiusColumn = radiusCol && radiusCol !== 'Auto' ? radiusCol : undefined;
  const answer = readAnswer(chartProps);
  requireColumns(answer, [lonCol, latCol, ...labelCols, ...(radiusColumn ? [radiusColumn] : [])]);

  const points: MapPoint[] = [];
  for (const row of answer.rows) {
    const lon = toNumber(row[lonCol]);
    const lat = toNumber(row[latCol]);
    if (lon === null || lat === null || Math.abs(lon) > 180 || Math.abs(lat) > 90) continue;
    points.push({
      lon,
      lat,
      label: labelCols.length
        ? labelCols.map((c) => displayValue(row[c])).join(' · ')
        : `${lat.toFixed(4)}, ${lon.toFixed(4)}`,
      radius: radiusColumn ? toNumber(row[radiusColumn]) : null,
    });
  }
  if (answer.rows.length && !points.length) {
    throw new Error(
      `No row has a longitude in "${lonCol}" (-180 to 180) and a latitude in "${latCol}" (-90 to 90).`,
    );
  }
  const longitude = toNumber(formData.viewport_longitude);
  const latitude = toNumber(formData.viewport_latitude);
  const zoom = toNumber(formData.viewport_zoom);
  const opacity = toNumber(formData.global_opacity);
  const style = typeof formData.mapbox_style === 'string' ? formData.mapbox_style.trim() : '';
  return {
    width,
    height,
    points,
    clusteringRadius: Math.max(0, toNumber(formData.clustering_radius) ?? 60),
    radiusUnit: radiusUnitOf(formData.point_radius_unit),
    color: rgbaColor(formData.mapbox_color, 'rgba(0, 139, 139, 1)'),
    opacity: opacity === null ? 1 : Math.min(1, Math.max(0, opacity)),
    mapStyle: style || 'offline',
    viewport:
      longitude !== null && latitude !== null ? { longitude, latitude, zoom: zoom ?? 3 } : null,
  };
}
