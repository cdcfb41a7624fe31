import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { getClientAddress } from '../../lib/client-address';
import { toUserResponse } from '../../lib/user-response';
import { validate } from '../../lib/validation';
import { requireAuth } from '../../middleware/auth';
import { loginSchema, registerSchema } from './auth.schemas';
import { loginUser, registerUser } from './auth.service';

/** /api/auth: register, login and the signed-in user's profile. */
export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerSchema), async (c) => {
    const { deps } = c.var;
    const session = await registerUser(
      deps,
      c.req.valid('json'),
      getClientAddress(c, deps.config.trustProxy),
    );
    return c.json(
      { success: true as const, token: session.token, user: toUserResponse(session.user) },
      201,
    );
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { deps } = c.var;
    const session = await loginUser(
      deps,
      c.req.valid('json'),
      getClientAddress(c, deps.config.trustProxy),
    );
    return c.json(
      { success: true as const, token: session.token, user: toUserResponse(session.user) },
      200,
    );
  })
  .get('/me', requireAuth, (c) =>
    c.json({ success: true as const, data: toUserResponse(c.var.user) }, 200),
  );
