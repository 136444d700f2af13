import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS, HTML_ALLOWED_URI } from '@tessera/shared/html';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { type DefaultTreeAdapterTypes, parseFragment, serialize } from 'parse5';

/**
 * Markdown of a dashboard's MARKDOWN blocks as safe HTML: rendered by marked, cut to the one
 * allow-list of `@tessera/shared/html` by parse5, then sanitised by DOMPurify against the same
 * list (scripts, handlers and unknown tags never survive). With ESCAPE_MARKDOWN_HTML, HTML
 * written inside the markdown shows as text.
 *
 * Why two passes: DOMPurify parses with the browser, and the browser's parser, even into an inert
 * document, checks an `onerror` or `onclick` attribute against the page's Content Security Policy
 * and reports a violation (nothing runs, but the page logs one on every load). parse5 builds no
 * DOM, so what the browser's parser later sees holds no such attribute.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const plain = new Marked({ gfm: true, breaks: false });
const escaping = new Marked({
  gfm: true,
  renderer: { html: ({ text }) => escapeHtml(text) },
});

const ALLOWED_TAGS = new Set<string>(HTML_ALLOWED_TAGS);
const ALLOWED_ATTRIBUTES = new Set<string>(HTML_ALLOWED_ATTRIBUTES);
/** Elements whose content goes with them (as DOMPurify's FORBID_CONTENTS); others are unwrapped. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'object',
  'embed',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'select',
  'svg',
  'math',
  'head',
]);

type Node = DefaultTreeAdapterTypes.ChildNode;
type Parent = DefaultTreeAdapterTypes.ParentNode;

function isElement(node: Node): node is DefaultTreeAdapterTypes.Element {
  return 'tagName' in node;
}

/** The children of `parent` cut to the allow-list, in place. */
function cutToAllowList(parent: Parent): void {
  const kept: Node[] = [];
  for (const node of parent.childNodes) {
    if (node.nodeName === '#comment') continue;
    if (!isElement(node)) {
      kept.push(node);
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(node.tagName)) continue;
    cutToAllowList(node);
    if (ALLOWED_TAGS.has(node.tagName)) {
      node.attrs = node.attrs.filter((attr) => !attr.prefix && ALLOWED_ATTRIBUTES.has(attr.name));
      kept.push(node);
    } else {
      for (const child of node.childNodes) child.parentNode = parent;
      kept.push(...node.childNodes);
    }
  }
  parent.childNodes = kept;
}

/** The HTML with only allowed elements and attributes, parsed without the browser. */
export function allowListed(html: string): string {
  const fragment = parseFragment(html);
  cutToAllowList(fragment);
  return serialize(fragment);
}

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(allowListed(html), {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES],
    ALLOWED_URI_REGEXP: HTML_ALLOWED_URI,
  });
}

export function renderMarkdown(source: string, options: { escapeHtml?: boolean } = {}): string {
  const parser = options.escapeHtml ? escaping : plain;
  return sanitizeHtml(parser.parse(source, { async: false }) as string);
}
