import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 13: list totals in O(1) (decision 0015). `user_summary_totals` holds, per user, what
 * GET /api/summaries' statistics add up: how many summaries, their original and summary words,
 * and the sum of their compression ratios. A row trigger on `summaries` keeps it, in the very
 * statement (so the very transaction) that inserts, deletes or rewrites a summary: creation,
 * deletion by the owner, by staff or with the account, regeneration, restore and staff edits
 * alike, whatever code path runs them. Concurrent writers of one user serialise on its totals
 * row (ON CONFLICT DO UPDATE and UPDATE take its row lock), so the sums stay exact.
 * The migration backfills the totals of every existing summary. TRUNCATE is not counted (no
 * code truncates summaries).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_summary_totals')
    .addColumn('user_id', 'uuid', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('summaries', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('original_words', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('summary_words', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('compression_ratio_sum', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await sql`
    create function summaries_keep_user_totals() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.user_id is distinct from old.user_id) then
        insert into user_summary_totals as totals
          (user_id, summaries, original_words, summary_words, compression_ratio_sum)
        values (new.user_id, 1, new.original_word_count, new.summary_word_count,
                new.compression_ratio)
        on conflict (user_id) do update set
          summaries = totals.summaries + 1,
          original_words = totals.original_words + excluded.original_words,
          summary_words = totals.summary_words + excluded.summary_words,
          compression_ratio_sum = totals.compression_ratio_sum + excluded.compression_ratio_sum;
      end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.user_id is distinct from old.user_id) then
        update user_summary_totals set
          summaries = summaries - 1,
          original_words = original_words - old.original_word_count,
          summary_words = summary_words - old.summary_word_count,
          compression_ratio_sum = compression_ratio_sum - old.compression_ratio
        where user_id = old.user_id;
      end if;
      if tg_op = 'UPDATE' and new.user_id = old.user_id
         and (new.original_word_count, new.summary_word_count, new.compression_ratio)
             is distinct from (old.original_word_count, old.summary_word_count, old.compression_ratio)
      then
        update user_summary_totals set
          original_words = original_words + new.original_word_count - old.original_word_count,
          summary_words = summary_words + new.summary_word_count - old.summary_word_count,
          compression_ratio_sum = compression_ratio_sum + new.compression_ratio - old.compression_ratio
        where user_id = new.user_id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger summaries_user_totals
    after insert or delete or update of user_id, original_word_count, summary_word_count, compression_ratio
    on summaries
    for each row execute function summaries_keep_user_totals()
  `.execute(db);

  await sql`
    insert into user_summary_totals
      (user_id, summaries, original_words, summary_words, compression_ratio_sum)
    select user_id, count(*), coalesce(sum(original_word_count), 0),
           coalesce(sum(summary_word_count), 0), coalesce(sum(compression_ratio), 0)
    from summaries
    group by user_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger summaries_user_totals on summaries`.execute(db);
  await sql`drop function summaries_keep_user_totals()`.execute(db);
  await db.schema.dropTable('user_summary_totals').execute();
}
