import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../types.ts';
import { transformProps } from './transformProps.ts';

function props(overrides: Partial<ChartProps> = {}): ChartProps {
  return {
    formData: {
      datasource: '4__table',
      viz_type: 'word_cloud',
      series: 'director',
      metric: 'count',
      size_from: '10',
      size_to: 70,
      rotation: 'flat',
    },
    queriesData: [
      {
        colnames: ['director', 'count'],
        coltypes: [1, 0],
        rowcount: 3,
        data: [
          { director: 'Steven Spielberg', count: 25 },
          { director: 'Clint Eastwood', count: 15 },
          { director: null, count: 5 },
        ],
      },
    ],
    width: 600,
    height: 400,
    datasource: null,
    theme: 'light',
    hooks: {},
    filterState: { value: ['Clint Eastwood'], selectedValues: ['Clint Eastwood'] },
    ...overrides,
  };
}

describe('word_cloud transformProps', () => {
  it('scales font sizes linearly between the minimum and maximum', () => {
    const result = transformProps(props());
    expect(result.words.map((w) => [w.text, w.size])).toEqual([
      ['Steven Spielberg', 70],
      ['Clint Eastwood', 40],
      ['<NULL>', 10],
    ]);
    expect(result.rotation).toBe('flat');
    expect(result.selected).toEqual(['Clint Eastwood']);
    expect(result.points['<NULL>']?.filters).toEqual([
      { col: 'director', op: 'IS NULL', formattedVal: '<NULL>' },
    ]);
    expect(result.words[0]?.color).toMatch(/^#/);
  });

  it('reads `none` as no rotation and defaults to square', () => {
    expect(
      transformProps(props({ formData: { ...props().formData, rotation: 'none' } })).rotation,
    ).toBe('flat');
    expect(
      transformProps(props({ formData: { ...props().formData, rotation: undefined } })).rotation,
    ).toBe('square');
  });

  it('says which column is missing', () => {
    const base = props();
    expect(() =>
      transformProps({
        ...base,
        queriesData: [{ ...base.queriesData[0], colnames: ['director'] }],
      }),
    ).toThrow('The query results have no column "count"');
  });
});
