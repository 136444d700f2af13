import { describe, expect, it } from 'vitest';
import { parseDashboardUrl } from '../dashboards/urlParams.ts';
import { parseEmbeddedUrl, SDK_UI_CONFIG } from './embeddedUrl.ts';
import { embedCodeSample, parseAllowedDomains } from './embedSample.ts';

describe('the embed dialog’s helpers', () => {
  it('reads comma-separated domains as Superset’s dialog does', () => {
    expect(parseAllowedDomains(' https://a.example, ,http://localhost:9000 ,')).toEqual([
      'https://a.example',
      'http://localhost:9000',
    ]);
    expect(parseAllowedDomains('')).toEqual([]);
  });

  it('fills the uuid and this server into the SDK sample', () => {
    const sample = embedCodeSample('1234', 'https://bi.example');
    expect(sample).toContain("id: '1234'");
    expect(sample).toContain("supersetDomain: 'https://bi.example'");
    expect(sample).toContain("from '@superset-ui/embedded-sdk'");
  });

  it('reads the SDK’s emitDataMasks bit', () => {
    expect(parseEmbeddedUrl(`?uiConfig=${1 + SDK_UI_CONFIG.EMIT_DATA_MASKS}`).emitDataMasks).toBe(
      true,
    );
    expect(parseEmbeddedUrl('?uiConfig=11').emitDataMasks).toBe(false);
    expect(parseEmbeddedUrl('?uiConfig=x').emitDataMasks).toBe(false);
  });
});

describe('the address the SDK gives the iframe', () => {
  it('carries uiConfig and the filter bar settings the dashboard page honours', () => {
    // hideTitle + hideTab + hideChartControls, filters: { visible: false, expanded: false }.
    const url = parseDashboardUrl('?uiConfig=11&show_filters=false&expand_filters=false');
    expect(url).toMatchObject({
      hideTitle: true,
      hideTab: true,
      hideChartControls: true,
      hideNav: false,
      showFilters: false,
      expandFilters: false,
    });
    expect(parseDashboardUrl('?uiConfig=0&show_filters=true')).toMatchObject({
      hideTitle: false,
      showFilters: true,
      expandFilters: true,
    });
  });
});
