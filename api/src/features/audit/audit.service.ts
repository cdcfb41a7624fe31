import { sql } from 'kysely';
import type { AppDeps } from '../../app-env';
import { pageOffset, toPaginationDto } from '../../lib/page-query';
import type { PaginationDto } from '../../lib/page-query';
import type { AuditQuery } from './audit.schemas';

/** One staff action as GET /api/admin/audit shows it. */
export interface AuditEventDto {
  id: string;
  /**
   * Who acted, as the event's row recorded them when it was written (so still after that account
   * is deleted); null for the system (seeding) and for events whose actor was deleted before
   * the row kept their name.
   */
  actor: { id: string; name: string } | null;
  action: string;
  targetType: string;
  targetId: string | null;
  /** The name of the user acted on (for a summary, its author), while that account exists. */
  targetName: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

/** One page of the audit trail, newest first, optionally one action only. */
export async function getAuditEvents(
  deps: AppDeps,
  query: AuditQuery,
): Promise<{ events: AuditEventDto[]; pagination: PaginationDto }> {
  let events = deps.db
    .selectFrom('audit_events')
    .selectAll('audit_events')
    .select(
      sql<string | null>`case
        when audit_events.target_type = 'user' then
          (select u.name from users u where u.id::text = audit_events.target_id)
        when audit_events.target_type = 'summary' then
          (select u.name from summaries s join users u on u.id = s.user_id
            where s.id::text = audit_events.target_id)
      end`.as('target_name'),
    );
  let count = deps.db.selectFrom('audit_events').select(sql<number>`count(*)::int`.as('count'));
  if (query.action !== undefined) {
    events = events.where('audit_events.action', '=', query.action);
    count = count.where('action', '=', query.action);
  }
  const [rows, total] = await Promise.all([
    events
      .orderBy('audit_events.created_at', 'desc')
      .orderBy('audit_events.id', 'desc')
      .offset(pageOffset(query.page, query.limit))
      .limit(query.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return {
    events: rows.map((row) => ({
      id: row.id,
      actor:
        row.actor_id !== null && row.actor_name !== null
          ? { id: row.actor_id, name: row.actor_name }
          : null,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetName: row.target_name,
      details: row.details,
      createdAt: row.created_at.toISOString(),
    })),
    pagination: toPaginationDto(query.page, query.limit, total.count),
  };
}
