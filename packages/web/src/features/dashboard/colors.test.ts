import { getNamespace } from '@tessera/shared/color/categorical';
import { describe, expect, it } from 'vitest';
import {
  collectColors,
  colorSyncState,
  colorsBody,
  debounce,
  prepareColorNamespace,
} from './colors.ts';

describe('dashboard colours', () => {
  it('forces label_colors and collects the colours and the labels shared across charts', () => {
    prepareColorNamespace('dashboard-test', { boys: '#000000' });
    const first = getNamespace('dashboard-test').getScale({ sliceId: 1 });
    const second = getNamespace('dashboard-test').getScale({ sliceId: 2 });
    expect(first('boys')).toBe('#000000');
    const girls = first('girls');
    expect(second('girls')).toBe(girls);
    second('other');
    const collected = collectColors('dashboard-test', null, { boys: '#000000' });
    expect(collected.shared_label_colors).toEqual(['girls']);
    expect(collected.map_label_colors).toMatchObject({
      boys: '#000000',
      girls,
      other: expect.any(String),
    });
  });

  it('says which saved fields differ and builds the colours body', () => {
    const collected = { map_label_colors: { a: '#111111' }, shared_label_colors: ['a'] };
    expect(
      colorSyncState({ map_label_colors: { a: '#111111' }, shared_label_colors: ['a'] }, collected),
    ).toEqual({
      labels: false,
      shared: false,
    });
    expect(colorSyncState({}, collected)).toEqual({ labels: true, shared: true });
    expect(
      colorsBody({ label_colors: { b: '#222222' } }, 'dashboard-1', 'supersetColors', collected),
    ).toEqual({
      color_namespace: 'dashboard-1',
      color_scheme: 'supersetColors',
      color_scheme_domain: [],
      label_colors: { b: '#222222' },
      map_label_colors: { a: '#111111' },
      shared_label_colors: ['a'],
    });
  });

  it('debounces the sync at 500 ms', async () => {
    let runs = 0;
    const call = debounce(() => {
      runs += 1;
    }, 20);
    call();
    call();
    call();
    await new Promise((r) => setTimeout(r, 40));
    expect(runs).toBe(1);
  });
});
