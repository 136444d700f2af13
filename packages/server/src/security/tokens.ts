import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

/** What a verified token says, kept until the token expires. */
interface VerifiedToken {
  type: unknown;
  userId: number | null;
  /** Epoch ms of `exp`; Infinity for a token without one. */
  expiresAt: number;
}

/** Beyond this many tokens the memo starts over rather than tracking an LRU order. */
const MAX_VERIFIED = 10_000;

/** JWT bearer tokens for API clients (Superset's /api/v1/security/login). HS256 with a derived key. */
export class TokenIssuer {
  // A key made once: jose would otherwise import raw key bytes again on every call.
  private readonly key: KeyObject;
  /**
   * Tokens already verified, by their exact text. An API client sends the same token on every
   * call, and checking its HMAC and claims again gives the same answer until it expires, so a
   * repeat costs a map lookup and an expiry check. Only tokens that verified are kept.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secretKey: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createSecretKey(createHash('sha256').update(`tessera-jwt:${secretKey}`).digest());
  }

  sign(userId: number, type: TokenType, lifetimeSeconds: number): Promise<string> {
    return new SignJWT({ type, fresh: type === 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${lifetimeSeconds}s`)
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** The user id of a valid token of the given type, or null. */
  async verify(token: string, type: TokenType): Promise<number | null> {
    const known = this.verified.get(token);
    if (known) {
      if (this.now() < known.expiresAt) return known.type === type ? known.userId : null;
      this.verified.delete(token);
      return null;
    }
    let verified: VerifiedToken;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const id = Number(payload.sub);
      verified = {
        type: payload.type,
        userId: Number.isInteger(id) && id > 0 ? id : null,
        expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY,
      };
    } catch {
      return null;
    }
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, verified);
    return verified.type === type ? verified.userId : null;
  }
}
