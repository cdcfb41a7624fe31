import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { getClientAddress } from '../../lib/client-address';
import { successEnvelope } from '../../lib/success-envelope';
import { toUserResponse } from '../../lib/user-response';
import { validate } from '../../lib/validation';
import { requireAuth } from '../../middleware/auth';
import { loginSchema, registerSchema } from './auth.schemas';
import { loginUser, registerUser } from './auth.service';
import type { Session } from './auth.service';

/** The address the rate limits count this request under (behind the configured proxies). */
function clientAddress(c: Context<AppEnv>): string {
  return getClientAddress(c, c.var.deps.config.trustProxy);
}

/** API.md's answer to a registration or a login: the token and the user, beside `success`. */
function toSessionResponse(session: Session) {
  return { success: true as const, token: session.token, user: toUserResponse(session.user) };
}

/** /api/auth: register, login and the signed-in user's profile. */
export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const session = await registerUser(c.var.deps, c.req.valid('json'), clientAddress(c));
    return c.json(toSessionResponse(session), 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const session = await loginUser(c.var.deps, c.req.valid('json'), clientAddress(c));
    return c.json(toSessionResponse(session), 200);
  })
  .get('/me', requireAuth, (c) => c.json(successEnvelope(toUserResponse(c.var.user)), 200));
