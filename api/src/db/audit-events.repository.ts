import type { DbExecutor } from './database';
import type { AuditEventRow } from './schema';

export interface AuditEvent {
  /** The staff member acting, or null for the system (e.g. start-up seeding). */
  actorId: string | null;
  /** What happened, as `<resource>.<verb>`: `user.role_changed`, `summary.deleted`. */
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}

/** Appends one staff action to the audit trail (in the same transaction as the action). */
export function appendAuditEvent(db: DbExecutor, event: AuditEvent): Promise<AuditEventRow> {
  return db
    .insertInto('audit_events')
    .values({
      actor_id: event.actorId,
      action: event.action,
      target_type: event.targetType,
      target_id: event.targetId,
      details: JSON.stringify(event.details ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
