import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

/** Who a valid token speaks for, and the credentials version of that user it was issued under. */
export interface TokenClaims {
  userId: number;
  /** The user's `credentials_version` at issue: a newer password makes the token worthless. */
  version: number;
}

/** What a verified token says, kept until the token expires. */
interface VerifiedToken {
  type: unknown;
  claims: TokenClaims | null;
  /** Epoch ms of `exp` (every accepted token has one). */
  expiresAt: number;
}

/** Beyond this many tokens the memo starts over rather than tracking an LRU order. */
const MAX_VERIFIED = 10_000;

/** Clocks of several server processes differ a little; a token from further ahead is forged. */
const CLOCK_SKEW_MS = 30_000;

/** JWT bearer tokens for API clients (Superset's /api/v1/security/login). HS256 with a derived key. */
export class TokenIssuer {
  // A key made once: jose would otherwise import raw key bytes again on every call.
  private readonly key: KeyObject;
  /**
   * Tokens already verified, by their exact text. An API client sends the same token on every
   * call, and checking its HMAC and claims again gives the same answer until it expires, so a
   * repeat costs a map lookup and an expiry check. Only tokens that verified are kept; whether
   * the user's credentials moved since is checked by the caller on every request.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secretKey: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createSecretKey(createHash('sha256').update(`tessera-jwt:${secretKey}`).digest());
  }

  sign(userId: number, type: TokenType, lifetimeSeconds: number, version = 0): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ type, fresh: type === 'access', ver: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetimeSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /**
   * The claims of a valid token of the given type, or null. A token without `exp` or `iat`, or
   * issued in the future, is refused even when its signature holds: a leaked key or a bug that
   * signed one must not yield a token that never dies.
   */
  async verify(token: string, type: TokenType): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (this.now() < known.expiresAt) return known.type === type ? known.claims : null;
      this.verified.delete(token);
      return null;
    }
    let verified: VerifiedToken;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const exp = payload.exp as number;
      const iat = payload.iat as number;
      if (iat * 1000 > this.now() + CLOCK_SKEW_MS || exp < iat) return null;
      const id = Number(payload.sub);
      const version = payload.ver === undefined ? 0 : payload.ver;
      verified = {
        type: payload.type,
        claims:
          Number.isInteger(id) && id > 0 && Number.isInteger(version)
            ? { userId: id, version: version as number }
            : null,
        expiresAt: exp * 1000,
      };
    } catch {
      return null;
    }
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, verified);
    return verified.type === type ? verified.claims : null;
  }
}
