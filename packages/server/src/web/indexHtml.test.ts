import type { BootstrapData } from '@tessera/shared/api/bootstrap';
import { describe, expect, it } from 'vitest';
import { escapeHtmlAttribute, injectBootstrap } from './indexHtml.ts';
import { isPageRoute, safeNextPath } from './pages.ts';

const data: BootstrapData = {
  user: {
    userId: 1,
    username: 'mallory',
    firstName: '"><script>alert(1)</script>',
    lastName: "O'Brien & co",
    email: 'm@example.com',
    isActive: true,
    isAnonymous: false,
    roles: { Gamma: [['can_read', 'Dashboard']] },
    permissions: { database_access: [], datasource_access: [] },
  },
  common: {
    feature_flags: {},
    conf: {
      SQL_MAX_ROW: 1,
      DEFAULT_SQLLAB_LIMIT: 1,
      SQLLAB_DEFAULT_DBID: null,
      SQLLAB_QUERY_RESULT_TIMEOUT: 0,
      ROW_LIMIT: 1,
      SAMPLES_ROW_LIMIT: 1,
      DEFAULT_VIZ_TYPE: 'table',
      DEFAULT_TIME_FILTER: 'No filter',
      SUPERSET_WEBSERVER_TIMEOUT: 60,
      EXPORT_ROW_LIMIT: 1,
      TIME_ZONE: 'UTC',
    },
    application_root: '/',
    version: '0.1.0',
  },
};

describe('bootstrap injection', () => {
  it('escapes every character that could end the attribute or open a tag', () => {
    expect(escapeHtmlAttribute(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('puts the payload on the app element without letting user text out of the attribute', () => {
    const html = injectBootstrap('<body><div id="app"></div></body>', data);
    expect(html).not.toContain('<script>');
    expect(html.match(/<div id="app" data-bootstrap="[^"]*"><\/div>/)).not.toBeNull();
  });

  it('refuses an index.html without the app element', () => {
    expect(() => injectBootstrap('<body></body>', data)).toThrow(/div id="app"/);
  });
});

describe('page routes', () => {
  it.each([
    '/',
    '/login/',
    '/sqllab/',
    '/superset/dashboard/3/',
    '/databaseview/list',
    '/dashboard/my.slug/',
  ])('%s is a page', (path) => expect(isPageRoute(path)).toBe(true));
  it.each([
    '/api/v1/chart/',
    '/static/assets/x.js',
    '/health',
    '/healthcheck',
    '/swagger/v1',
    '/favicon.ico',
    '/tabstateview/1',
  ])('%s is not a page', (path) => expect(isPageRoute(path)).toBe(false));
  it('follows only same-site next targets', () => {
    expect(safeNextPath('/sqllab/?a=1')).toBe('/sqllab/?a=1');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example/')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
  it('refuses next targets a browser reads as another site once it drops tabs and newlines', () => {
    expect(safeNextPath('/\t/evil.example/')).toBe('/');
    expect(safeNextPath('/\n/evil.example/')).toBe('/');
    expect(safeNextPath('/\r\n/evil.example/')).toBe('/');
    expect(safeNextPath('/sqllab/\u0000')).toBe('/');
  });
  it('percent-encodes characters beyond ASCII so the target fits a Location header', () => {
    expect(safeNextPath('/dashboard/ünï ☃/')).toBe('/dashboard/%C3%BCn%C3%AF %E2%98%83/');
    expect(safeNextPath('/x/\ud800')).toBe('/');
  });
});
