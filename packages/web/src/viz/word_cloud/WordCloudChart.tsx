import { useEffect, useState } from 'react';
import { toggleCrossFilter } from '../common/distributionChart.ts';
import { CLOUD_FONT, layoutWords, type PlacedWord } from './cloudLayout.ts';
import type { WordCloudProps } from './transformProps.ts';

/** The cloud is laid out by d3-cloud and drawn as SVG text by React. */
export function WordCloudChart({
  width,
  height,
  words,
  rotation,
  metricLabel,
  hooks,
  points,
  selected,
}: WordCloudProps) {
  const [placed, setPlaced] = useState<PlacedWord[] | null>(null);

  useEffect(() => {
    let live = true;
    if (width <= 0 || height <= 0) return;
    layoutWords(words, [width, height], rotation).then((result) => {
      if (live) setPlaced(result);
    });
    return () => {
      live = false;
    };
  }, [words, width, height, rotation]);

  const chosen = new Set(selected);
  return (
    <svg
      width={width}
      height={height}
      data-testid="word-cloud-chart"
      role="img"
      aria-label={`Word cloud of ${words.length} words`}
    >
      <g transform={`translate(${width / 2},${height / 2})`}>
        {(placed ?? []).map((word) => {
          const point = points[word.text];
          return (
            // biome-ignore lint/a11y/useSemanticElements: SVG text cannot be an HTML button.
            <text
              key={word.text}
              textAnchor="middle"
              transform={`translate(${word.x},${word.y}) rotate(${word.rotate})`}
              fontFamily={CLOUD_FONT}
              fontWeight="bold"
              fontSize={word.fontSize}
              fill={word.color}
              opacity={chosen.size && !chosen.has(word.text) ? 0.3 : 1}
              style={{ cursor: hooks.setDataMask ? 'pointer' : 'default' }}
              role="button"
              tabIndex={-1}
              onClick={() => point && toggleCrossFilter(hooks, point, chosen)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && point) toggleCrossFilter(hooks, point, chosen);
              }}
              onContextMenu={(event) => {
                if (!point || !hooks.onContextMenu) return;
                event.preventDefault();
                hooks.onContextMenu(event.clientX, event.clientY, point.filters);
              }}
            >
              <title>{`${word.text}\n${metricLabel}: ${word.valueText}`}</title>
              {word.text}
            </text>
          );
        })}
      </g>
    </svg>
  );
}
