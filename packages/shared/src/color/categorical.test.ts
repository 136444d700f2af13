import { describe, expect, it } from 'vitest';
import { CategoricalColorNamespace, getCategoricalScale, getNamespace } from './categorical.ts';
import { CATEGORICAL_SCHEMES, getCategoricalScheme } from './schemes.ts';

const superset = getCategoricalScheme('supersetColors').colors;
const d3 = getCategoricalScheme('d3Category10').colors;

describe('categorical colour scales', () => {
  it('gives labels the scheme colours in order; unknown schemes use supersetColors', () => {
    const scale = new CategoricalColorNamespace('t1').getScale({ scheme: 'd3Category10' });
    expect(scale('boys')).toBe('#1f77b4');
    expect(scale('girls')).toBe('#ff7f0e');
    expect(scale('boys')).toBe('#1f77b4');
    const fallback = new CategoricalColorNamespace('t2').getScale({ scheme: 'no_such_scheme' });
    expect(fallback('a')).toBe('#1FA8C9');
  });

  it('keeps a label’s colour across the charts of a namespace, not across namespaces', () => {
    const first = getCategoricalScale({ scheme: 'd3Category10', namespace: 'dash-1', sliceId: 1 });
    first('CA');
    first('NY');
    const second = getCategoricalScale({ scheme: 'd3Category10', namespace: 'dash-1', sliceId: 2 });
    expect(second('NY')).toBe(d3[1]);
    expect(second('TX')).toBe(d3[2]);
    const other = getCategoricalScale({ scheme: 'd3Category10', namespace: 'dash-2', sliceId: 3 });
    expect(other('NY')).toBe(d3[0]);
    expect(getNamespace('dash-1').getLabelColors('d3Category10')).toEqual({
      CA: d3[0],
      NY: d3[1],
      TX: d3[2],
    });
  });

  it('lets forced colours (dashboard label_colors) win', () => {
    const namespace = new CategoricalColorNamespace('t3');
    namespace.setColor('girls', '#FF0000');
    const scale = namespace.getScale({ forcedColors: { boys: '#00FF00' } });
    expect(scale('boys')).toBe('#00FF00');
    expect(scale('girls')).toBe('#FF0000');
    expect(scale('other')).toBe(superset[0]);
    namespace.setColor('girls', null);
    expect(namespace.getScale()('girls')).toBe(superset[1]);
  });

  it('repeats an exhausted scheme, or extends it with analogous colours under the flag', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `l${i}`);
    const plain = new CategoricalColorNamespace('t4').getScale({ scheme: 'd3Category10' });
    const plainColors = labels.map(plain);
    expect(plainColors[10]).toBe(d3[0]);
    expect(plainColors[11]).toBe(d3[1]);

    const analogous = new CategoricalColorNamespace('t5').getScale({
      scheme: 'd3Category10',
      analogous: true,
    });
    const colors = labels.map(analogous);
    expect(colors.slice(0, 10)).toEqual(d3);
    expect(new Set(colors).size).toBe(12);
    expect(colors[10]).toMatch(/^#[0-9a-f]{6}$/);
    expect(d3).not.toContain(colors[10]);
  });

  it('with collision avoidance a new label skips colours its chart already shows', () => {
    const namespace = new CategoricalColorNamespace('t6');
    const chartA = namespace.getScale({ scheme: 'd3Category10', sliceId: 1 });
    chartA('a'); // d3[0]
    chartA('b'); // d3[1]
    const chartB = namespace.getScale({ scheme: 'd3Category10', sliceId: 2, avoidCollision: true });
    // `x` is forced to the colour the next new label would get.
    const forced = { x: d3[2] as string };
    const chartC = namespace.getScale({
      scheme: 'd3Category10',
      sliceId: 3,
      avoidCollision: true,
      forcedColors: forced,
    });
    expect(chartC('x')).toBe(d3[2]);
    expect(chartC('y')).toBe(d3[3]);
    expect(chartB('b')).toBe(d3[1]);

    const without = new CategoricalColorNamespace('t7');
    const plain = without.getScale({ scheme: 'd3Category10', sliceId: 1, forcedColors: forced });
    expect(plain('x')).toBe(d3[2]);
    expect(plain('y')).toBe(d3[0]);
    expect(plain('z')).toBe(d3[1]);
    expect(plain('w')).toBe(d3[2]);
  });

  it('resetColors forgets given colours', () => {
    const namespace = new CategoricalColorNamespace('t8');
    namespace.getScale()('a');
    namespace.getScale()('b');
    namespace.resetColors();
    expect(namespace.getScale()('b')).toBe(superset[0]);
  });

  it('offers the schemes by Superset id', () => {
    expect(CATEGORICAL_SCHEMES.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        'supersetColors',
        'bnbColors',
        'googleCategory10c',
        'd3Category10',
        'echarts4Colors',
        'presetColors',
        'lyftColors',
      ]),
    );
  });
});
