import { afterEach, describe, expect, it } from 'vitest';
import { elementSvg, selectorAlternatives } from './snapshot.ts';

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

describe('selector alternatives', () => {
  it('splits a list at its top-level commas only', () => {
    expect(selectorAlternatives('.a, .b > c')).toEqual(['.a', '.b > c']);
    expect(selectorAlternatives(':is(.a, .b) .c, [data-x="1,2"]')).toEqual([
      ':is(.a, .b) .c',
      '[data-x="1,2"]',
    ]);
  });
});
