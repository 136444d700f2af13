import { Flex, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { echarts } from '../common/echartsMaps.ts';
import { PointsEchart } from '../common/PointsEchart.tsx';
import { loadCountryShapes } from '../common/worldGeometry.ts';
import type { WorldMapProps } from './transformProps.ts';
import {
  centroidsByCode,
  mapAspect,
  namedWorld,
  WORLD_MAP_NAME,
  type WorldGeometry,
  worldMapOption,
} from './worldMapOption.ts';

let geometry: WorldGeometry | null = null;

async function registerWorld(): Promise<WorldGeometry> {
  if (geometry) return geometry;
  const shapes = await loadCountryShapes();
  const world = namedWorld(shapes);
  // biome-ignore lint/suspicious/noExplicitAny: ECharts types the GeoJSON loosely.
  echarts.registerMap(WORLD_MAP_NAME, world as any);
  geometry = { centroids: centroidsByCode(shapes), aspect: mapAspect(world) };
  return geometry;
}

export function WorldMapChart(props: WorldMapProps) {
  const [ready, setReady] = useState(geometry);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (ready) return;
    let live = true;
    registerWorld().then(
      (c) => live && setReady(c),
      (e: Error) => live && setError(`The world map could not be loaded: ${e.message}`),
    );
    return () => {
      live = false;
    };
  }, [ready]);

  const option = useMemo(() => (ready ? worldMapOption(props, ready) : null), [props, ready]);
  if (error) throw new Error(error);
  if (!option) {
    return (
      <Flex align="center" justify="center" style={{ width: props.width, height: props.height }}>
        <Spin />
      </Flex>
    );
  }
  const note = props.unmatched.length
    ? `Not on the map: ${props.unmatched.slice(0, 5).join(', ')}${props.unmatched.length > 5 ? ` and ${props.unmatched.length - 5} more` : ''}`
    : '';
  return (
    <div style={{ position: 'relative', width: props.width, height: props.height }}>
      <PointsEchart
        width={props.width}
        height={props.height}
        option={option}
        theme={props.theme}
        hooks={props.hooks}
        points={props.points}
        selected={props.selected}
        crossFilter={props.crossFilter}
        testId="world-map-chart"
      />
      {note && (
        <Typography.Text
          type="secondary"
          style={{ position: 'absolute', right: 8, bottom: 4, fontSize: 11 }}
          title={props.unmatched.join(', ')}
        >
          {note}
        </Typography.Text>
      )}
    </div>
  );
}
