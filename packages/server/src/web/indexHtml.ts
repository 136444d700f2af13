import { BOOTSTRAP_ATTRIBUTE, type BootstrapData } from '@tessera/shared/api/bootstrap';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for a double-quoted HTML attribute; the browser hands back the original text. */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ATTRIBUTE_ESCAPES[ch] as string);
}

const APP_ROOT = /<div id="app"([^>]*)><\/div>/;

/**
 * Puts the bootstrap JSON on the client's root element. An attribute rather than an inline
 * script, because the Content-Security-Policy allows scripts from our own files only.
 */
export function injectBootstrap(html: string, data: BootstrapData): string {
  if (!APP_ROOT.test(html)) throw new Error('index.html has no <div id="app"></div> to bootstrap');
  const attribute = `${BOOTSTRAP_ATTRIBUTE}="${escapeHtmlAttribute(JSON.stringify(data))}"`;
  return html.replace(
    APP_ROOT,
    (_match, rest: string) => `<div id="app"${rest} ${attribute}></div>`,
  );
}
