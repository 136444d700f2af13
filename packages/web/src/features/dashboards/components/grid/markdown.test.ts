import { describe, expect, it } from 'vitest';
import { allowListed, renderMarkdown } from './markdown.ts';

/** Attributes named like event handlers on any element of the HTML (jsdom runs none). */
function handlersIn(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return Array.from(template.content.querySelectorAll('*')).flatMap((element) =>
    element.getAttributeNames().filter((name) => /^on/i.test(name)),
  );
}

describe('dashboard markdown', () => {
  it('renders markdown and drops scripts and event handlers', () => {
    const html = renderMarkdown(
      '# Title\n\n<script>alert(1)</script><img src="x.png" onerror="alert(2)">',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).toContain('src="x.png"');
  });

  it('drops javascript: links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:');
  });

  it('cannot lay an overlay over the page: style, class and id are dropped', () => {
    const html = renderMarkdown(
      '<div id="root" class="ant-modal-mask" style="position:fixed;inset:0;z-index:9999">Pay here</div>',
    );
    expect(html).toContain('Pay here');
    expect(html).not.toMatch(/style=|class=|id=/);
  });

  it('shows raw HTML as text with ESCAPE_MARKDOWN_HTML', () => {
    const html = renderMarkdown('<b>bold</b>', { escapeHtml: true });
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('cuts handlers out before the browser parses anything: no onerror reaches its parser', () => {
    const parsed: string[] = [];
    const original = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (this: DOMParser, text, type) {
      parsed.push(text);
      return original.call(this, text, type);
    };
    try {
      const html = renderMarkdown(
        'Logo: <img src="logo.png" onerror="alert(1)" ONLOAD=alert(2)><IMG/src=x/onerror=alert(3)>' +
          '<a href="https://example.com" onclick="steal()">docs</a>',
      );
      expect(html).toContain('<img src="logo.png">');
      expect(html).toContain('<a href="https://example.com">docs</a>');
      expect(handlersIn(html)).toEqual([]);
    } finally {
      DOMParser.prototype.parseFromString = original;
    }
    expect(parsed.length).toBeGreaterThan(0);
    for (const text of parsed) expect(handlersIn(text)).toEqual([]);
  });

  it('keeps allowed elements and attributes, unwraps unknown ones and drops script content', () => {
    expect(
      allowListed(
        '<section title="t"><p style="color:red" title="note">Hi <font>there</font></p></section>' +
          '<script>window.x = 1</script><style>p{}</style><!-- hidden --><svg><image href="x" onerror="y"/></svg>',
      ),
    ).toBe('<p title="note">Hi there</p>');
  });

  it('leaves a comment or a quoted attribute unable to hide a handler from the sanitiser', () => {
    const html = renderMarkdown(
      '<!-- <a title=" --> <img src=x onerror=alert(1)> "> --><p title="<img src=x onerror=alert(2)>">ok</p>',
    );
    expect(handlersIn(html)).toEqual([]);
    expect(html).toContain('ok');
  });
});
