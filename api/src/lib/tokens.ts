import { SignJWT, jwtVerify } from 'jose';

/** `iss` and `aud` of every token; a token made for anything else is refused. */
export const TOKEN_ISSUER = 'brevity';
export const TOKEN_AUDIENCE = 'brevity-web';
const ALGORITHM = 'HS256';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenSettings {
  jwtSecret: string;
  jwtTtlSeconds: number;
}

/** What a valid token says: whose it is and which token_version it was issued under. */
export interface AccessTokenClaims {
  userId: string;
  tokenVersion: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs an HS256 access token: `sub` = user id, `tv` = the user's token_version. */
export async function signAccessToken(
  settings: TokenSettings,
  user: { id: string; tokenVersion: number },
): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ tv: user.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + settings.jwtTtlSeconds)
    .sign(key(settings.jwtSecret));
}

/**
 * The claims of a valid token, or null for anything else: garbage, another algorithm
 * (`none` included), a bad signature, a wrong issuer or audience, an expired token,
 * or claims of the wrong shape.
 */
export async function verifyAccessToken(
  settings: TokenSettings,
  token: string,
): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(settings.jwtSecret), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'tv'],
    });
    const { sub, tv } = payload;
    if (typeof sub !== 'string' || !UUID_PATTERN.test(sub)) return null;
    if (typeof tv !== 'number' || !Number.isInteger(tv)) return null;
    return { userId: sub.toLowerCase(), tokenVersion: tv };
  } catch {
    return null;
  }
}
