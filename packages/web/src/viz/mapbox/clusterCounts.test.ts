import { describe, expect, it } from 'vitest';
import {
  CLUSTER_COUNT_TEST_ID,
  ClusterCounts,
  type ClusterSpot,
  clusterCountLabel,
  clusterSpots,
  countElement,
} from './clusterCounts.ts';

function cluster(id: number, count: number, lngLat: [number, number] = [-98, 39]) {
  return {
    geometry: { type: 'Point', coordinates: lngLat },
    properties: { cluster: true, cluster_id: id, point_count: count },
  };
}

/** Markers as the map holds them: which are on it, at what place. */
function board() {
  const onMap = new Map<number, ClusterSpot>();
  const counts = new ClusterCounts((spot) => {
    onMap.set(spot.id, spot);
    return {
      setLngLat: () => undefined,
      remove: () => onMap.delete(spot.id),
    };
  });
  return { counts, onMap };
}

describe('cluster counts', () => {
  it('abbreviates thousands as the MapBox chart does', () => {
    expect(clusterCountLabel(7)).toBe('7');
    expect(clusterCountLabel(999)).toBe('999');
    expect(clusterCountLabel(1234)).toBe('1.2k');
    expect(clusterCountLabel(2937)).toBe('2.9k');
    expect(clusterCountLabel(12_345)).toBe('12k');
  });

  it('keeps each cluster once and leaves single points out', () => {
    const spots = clusterSpots([
      cluster(11, 2937, [-88.1, 36.2]),
      // The same cluster from the neighbouring tile.
      cluster(11, 2937, [-88.1, 36.2]),
      cluster(12, 24, [-157.9, 21.3]),
      { geometry: { type: 'Point', coordinates: [-118.4, 33.9] }, properties: { label: 'LAX' } },
    ]);
    expect(spots).toEqual([
      { id: 11, lngLat: [-88.1, 36.2], count: 2937 },
      { id: 12, lngLat: [-157.9, 21.3], count: 24 },
    ]);
  });

  it('follows the clusters as the map zooms: new ones added, gone ones removed', () => {
    const { counts, onMap } = board();
    counts.sync(clusterSpots([cluster(1, 3000), cluster(2, 24)]));
    expect([...onMap.keys()]).toEqual([1, 2]);

    // Zoomed in: cluster 1 splits into two, cluster 2 stays.
    counts.sync(clusterSpots([cluster(3, 1800), cluster(4, 1200), cluster(2, 24)]));
    expect([...onMap.keys()].sort()).toEqual([2, 3, 4]);
    expect(counts.spots().map((s) => s.count)).toEqual([24, 1800, 1200]);

    // Zoomed in past the clusters: no count left on the map.
    counts.sync([]);
    expect(onMap.size).toBe(0);
    expect(counts.spots()).toEqual([]);
  });

  it('does not rebuild a marker whose cluster is unchanged', () => {
    let made = 0;
    const counts = new ClusterCounts(() => {
      made += 1;
      return { setLngLat: () => undefined, remove: () => undefined };
    });
    const spots = clusterSpots([cluster(1, 10), cluster(2, 20)]);
    for (let frame = 0; frame < 30; frame += 1) counts.sync(spots);
    expect(made).toBe(2);
  });

  it('draws the count as text a person can read, that lets clicks through to the cluster', () => {
    const element = countElement(document, 2937);
    expect(element.textContent).toBe('2.9k');
    expect(element.dataset.testid).toBe(CLUSTER_COUNT_TEST_ID);
    expect(element.style.pointerEvents).toBe('none');
    expect(element.style.color).toBe('rgb(255, 255, 255)');
  });
});
