import { z } from 'zod';
import { pageQueryFields } from '../../lib/validation';

/** Audit events per page when the query names no limit. */
export const DEFAULT_AUDIT_LIMIT = 50;
const ACTION_MESSAGE = 'Action must look like resource.verb, e.g. user.role_changed';

/** GET /api/admin/audit: page, limit (default 50), action (exact, e.g. `user.role_changed`). */
export const auditQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_AUDIT_LIMIT),
  action: z
    .string({ error: ACTION_MESSAGE })
    .trim()
    .regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, ACTION_MESSAGE)
    .optional(),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;
