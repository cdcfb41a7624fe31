import {
  summaryNotFound,
  toStaffSummaryDto,
  toSummaryPaginationDto,
} from '../../domain/summary-response';
import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { uuidParam, validate } from '../../lib/validation';
import { requireAuth, requireRole } from '../../middleware/auth';
import { adminSummariesQuerySchema, editSummarySchema } from './admin.schemas';
import { editSummary, listAllSummariesPage, removeSummary } from './admin-summaries.service';

/** /api/admin/summaries: editors and admins manage everyone's summaries. */
export const adminSummariesRoutes = new Hono<AuthEnv>()
  .use(requireAuth, requireRole('editor', 'admin'))
  .get('/', validate('query', adminSummariesQuerySchema), async (c) => {
    const page = await listAllSummariesPage(c.var.deps, c.req.valid('query'));
    return c.json(
      successEnvelope({
        summaries: page.summaries.map(toStaffSummaryDto),
        pagination: toSummaryPaginationDto(page.page, page.limit, page.total),
        statistics: page.statistics,
      }),
      200,
    );
  })
  .put('/:id', validate('json', editSummarySchema), uuidParam('id', summaryNotFound), async (c) => {
    const summary = await editSummary(
      c.var.deps,
      c.var.user,
      c.req.param('id'),
      c.req.valid('json').summarizedContent,
    );
    return c.json(
      successEnvelope({ summary: toStaffSummaryDto(summary) }, 'Summary updated successfully'),
      200,
    );
  })
  .delete('/:id', uuidParam('id', summaryNotFound), async (c) => {
    const id = c.req.param('id');
    await removeSummary(c.var.deps, c.var.user, id);
    return c.json(successEnvelope({ id }, 'Summary deleted successfully'), 200);
  });
