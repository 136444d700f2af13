import { createHash, createHmac, createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The `async-token` cookie (Superset's name and claims: `channel`, `sub`): an HS256 JWT that
 * binds a browser to the channel its job events travel on. It is set on any request of a
 * signed-in user when missing, forged, or made for another user (`sub`); a browser session's
 * channel is derived from its session id, so the concurrent first requests of a page agree.
 */

interface Claims {
  channel: string;
  sub: string | null;
}

/** Beyond this many tokens the memo starts over. */
const MAX_VERIFIED = 10_000;

export class AsyncTokens {
  private readonly key: KeyObject;
  private readonly secret: string;
  /** Tokens already checked, by their text: a browser sends the same one on every call. */
  private readonly verified = new Map<string, Claims | null>();

  constructor(secretKey: string) {
    this.secret = secretKey;
    this.key = createSecretKey(createHash('sha256').update(`tessera-async:${secretKey}`).digest());
  }

  sign(channel: string, userId: number | null): Promise<string> {
    return new SignJWT({ channel, ...(userId === null ? {} : { sub: String(userId) }) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(this.key);
  }

  async verify(token: string): Promise<Claims | null> {
    if (token.length > 2048) return null;
    if (this.verified.has(token)) return this.verified.get(token) ?? null;
    let claims: Claims | null = null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const sub = payload.sub ?? null;
      if (typeof payload.channel === 'string' && payload.channel.length <= 64) {
        claims = { channel: payload.channel, sub: typeof sub === 'string' ? sub : null };
      }
    } catch {
      claims = null;
    }
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  /** A session's channel: the same for every request of that session, revealing nothing of it. */
  channelFor(sessionId: string | null): string {
    if (!sessionId) return randomUUID();
    const hex = createHmac('sha256', this.secret)
      .update(`async-channel:${sessionId}`)
      .digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  }
}
