import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Every table, typed once. Times are epoch milliseconds (`bigint`) on both engines,
 * flags are 0/1 integers: the same values come back from SQLite and PostgreSQL.
 */
export interface SitesTable {
  key: string;
  name: string;
  sort: number;
  /** Brand colour `#rrggbb` (the web app's theme). */
  theme_color: Generated<string>;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see `modules/account/password.ts`. */
  password_hash: string;
  nickname: string;
  avatar: string | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  fingerprint: string | null;
  site_key: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  /** Set when the token was exchanged for a new one (its expiry then shrinks to the grace period). */
  rotated_at: number | null;
  revoked_at: number | null;
}

export interface LoginTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface Database {
  sites: SitesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_tickets: LoginTicketsTable;
}

export type SiteRow = Selectable<SitesTable>;
export type NewSiteRow = Insertable<SitesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type LoginTicketRow = Selectable<LoginTicketsTable>;
