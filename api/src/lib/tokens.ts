import { isUuid } from './validation';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/*
 * HS256 JSON Web Tokens with node:crypto's HMAC, computed synchronously on the event loop:
 * a few microseconds. WebCrypto (which JWT libraries use) queues each signature on libuv's
 * thread pool, where it waits behind every password hash: under a login flood, every signed-in
 * request did.
 */

/** `iss` and `aud` of every token; a token made for anything else is refused. */
export const TOKEN_ISSUER = 'brevity';
export const TOKEN_AUDIENCE = 'brevity-web';
const ALGORITHM = 'HS256';
const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** Longer tokens are refused before any work (ours are about 250 characters). */
const MAX_TOKEN_LENGTH = 4096;

export interface TokenSettings {
  jwtSecret: string;
  jwtTtlSeconds: number;
}

/** What a valid token says: whose it is and which token_version it was issued under. */
export interface AccessTokenClaims {
  userId: string;
  tokenVersion: number;
}

/** A valid token's claims with what identifies the token itself (for signing it out). */
export interface SessionTokenClaims extends AccessTokenClaims {
  /**
   * The token's own identity: its signature (base64url), which no two tokens share. POST
   * /api/auth/logout lists it among the user's revoked tokens until `expiresAt`.
   */
  tokenId: string;
  /** `exp`: when the token stops working anyway (unix seconds). */
  expiresAt: number;
}

function encodeJson(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function signature(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

function decodeJson(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Signs an HS256 access token: `sub` = user id, `tv` = the user's token_version, and a random
 * `jti`, so two tokens signed in the same second differ and one can be signed out alone.
 */
export function signAccessToken(
  settings: TokenSettings,
  user: { id: string; tokenVersion: number },
): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const header = encodeJson({ alg: ALGORITHM, typ: 'JWT' });
  const payload = encodeJson({
    tv: user.tokenVersion,
    sub: user.id,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: issuedAt,
    exp: issuedAt + settings.jwtTtlSeconds,
    jti: randomUUID(),
  });
  const signingInput = `${header}.${payload}`;
  const mac = signature(settings.jwtSecret, signingInput).toString('base64url');
  return Promise.resolve(`${signingInput}.${mac}`);
}

/** A token that verified, with the times that bound its life. */
interface VerifiedToken {
  secret: string;
  claims: SessionTokenClaims;
  exp: number;
  nbf: number;
}

/** How many verified tokens are remembered; the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens that verified, by their text: a signed-in user's requests all carry the same token,
 * and checking its signature and claims again cost about 2 % of a list request (issue 13).
 * Only what a token says is remembered: its expiry is checked on every use, and whether its
 * user still exists with that token version, and has not signed this token out, is the
 * caller's database read on every use (admitUser), never remembered here.
 */
const verifiedTokens = new Map<string, VerifiedToken>();

function remember(token: string, verified: VerifiedToken): void {
  if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) {
    const oldest = verifiedTokens.keys().next();
    if (!oldest.done) verifiedTokens.delete(oldest.value);
  }
  verifiedTokens.set(token, verified);
}

function verify(settings: TokenSettings, token: string): SessionTokenClaims | null {
  const now = Math.floor(Date.now() / 1000);
  const known = verifiedTokens.get(token);
  if (known && known.secret === settings.jwtSecret) {
    return known.exp > now && known.nbf <= now ? known.claims : null;
  }
  const verified = verifyText(settings, token, now);
  if (verified) remember(token, verified);
  return verified && verified.nbf <= now ? verified.claims : null;
}

/** A token's claims checked in full; null for anything but a valid, unexpired token. */
function verifyText(settings: TokenSettings, token: string, now: number): VerifiedToken | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', macPart = ''] = parts;
  if (!BASE64URL.test(macPart)) return null;
  const header = decodeJson(headerPart);
  // Only our algorithm, and no extension the token would require us to understand.
  if (!header || header.alg !== ALGORITHM || 'crit' in header || 'b64' in header) return null;
  if (header.typ !== undefined && header.typ !== 'JWT') return null;
  const expected = signature(settings.jwtSecret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(macPart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const claims = decodeJson(payloadPart);
  if (!claims) return null;
  const { sub, tv, iss, aud, exp, nbf, iat } = claims;
  if (iss !== TOKEN_ISSUER) return null;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(TOKEN_AUDIENCE)) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  if (typeof sub !== 'string' || !isUuid(sub)) return null;
  if (typeof tv !== 'number' || !Number.isInteger(tv)) return null;
  return {
    secret: settings.jwtSecret,
    claims: Object.freeze({
      userId: sub.toLowerCase(),
      tokenVersion: tv,
      // Re-encoded, not the text given: base64url has several spellings of one signature (the
      // last character's spare bits), and a signed-out token must not come back under another.
      tokenId: expected.toString('base64url'),
      expiresAt: exp,
    }),
    exp,
    nbf: nbf ?? Number.NEGATIVE_INFINITY,
  };
}

/**
 * The claims of a valid token, or null for anything else: garbage, another algorithm
 * (`none` included), a bad signature, a wrong issuer or audience, an expired token,
 * or claims of the wrong shape.
 */
export function verifyAccessToken(
  settings: TokenSettings,
  token: string,
): Promise<AccessTokenClaims | null> {
  const claims = verify(settings, token);
  return Promise.resolve(
    claims && Object.freeze({ userId: claims.userId, tokenVersion: claims.tokenVersion }),
  );
}

/**
 * verifyAccessToken's check, answering also the token's identity and expiry (`tokenId`,
 * `expiresAt`): what a request's authentication needs to see whether the token was signed out.
 */
export function verifySessionToken(
  settings: TokenSettings,
  token: string,
): SessionTokenClaims | null {
  return verify(settings, token);
}
