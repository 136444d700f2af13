/**
 * The one allow-list for user HTML (markdown, table cells, descriptions). Renderers in the web
 * client and the server pass these lists to their sanitiser; nothing else is allowed through.
 */
export const HTML_ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

/**
 * No `style`, `class` or `id`: with them an author could lay a fixed overlay over the whole page
 * (inline styles, or the app's own classes such as a modal mask) or shadow the app's elements.
 */
export const HTML_ALLOWED_ATTRIBUTES = [
  'alt',
  'colspan',
  'height',
  'href',
  'rel',
  'rowspan',
  'src',
  'target',
  'title',
  'width',
  'align',
] as const;

/** URL schemes allowed in href and src. */
export const HTML_ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
