import { describe, expect, it } from 'vitest';
import { TokenIssuer } from './tokens.ts';

/** Bearer tokens: a token verified once is remembered, never past its expiry or for another type. */

describe('token verification', () => {
  it('answers a repeated token from memory, and refuses it once it expires', async () => {
    let now = Date.now();
    const tokens = new TokenIssuer('secret', () => now);
    const token = await tokens.sign(7, 'access', 60);
    expect(await tokens.verify(token, 'access')).toBe(7);
    expect(await tokens.verify(token, 'access')).toBe(7);
    now += 59_000;
    expect(await tokens.verify(token, 'access')).toBe(7);
    now += 2_000;
    expect(await tokens.verify(token, 'access')).toBeNull();
    expect(await tokens.verify(token, 'access')).toBeNull();
  });

  it('never takes a remembered token for the other type', async () => {
    const tokens = new TokenIssuer('secret');
    const refresh = await tokens.sign(3, 'refresh', 60);
    expect(await tokens.verify(refresh, 'refresh')).toBe(3);
    expect(await tokens.verify(refresh, 'access')).toBeNull();
    const access = await tokens.sign(3, 'access', 60);
    expect(await tokens.verify(access, 'access')).toBe(3);
    expect(await tokens.verify(access, 'refresh')).toBeNull();
  });

  it('refuses a token signed with another key or altered, however often it comes', async () => {
    const mine = new TokenIssuer('secret');
    const theirs = new TokenIssuer('another secret');
    const foreign = await theirs.sign(1, 'access', 60);
    expect(await theirs.verify(foreign, 'access')).toBe(1);
    expect(await mine.verify(foreign, 'access')).toBeNull();
    expect(await mine.verify(foreign, 'access')).toBeNull();
    const token = await mine.sign(1, 'access', 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url');
    expect(await mine.verify(token, 'access')).toBe(1);
    expect(await mine.verify(`${header}.${forged}.${signature}`, 'access')).toBeNull();
  });
});
