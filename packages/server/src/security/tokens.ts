import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

/** JWT bearer tokens for API clients (Superset's /api/v1/security/login). HS256 with a derived key. */
export class TokenIssuer {
  // A KeyObject made once: jose would otherwise import raw key bytes again on every verify.
  private readonly key: KeyObject;

  constructor(secretKey: string) {
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.type !== type) return null;
      const id = Number(payload.sub);
      return Number.isInteger(id) && id > 0 ? id : null;
    } catch {
      return null;
    }
  }
}
