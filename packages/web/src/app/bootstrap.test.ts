import { BOOTSTRAP_ATTRIBUTE } from '@tessera/shared/api/bootstrap';
import { describe, expect, it } from 'vitest';
import { readBootstrap } from './bootstrap.ts';

function appElement(attribute?: string) {
  const element = document.createElement('div');
  element.id = 'app';
  if (attribute !== undefined) element.setAttribute(BOOTSTRAP_ATTRIBUTE, attribute);
  return element;
}

describe('reading the bootstrap payload', () => {
  it('reads the attribute the server writes', () => {
    const payload = { user: null, common: { version: '0.1.0' } };
    expect(readBootstrap(appElement(JSON.stringify(payload)))).toEqual(payload);
  });

  it('gets the original text back after the server escaped it into HTML', () => {
    const host = document.createElement('div');
    host.innerHTML =
      '<div id="app" data-bootstrap="{&quot;user&quot;:{&quot;firstName&quot;:&quot;&lt;b&gt;O&#39;Brien&lt;/b&gt;&quot;}}"></div>';
    const data = readBootstrap(host.firstElementChild as HTMLElement) as unknown as {
      user: { firstName: string };
    };
    expect(data.user.firstName).toBe("<b>O'Brien</b>");
  });

  it('answers null when the page carries no payload or a broken one', () => {
    expect(readBootstrap(appElement())).toBeNull();
    expect(readBootstrap(appElement('{not json'))).toBeNull();
    expect(readBootstrap(null)).toBeNull();
  });
});
