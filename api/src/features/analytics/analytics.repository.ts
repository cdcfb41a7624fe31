import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';

/** Summaries made on one calendar day of the reader's time zone. */
export interface DailySummaryCount {
  /** The day, `2026-03-10`. */
  day: string;
  count: number;
}

/**
 * A user's summaries per calendar day in `timeZone`, for the `days` days that end with the day
 * `now` falls on there, oldest first, days without summaries included (count 0). Counted by
 * Postgres, which knows the IANA zones (daylight saving included).
 */
export async function countSummariesPerDay(
  db: DbExecutor,
  userId: string,
  { timeZone, now, days }: { timeZone: string; now: Date; days: number },
): Promise<DailySummaryCount[]> {
  const result = await sql<DailySummaryCount>`
    with bounds as (
      select (${now.toISOString()}::timestamptz at time zone ${timeZone}::text)::date as today
    ),
    calendar as (
      select (today - offset_days)::date as day
      from bounds, generate_series(0, ${days - 1}::int) as offset_days
    ),
    counted as (
      select (s.created_at at time zone ${timeZone})::date as day, count(*)::int as count
      from summaries s, bounds
      where s.user_id = ${userId}
        and s.created_at >= ((bounds.today - ${days - 1}::int)::timestamp at time zone ${timeZone})
        and s.created_at < ((bounds.today + 1)::timestamp at time zone ${timeZone})
      group by 1
    )
    select to_char(calendar.day, 'YYYY-MM-DD') as day, coalesce(counted.count, 0) as count
    from calendar
    left join counted on counted.day = calendar.day
    order by calendar.day
  `.execute(db);
  return result.rows;
}
