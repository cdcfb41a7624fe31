import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
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
});
