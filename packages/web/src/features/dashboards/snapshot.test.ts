import { afterEach, describe, expect, it } from 'vitest';
import { registerPictureSource } from '../../viz/common/pictureSources.ts';
import {
  backgroundBehind,
  capturePictureSources,
  elementSvg,
  selectorAlternatives,
} from './snapshot.ts';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** The stylesheet text of a picture of `#picture` taken with `css` on the page. */
function pictureCss(css: string): string {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  document.body.className = 'page dark';
  document.body.innerHTML =
    '<div id="picture" class="holder"><span class="title">Sales</span>' +
    '<a class="link" href="/report.pdf">report</a></div><div class="elsewhere"></div>';
  const svg = elementSvg(document.getElementById('picture') as HTMLElement).svg;
  return /<style><!\[CDATA\[([\s\S]*)\]\]><\/style>/.exec(svg)?.[1] ?? '';
}

describe('pictures of an element', () => {
  it('carries only the style rules that may apply to the element, inside it or above it', () => {
    const css = pictureCss(`
      :root { --accent: red; }
      .dark .title { color: var(--accent); }
      .holder > .title:hover { color: blue; }
      .title::before { content: '#'; }
      .elsewhere { color: green; }
      .unused-component .title { color: pink; }
      .link:not(.disabled) { text-decoration: underline; }
      a[href$=".pdf"] { font-style: italic; }
      .unused-one, .holder span { font-weight: bold; }
      :where(.unused-a, .holder) .title { margin: 1px; }
    `);
    for (const kept of [
      '--accent: red',
      '.dark .title',
      '.holder > .title:hover',
      '.title::before',
      '.link:not(.disabled)',
      'a[href$=".pdf"]',
      '.unused-one, .holder span',
      ':where(.unused-a, .holder) .title',
    ]) {
      expect(css).toContain(kept);
    }
    expect(css).not.toContain('.elsewhere');
    expect(css).not.toContain('.unused-component');
  });

  it('keeps media blocks with only their applying rules, and keyframes whole', () => {
    const css = pictureCss(`
      @media (min-width: 1px) { .title { color: red; } .elsewhere { color: green; } }
      @media print { .elsewhere { color: blue; } }
      @keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }
    `);
    expect(css).toContain('@media (min-width: 1px)');
    expect(css).toContain('.title');
    expect(css).not.toContain('.elsewhere');
    expect(css).not.toContain('@media print');
    expect(css).toContain('@keyframes spin');
  });
});

describe('the picture root', () => {
  it('takes the colour (and font) the element inherits from the page', () => {
    // jsdom computes inherited colours, not inherited fonts: Chromium does both.
    document.body.style.color = 'rgb(1, 2, 3)';
    document.body.innerHTML = '<div id="picture"><span>Sales</span></div>';
    const { svg } = elementSvg(document.getElementById('picture') as HTMLElement);
    expect(svg).toMatch(/<div[^>]*id="picture"[^>]*style="[^"]*color: rgb\(1, 2, 3\)/);
  });
});

describe('what the picture shows', () => {
  it('leaves out the omitted controls and keeps the rest', () => {
    document.body.innerHTML =
      '<div id="picture"><h3>Flights</h3><button data-testid="chart-menu">⋮</button>' +
      '<span data-testid="chart-cached">cached</span><span>Busiest routes</span></div>';
    const { svg } = elementSvg(document.getElementById('picture') as HTMLElement, {
      omit: ['[data-testid="chart-menu"]', '[data-testid="chart-cached"]'],
    });
    expect(svg).toContain('Flights');
    expect(svg).toContain('Busiest routes');
    expect(svg).not.toContain('chart-menu');
    expect(svg).not.toContain('cached');
    // The page itself keeps its controls.
    expect(document.querySelector('[data-testid="chart-menu"]')).not.toBeNull();
  });

  it('adds room around the element, so content pulled outside by a negative margin is not cut', () => {
    document.body.innerHTML = '<div id="picture"><div style="margin: 0 -8px">Flights</div></div>';
    const { svg, width, height } = elementSvg(document.getElementById('picture') as HTMLElement, {
      padding: 16,
    });
    // jsdom lays nothing out: the element measures 0 (1 at least), the room comes on both sides.
    expect(width).toBe(1 + 32);
    expect(height).toBe(1 + 32);
    expect(svg).toContain('padding: 16px');
  });

  it('nests the element in boxless copies of its ancestors, so rules through them still apply', () => {
    document.body.innerHTML =
      '<div id="app" class="ant-app" data-bootstrap="{&quot;email&quot;:&quot;a@b.c&quot;}">' +
      '<main class="layout" style="padding: 24px"><div id="picture">Sales</div></main></div>';
    const { svg } = elementSvg(document.getElementById('picture') as HTMLElement);
    expect(svg).toContain(
      '<div id="app" class="ant-app" style="display: contents"><main class="layout" style="display: contents"><div id="picture"',
    );
    // Neither the session's data on the app root nor the ancestors' own boxes.
    expect(svg).not.toContain('a@b.c');
    expect(svg).not.toContain('padding: 24px');
  });

  it('draws a registered source (a WebGL map) from the frame it captured, not its canvas', async () => {
    document.body.innerHTML =
      '<div id="picture"><div id="map"><canvas></canvas><div class="controls">+</div></div>' +
      '<canvas id="chart"></canvas></div>';
    const map = document.getElementById('map') as HTMLElement;
    const unregister = registerPictureSource(map, async () => 'data:image/png;base64,TUFQ');
    const picture = document.getElementById('picture') as HTMLElement;
    const drawings = await capturePictureSources(picture);
    unregister();
    expect(drawings.get(map)).toBe('data:image/png;base64,TUFQ');
    const { svg } = elementSvg(picture, { drawings });
    expect(svg).toMatch(/<div id="map"><img src="data:image\/png;base64,TUFQ"/);
    expect(svg).not.toContain('canvas');
    expect(svg).not.toContain('controls');
  });

  it('goes without a source that does not answer in time', async () => {
    document.body.innerHTML = '<div id="picture"><div id="map"></div></div>';
    const map = document.getElementById('map') as HTMLElement;
    const unregister = registerPictureSource(map, () => new Promise(() => {}));
    const drawings = await capturePictureSources(document.getElementById('picture') as Element, 20);
    unregister();
    expect(drawings.size).toBe(0);
  });

  it('has the background the page shows behind the element', () => {
    document.body.innerHTML =
      '<div style="background-color: rgb(20, 20, 20)"><div><div id="picture"></div></div></div>';
    expect(backgroundBehind(document.getElementById('picture') as Element)).toBe('rgb(20, 20, 20)');
    document.body.innerHTML = '<div id="picture"></div>';
    expect(backgroundBehind(document.getElementById('picture') as Element)).toBe('#ffffff');
  });
});

describe('selector alternatives', () => {
  it('splits a list at its top-level commas only', () => {
    expect(selectorAlternatives('.a, .b > c')).toEqual(['.a', '.b > c']);
    expect(selectorAlternatives(':is(.a, .b) .c, [data-x="1,2"]')).toEqual([
      ':is(.a, .b) .c',
      '[data-x="1,2"]',
    ]);
  });
});
