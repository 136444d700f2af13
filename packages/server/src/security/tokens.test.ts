import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenIssuer } from './tokens.ts';

/** Bearer tokens: a token verified once is remembered, never past its expiry or for another type. */

const userOf = async (issuer: TokenIssuer, token: string, type: 'access' | 'refresh') =>
  (await issuer.verify(token, type))?.userId ?? null;

/** Signs any claims with the key a TokenIssuer of `secret` uses: what a forger with the key does. */
function signRaw(secret: string, claims: Record<string, unknown>, at: (jwt: SignJWT) => SignJWT) {
  const key = createHash('sha256').update(`tessera-jwt:${secret}`).digest();
  return at(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('1')).sign(key);
}

describe('token verification', () => {
  it('answers a repeated token from memory, and refuses it once it expires', async () => {
    let now = Date.now();
    const tokens = new TokenIssuer('secret', () => now);
    const token = await tokens.sign(7, 'access', 60);
    expect(await userOf(tokens, token, 'access')).toBe(7);
    expect(await userOf(tokens, token, 'access')).toBe(7);
    now += 59_000;
    expect(await userOf(tokens, token, 'access')).toBe(7);
    now += 2_000;
    expect(await userOf(tokens, token, 'access')).toBeNull();
    expect(await userOf(tokens, token, 'access')).toBeNull();
  });

  it('never takes a remembered token for the other type', async () => {
    const tokens = new TokenIssuer('secret');
    const refresh = await tokens.sign(3, 'refresh', 60);
    expect(await userOf(tokens, refresh, 'refresh')).toBe(3);
    expect(await userOf(tokens, refresh, 'access')).toBeNull();
    const access = await tokens.sign(3, 'access', 60);
    expect(await userOf(tokens, access, 'access')).toBe(3);
    expect(await userOf(tokens, access, 'refresh')).toBeNull();
  });

  it('carries the credentials version it was issued under', async () => {
    const tokens = new TokenIssuer('secret');
    const token = await tokens.sign(4, 'access', 60, 3);
    expect(await tokens.verify(token, 'access')).toEqual({ userId: 4, version: 3 });
  });

  it('refuses a token signed with another key or altered, however often it comes', async () => {
    const mine = new TokenIssuer('secret');
    const theirs = new TokenIssuer('another secret');
    const foreign = await theirs.sign(1, 'access', 60);
    expect(await userOf(theirs, foreign, 'access')).toBe(1);
    expect(await userOf(mine, foreign, 'access')).toBeNull();
    expect(await userOf(mine, foreign, 'access')).toBeNull();
    const token = await mine.sign(1, 'access', 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url');
    expect(await userOf(mine, token, 'access')).toBe(1);
    expect(await userOf(mine, `${header}.${forged}.${signature}`, 'access')).toBeNull();
  });

  it('refuses a correctly signed token without exp, without iat, or issued in the future', async () => {
    const tokens = new TokenIssuer('secret');
    const now = Math.floor(Date.now() / 1000);
    const noExp = await signRaw('secret', { type: 'access' }, (j) => j.setIssuedAt(now));
    const noIat = await signRaw('secret', { type: 'access' }, (j) => j.setExpirationTime(now + 60));
    const future = await signRaw('secret', { type: 'access' }, (j) =>
      j.setIssuedAt(now + 3600).setExpirationTime(now + 7200),
    );
    const fine = await signRaw('secret', { type: 'access' }, (j) =>
      j.setIssuedAt(now).setExpirationTime(now + 60),
    );
    expect(await userOf(tokens, noExp, 'access')).toBeNull();
    expect(await userOf(tokens, noIat, 'access')).toBeNull();
    expect(await userOf(tokens, future, 'access')).toBeNull();
    expect(await userOf(tokens, fine, 'access')).toBe(1);
  });
});
