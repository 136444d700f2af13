import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

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
});
