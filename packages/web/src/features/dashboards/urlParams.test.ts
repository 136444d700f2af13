import { describe, expect, it } from 'vitest';
import { parseDashboardUrl, permalinkUrlParams, searchFromUrlParams } from './urlParams.ts';

describe('dashboard address parameters', () => {
  it.each([
    ['?standalone=0', { hideNav: false, hideTitle: false, report: false }],
    ['?standalone=1', { hideNav: true, hideTitle: false, report: false }],
    ['?standalone=2', { hideNav: true, hideTitle: true, hideChartControls: false, report: false }],
    ['?standalone=3', { hideNav: true, hideTitle: true, hideChartControls: true, report: true }],
    ['?standalone=true', { hideNav: true, hideTitle: false }],
  ])('reads standalone mode %s', (search, expected) => {
    expect(parseDashboardUrl(search)).toMatchObject(expected);
  });

  it('reads the UI-config bitmask: 1 hide title, 2 hide tab, 4 hide nav, 8 hide chart controls', () => {
    expect(parseDashboardUrl('?uiConfig=1')).toMatchObject({ hideTitle: true, hideTab: false });
    expect(parseDashboardUrl('?uiConfig=2')).toMatchObject({ hideTab: true, hideNav: false });
    expect(parseDashboardUrl('?uiConfig=4')).toMatchObject({ hideNav: true, hideTitle: false });
    expect(parseDashboardUrl('?uiConfig=8')).toMatchObject({ hideChartControls: true });
    expect(parseDashboardUrl('?uiConfig=15')).toMatchObject({
      hideTitle: true,
      hideTab: true,
      hideNav: true,
      hideChartControls: true,
    });
  });

  it('reads edit, force, the focused chart and the anchor', () => {
    expect(parseDashboardUrl('?edit=true&force=true&focused_chart=12', '#CHART-7')).toMatchObject({
      edit: true,
      force: true,
      focusedChart: 12,
      anchor: 'CHART-7',
    });
    expect(parseDashboardUrl('?edit=1')).toMatchObject({
      edit: false,
      force: false,
      focusedChart: null,
      anchor: null,
    });
  });

  it('keeps address parameters for a permalink, never edit', () => {
    const params = permalinkUrlParams('?standalone=2&edit=true&foo=bar');
    expect(params).toEqual([
      ['standalone', '2'],
      ['foo', 'bar'],
    ]);
    expect(searchFromUrlParams(params)).toBe('?standalone=2&foo=bar');
    expect(searchFromUrlParams([])).toBe('');
  });
});
