import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS, HTML_ALLOWED_URI } from '@tessera/shared/html';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Markdown of a dashboard's MARKDOWN blocks as safe HTML: rendered by marked, then sanitised
 * against the one allow-list of `@tessera/shared/html` (scripts, handlers and unknown tags never
 * survive). With ESCAPE_MARKDOWN_HTML, HTML written inside the markdown shows as text.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const plain = new Marked({ gfm: true, breaks: false });
const escaping = new Marked({
  gfm: true,
  renderer: { html: ({ text }) => escapeHtml(text) },
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES],
    ALLOWED_URI_REGEXP: HTML_ALLOWED_URI,
  });
}

export function renderMarkdown(source: string, options: { escapeHtml?: boolean } = {}): string {
  const parser = options.escapeHtml ? escaping : plain;
  return sanitizeHtml(parser.parse(source, { async: false }) as string);
}
