import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, signAccessToken, verifyAccessToken } from './tokens';

const settings = { jwtSecret: 's'.repeat(32), jwtTtlSeconds: 3600 };
const userId = '5b0e6a42-94c6-4a53-9a3c-1a2b3c4d5e6f';

describe('access tokens', () => {
  it('signs HS256 with iss, aud, sub, iat, exp and the token version', async () => {
    const token = await signAccessToken(settings, { id: userId, tokenVersion: 3 });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: userId, tv: 3 });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(await verifyAccessToken(settings, token)).toEqual({ userId, tokenVersion: 3 });
  });

  it('refuses tokens without the token version claim', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(settings.jwtSecret));
    expect(await verifyAccessToken(settings, token)).toBeNull();
  });

  it('refuses tokens without an expiry', async () => {
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .sign(new TextEncoder().encode(settings.jwtSecret));
    expect(await verifyAccessToken(settings, token)).toBeNull();
  });

  it('refuses another HMAC algorithm under the same secret', async () => {
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('s'.repeat(64)));
    expect(await verifyAccessToken({ ...settings, jwtSecret: 's'.repeat(64) }, token)).toBeNull();
  });

  it.each(['', 'garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.'])('refuses %j', async (token) => {
    expect(await verifyAccessToken(settings, token)).toBeNull();
  });

  describe('remembered once verified', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a token it verified before once the token has expired', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
      const token = await signAccessToken(settings, { id: userId, tokenVersion: 1 });
      expect(await verifyAccessToken(settings, token)).toEqual({ userId, tokenVersion: 1 });
      vi.setSystemTime(new Date('2026-11-25T10:59:59Z'));
      expect(await verifyAccessToken(settings, token)).toEqual({ userId, tokenVersion: 1 });
      vi.setSystemTime(new Date('2026-11-25T11:00:00Z'));
      expect(await verifyAccessToken(settings, token)).toBeNull();
    });

    it('refuses a token it verified before under another secret', async () => {
      const token = await signAccessToken(settings, { id: userId, tokenVersion: 2 });
      expect(await verifyAccessToken(settings, token)).toEqual({ userId, tokenVersion: 2 });
      expect(await verifyAccessToken({ ...settings, jwtSecret: 't'.repeat(32) }, token)).toBeNull();
    });

    it('accepts a token before its not-before time only once that time has come', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
      const token = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setNotBefore('10m')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(settings.jwtSecret));
      expect(await verifyAccessToken(settings, token)).toBeNull();
      vi.setSystemTime(new Date('2026-11-25T10:10:00Z'));
      expect(await verifyAccessToken(settings, token)).toEqual({ userId, tokenVersion: 0 });
    });

    it('gives claims no caller can change for the next request', async () => {
      const token = await signAccessToken(settings, { id: userId, tokenVersion: 4 });
      const claims = await verifyAccessToken(settings, token);
      expect(Object.isFrozen(claims)).toBe(true);
    });
  });
});
