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

/**
 * Appends one staff action to the audit trail (in the same transaction as the action), with
 * the actor's name and email as they are now, read in the same statement: the row still names
 * them after their account is deleted (issue 24).
 */
export function appendAuditEvent(db: DbExecutor, event: AuditEvent): Promise<AuditEventRow> {
  const { actorId } = event;
  const actorColumn = (column: 'name' | 'email') =>
    actorId === null ? null : db.selectFrom('users').select(column).where('id', '=', actorId);
  return db
    .insertInto('audit_events')
    .values({
      actor_id: actorId,
      actor_name: actorColumn('name'),
      actor_email: actorColumn('email'),
      action: event.action,
      target_type: event.targetType,
      target_id: event.targetId,
      details: JSON.stringify(event.details ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
