import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { uuidParam, validate } from '../../lib/validation';
import { requireAuth, requireRole } from '../../middleware/auth';
import {
  adminCreditRequestsQuerySchema,
  createCreditRequestSchema,
  creditHistoryQuerySchema,
  decideCreditRequestSchema,
} from './credits.schemas';
import {
  createCreditRequest,
  decideCreditRequest,
  getCreditHistory,
  getCreditRequestsForAdmin,
  getOwnCreditRequests,
  requestNotFound,
} from './credits.service';

/** /api/credits: the signed-in user's credit history and credit requests. */
export const creditsRoutes = new Hono<AuthEnv>()
  .use(requireAuth)
  .get('/history', validate('query', creditHistoryQuerySchema), async (c) => {
    const history = await getCreditHistory(c.var.deps, c.var.user.id, c.req.valid('query'));
    return c.json(successEnvelope(history), 200);
  })
  .post('/requests', validate('json', createCreditRequestSchema), async (c) => {
    const request = await createCreditRequest(c.var.deps, c.var.user, c.req.valid('json'));
    return c.json(successEnvelope({ request }, 'Credit request sent'), 201);
  })
  .get('/requests', async (c) => {
    const requests = await getOwnCreditRequests(c.var.deps, c.var.user.id);
    return c.json(successEnvelope({ requests }), 200);
  });

/** /api/admin/credit-requests: admins answer credit requests. */
export const adminCreditRequestsRoutes = new Hono<AuthEnv>()
  .use(requireAuth, requireRole('admin'))
  .get('/', validate('query', adminCreditRequestsQuerySchema), async (c) => {
    const page = await getCreditRequestsForAdmin(c.var.deps, c.req.valid('query'));
    return c.json(successEnvelope(page), 200);
  })
  .put(
    '/:id',
    validate('json', decideCreditRequestSchema),
    uuidParam('id', requestNotFound),
    async (c) => {
      const request = await decideCreditRequest(
        c.var.deps,
        c.var.user,
        c.req.param('id'),
        c.req.valid('json'),
      );
      return c.json(
        successEnvelope(
          { request },
          request.status === 'approved' ? 'Credit request approved' : 'Credit request denied',
        ),
        200,
      );
    },
  );
