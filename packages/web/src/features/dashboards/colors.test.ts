import { getNamespace } from '@tessera/shared/color/categorical';
import { getCategoricalScheme } from '@tessera/shared/color/schemes';
import { describe, expect, it } from 'vitest';
import {
  collectColors,
  colorSchemeDomain,
  colorSyncState,
  colorsBody,
  debounce,
  NO_STORED_COLORS,
  prepareColorNamespace,
  storedColors,
} from './colors.ts';

const SCHEME = 'supersetColors';
const palette = getCategoricalScheme(SCHEME).colors;

/** Draws `labels` in chart `sliceId` of the namespace, as a chart's transformProps would. */
function draw(namespace: string, sliceId: number, labels: string[]) {
  const scale = getNamespace(namespace).getScale({ scheme: SCHEME, sliceId });
  return Object.fromEntries(labels.map((label) => [label, scale(label)]));
}

describe('dashboard colours', () => {
  it('forces label_colors and collects the colours and the labels shared across charts', () => {
    prepareColorNamespace('dashboard-test', { labelColors: { boys: '#000000' } });
    const first = getNamespace('dashboard-test').getScale({ sliceId: 1 });
    const second = getNamespace('dashboard-test').getScale({ sliceId: 2 });
    expect(first('boys')).toBe('#000000');
    const girls = first('girls');
    expect(second('girls')).toBe(girls);
    second('other');
    const collected = collectColors('dashboard-test', null, { labelColors: { boys: '#000000' } });
    expect(collected.shared_label_colors).toEqual(['girls']);
    expect(collected.map_label_colors).toMatchObject({
      boys: '#000000',
      girls,
      other: expect.any(String),
    });
  });

  it('gives a label the same colour whichever tab a visit draws first', () => {
    // A first visit draws the first tab (ORD, ATL), then the second (Approach, Climb).
    prepareColorNamespace('dashboard-tabs', { scheme: SCHEME });
    const flights = draw('dashboard-tabs', 1, ['ORD', 'ATL']);
    const birds = draw('dashboard-tabs', 2, ['Approach', 'Climb']);
    const saved = collectColors('dashboard-tabs', SCHEME);
    expect(saved.map_label_colors).toEqual({ ...flights, ...birds });

    // The next visit opens the second tab first: its labels keep their stored colours, and so do
    // the first tab's when it is opened later.
    const stored = storedColors(
      { map_label_colors: saved.map_label_colors, color_scheme_domain: colorSchemeDomain(SCHEME) },
      SCHEME,
      { trustUnmarked: true },
    );
    prepareColorNamespace('dashboard-tabs', { scheme: SCHEME, stored });
    expect(draw('dashboard-tabs', 2, ['Approach', 'Climb'])).toEqual(birds);
    expect(draw('dashboard-tabs', 1, ['ORD', 'ATL'])).toEqual(flights);

    // A label no visit has stored takes the next colour, not one a stored label shows.
    const fresh = draw('dashboard-tabs', 2, ['Taxi']).Taxi;
    expect(fresh).toBe(palette[4]);
    expect(Object.values(saved.map_label_colors)).not.toContain(fresh);

    // What the visit collects adds the new label and changes none of the stored ones.
    const collected = collectColors('dashboard-tabs', SCHEME, { stored });
    expect(collected.map_label_colors).toEqual({ ...saved.map_label_colors, Taxi: fresh });
  });

  it('keeps the stored map only for the colours it was drawn with', () => {
    const metadata = {
      map_label_colors: { ORD: palette[0] as string },
      shared_label_colors: ['ORD'],
      color_scheme_domain: colorSchemeDomain(SCHEME),
    };
    expect(storedColors(metadata, SCHEME, { trustUnmarked: false })).toEqual({
      map_label_colors: metadata.map_label_colors,
      shared_label_colors: ['ORD'],
    });
    expect(storedColors(metadata, 'bnbColors', { trustUnmarked: true })).toBe(NO_STORED_COLORS);
    // Saved before maps carried their colours: trusted as loaded, not for a scheme picked later.
    const unmarked = { map_label_colors: metadata.map_label_colors };
    expect(storedColors(unmarked, 'bnbColors', { trustUnmarked: true }).map_label_colors).toEqual(
      metadata.map_label_colors,
    );
    expect(storedColors(unmarked, 'bnbColors', { trustUnmarked: false })).toBe(NO_STORED_COLORS);
    expect(storedColors({ map_label_colors: {} }, SCHEME, { trustUnmarked: true })).toBe(
      NO_STORED_COLORS,
    );
  });

  it('lifts the colours an earlier preparation forced', () => {
    prepareColorNamespace('dashboard-lift', {
      scheme: SCHEME,
      stored: { map_label_colors: { ORD: '#123456' }, shared_label_colors: [] },
    });
    expect(draw('dashboard-lift', 1, ['ORD']).ORD).toBe('#123456');
    prepareColorNamespace('dashboard-lift', { scheme: SCHEME });
    expect(draw('dashboard-lift', 1, ['ORD']).ORD).toBe(palette[0]);
  });

  it('adds shared labels to the stored ones until every chart has drawn', () => {
    prepareColorNamespace('dashboard-shared', { scheme: SCHEME });
    draw('dashboard-shared', 1, ['a', 'b']);
    draw('dashboard-shared', 2, ['b']);
    const stored = { map_label_colors: {}, shared_label_colors: ['z'] };
    expect(collectColors('dashboard-shared', SCHEME, { stored }).shared_label_colors).toEqual([
      'b',
      'z',
    ]);
    expect(
      collectColors('dashboard-shared', SCHEME, { stored, everyChartDrawn: true })
        .shared_label_colors,
    ).toEqual(['b']);
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
      colorsBody({ label_colors: { b: '#222222' } }, 'dashboard-1', SCHEME, collected),
    ).toEqual({
      color_namespace: 'dashboard-1',
      color_scheme: SCHEME,
      color_scheme_domain: palette,
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
