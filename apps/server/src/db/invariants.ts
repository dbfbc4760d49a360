// The invariants the database must hold whatever happened to the server (a crash, a lost
// database, a restore from a backup): as SQL that answers one row per violation, the same text
// on SQLite and PostgreSQL.

/** Each check: a name and a query answering `id` of every row that breaks it (none when held). */
export const INVARIANTS: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: 'class seats = active and pending signups',
    sql: `select c.id from classes c where c.seats_taken <> (select count(*) from class_signups s
      where s.class_id = c.id and s.status in ('active', 'pending'))
      or c.seats_taken > c.capacity`,
  },
  {
    name: 'no free class seat while learners wait',
    sql: `select c.id from classes c where c.seats_taken < c.capacity and exists (select 1
      from class_signups s where s.class_id = c.id and s.status = 'waiting')`,
  },
  {
    name: 'activity seats = active and pending applications',
    sql: `select a.id from activities a where a.seats_taken <> (select count(*)
      from activity_applications s where s.activity_id = a.id
        and s.status in ('active', 'pending'))
      or a.seats_taken > a.capacity`,
  },
  {
    name: 'no free activity seat while learners wait',
    sql: `select a.id from activities a where a.seats_taken < a.capacity and exists (select 1
      from activity_applications s where s.activity_id = a.id and s.status = 'waiting')`,
  },
  {
    name: 'team seats = active members',
    sql: `select t.id from teams t where t.seats_taken <> (select count(*) from team_members m
      where m.team_id = t.id and m.status = 'active') or t.seats_taken > t.capacity`,
  },
  {
    name: 'team leader is an active member',
    sql: `select t.id from teams t where t.dissolved_at is null and not exists (select 1
      from team_members m where m.team_id = t.id and m.user_id = t.leader_id
      and m.status = 'active')`,
  },
  {
    name: 'experience-base slot seats = booked parties',
    sql: `select s.id from base_slots s where s.seats_taken <> (select coalesce(sum(b.party_size), 0)
      from base_bookings b where b.slot_id = s.id and b.status = 'active')
      or s.seats_taken > s.capacity`,
  },
  {
    name: 'walk session seats = active signups',
    sql: `select w.id from walk_sessions w where w.seats_taken <> (select count(*)
      from walk_signups s where s.session_id = w.id and s.status = 'active')
      or w.seats_taken > w.capacity`,
  },
  {
    name: 'points balance = ledger sum',
    sql: `select b.user_id as id from points_balances b where b.balance <> (select
      coalesce(sum(l.amount), 0) from points_ledger l where l.user_id = b.user_id
      and l.site_key = b.site_key)`,
  },
  {
    name: 'latest ledger row carries the balance',
    sql: `select b.user_id as id from points_balances b join points_ledger l
      on l.id = (select max(x.id) from points_ledger x where x.user_id = b.user_id
      and x.site_key = b.site_key) where l.balance_after <> b.balance`,
  },
  {
    name: 'daily points units within the cap',
    sql: `select d.user_id as id from points_daily d join points_rules r on r.key = d.rule_key
      where d.units > r.daily_cap`,
  },
];

/** Names of the broken invariants with up to 5 ids each; empty when every one holds. */
export async function brokenInvariants(
  query: (sql: string) => Promise<Array<{ id: unknown }>>,
): Promise<string[]> {
  const broken: string[] = [];
  for (const invariant of INVARIANTS) {
    const rows = await query(invariant.sql);
    if (rows.length > 0) {
      const ids = rows.slice(0, 5).map((row) => String(row.id));
      broken.push(`${invariant.name}: ${rows.length} rows (${ids.join(', ')})`);
    }
  }
  return broken;
}
