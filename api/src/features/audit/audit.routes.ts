import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { validate } from '../../lib/validation';
import { requireAuth, requireRole } from '../../middleware/auth';
import { auditQuerySchema } from './audit.schemas';
import { getAuditEvents } from './audit.service';

/** /api/admin/audit: the audit trail of staff actions, for admins. */
export const auditRoutes = new Hono<AuthEnv>()
  .use(requireAuth, requireRole('admin'))
  .get('/', validate('query', auditQuerySchema), async (c) => {
    const page = await getAuditEvents(c.var.deps, c.req.valid('query'));
    return c.json(successEnvelope(page), 200);
  });
