import type { FastifyReply } from 'fastify';

/**
 * The headers of the embedded dashboard page (`/embedded/{uuid}`): the app's CSP with its
 * `frame-ancestors` set to the origins the embedding allows, and no X-Frame-Options, which
 * would refuse every other origin whatever the CSP says (browsers obey both).
 */

/** What a CSP source may hold: printable ASCII without the separators the API already refuses. */
const SOURCE = /^[\x21-\x7e]+$/;

/** The app's policy with `frame-ancestors` replaced (or added) by the given sources. */
export function withFrameAncestors(policy: string, framers: readonly string[]): string {
  const sources = framers.filter((s) => SOURCE.test(s) && !/[;,'"]/.test(s));
  // Domains that cannot be written into the header allow no one rather than anyone.
  const ancestors = `frame-ancestors ${sources.length > 0 ? sources.join(' ') : "'none'"}`;
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^frame-ancestors(\s|$)/i.test(d));
  return [...directives, ancestors].join(';');
}

export function applyEmbeddedPageHeaders(reply: FastifyReply, framers: readonly string[]): void {
  const policy = String(reply.getHeader('content-security-policy') ?? "default-src 'self'");
  reply.header('content-security-policy', withFrameAncestors(policy, framers));
  reply.removeHeader('x-frame-options');
}
