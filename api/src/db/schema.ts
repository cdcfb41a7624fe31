import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/*
 * The database as Kysely sees it: table and column names exactly as in SQL (snake_case).
 * Add a table here in the same change as the migration that creates it.
 * Drivers agree on these types: uuid -> string, timestamptz -> Date, integer -> number,
 * jsonb -> parsed JSON. Cast aggregates to int in SQL (`count(*)::int`): pg returns bigint as a string.
 */

export type Role = 'user' | 'editor' | 'reviewer' | 'admin';
export const ROLES: readonly Role[] = ['user', 'editor', 'reviewer', 'admin'];

export type CreditReason = 'signup' | 'summary' | 'refund' | 'recharge';

/** A column the database fills on insert and nobody updates. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A column the database fills on insert that an update sets. */
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  name: string;
  /** Stored trimmed and lower-cased; unique on lower(email). */
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  /** Never negative (CHECK credits >= 0). Change it only together with a credit_ledger row. */
  credits: ColumnType<number, number | undefined, number>;
  /** Bumped to revoke every token issued before (role change, deletion, password change). */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Every credit movement, append-only: the database refuses updates and deletes. */
export interface CreditLedgerTable {
  id: Generated<string>;
  /** Null once the user is deleted: the history of credits outlives the account. */
  user_id: string | null;
  /** Positive for credits given, negative for credits spent. */
  amount: number;
  reason: CreditReason;
  summary_id: string | null;
  /** The staff member who moved the credits (recharge), else null. */
  actor_id: string | null;
  balance_after: number;
  created_at: CreatedAt;
}

/** Staff actions, append-only. */
export interface AuditEventsTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

/** Attempts counted by the rate limiter; rows expire and are pruned. */
export interface RateLimitHitsTable {
  id: Generated<string>;
  /** A SHA-256 of the limited key (so emails and addresses are not stored in clear). */
  key: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  credit_ledger: CreditLedgerTable;
  audit_events: AuditEventsTable;
  rate_limit_hits: RateLimitHitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CreditLedgerRow = Selectable<CreditLedgerTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
