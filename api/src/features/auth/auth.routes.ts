import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { getClientAddress } from '../../lib/client-address';
import { successEnvelope } from '../../lib/success-envelope';
import { toUserResponse } from '../../domain/user-response';
import { validate } from '../../lib/validation';
import { requireAuth, requireSession } from '../../middleware/auth';
import { changePasswordSchema, loginSchema, registerSchema } from './auth.schemas';
import { loginUser, registerUser } from './auth.service';
import type { Session } from './auth.service';
import { changePassword, logOut, logOutEverywhere } from './session.service';

/** The address the rate limits count this request under (behind the configured proxies). */
function clientAddress<E extends AppEnv>(c: Context<E>): string {
  return getClientAddress(c, c.get('deps').config.trustProxy);
}

/** API.md's answer to a registration or a login: the token and the user, beside `success`. */
function toSessionResponse(session: Session) {
  return { success: true as const, token: session.token, user: toUserResponse(session.user) };
}

/** /api/auth: register, login, the signed-in user's profile, and ending sessions. */
export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const session = await registerUser(c.var.deps, c.req.valid('json'), clientAddress(c));
    return c.json(toSessionResponse(session), 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const session = await loginUser(c.var.deps, c.req.valid('json'), clientAddress(c));
    return c.json(toSessionResponse(session), 200);
  })
  .get('/me', requireAuth, (c) => c.json(successEnvelope(toUserResponse(c.var.user)), 200))
  .post('/logout', requireSession, async (c) => {
    await logOut(c.var.deps, c.var.claims);
    return c.json(successEnvelope(null), 200);
  })
  .post('/logout-all', requireSession, async (c) => {
    await logOutEverywhere(c.var.deps, c.var.user);
    return c.json(successEnvelope(null), 200);
  })
  .put('/password', requireSession, validate('json', changePasswordSchema), async (c) => {
    const session = await changePassword(
      c.var.deps,
      c.var.user,
      c.req.valid('json'),
      clientAddress(c),
    );
    return c.json(
      successEnvelope({ token: session.token, user: toUserResponse(session.user) }),
      200,
    );
  });
