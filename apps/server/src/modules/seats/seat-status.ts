import { type ClassStatus, classStatusAt } from '@portal/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isoTime } from '../../platform/time.ts';

/** The tables whose rows have a signup window, a start and end, and seats. */
export type SeatedTable = 'classes' | 'activities';

/**
 * The contract's status rule (`classStatusAt`) as SQL, for one status at `now`: the list filter
 * of a row of `table`. Kept as plain comparisons on the columns so each engine can use its
 * indexes.
 */
export function hasStatus(
  table: SeatedTable,
  status: ClassStatus,
  now: number,
): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  const notEnded = sql`${col('end_at')} > ${now}`;
  const open = sql`${notEnded} and ${col('signup_start')} <= ${now}
    and ${col('signup_end')} > ${now} and ${col('start_at')} > ${now}`;
  switch (status) {
    case '已结束':
      return sql<SqlBool>`(${col('end_at')} <= ${now})`;
    case '未开始':
      return sql<SqlBool>`(${notEnded} and ${col('signup_start')} > ${now})`;
    case '报名中':
      return sql<SqlBool>`(${open} and ${col('seats_taken')} < ${col('capacity')})`;
    case '已满':
      return sql<SqlBool>`(${open} and ${col('seats_taken')} >= ${col('capacity')})`;
    case '进行中':
      return sql<SqlBool>`(${notEnded} and ${col('signup_start')} <= ${now}
        and (${col('signup_end')} <= ${now} or ${col('start_at')} <= ${now}))`;
  }
}

/**
 * The list position of a row's status at `now`, the index of that status in the contract's
 * `CLASS_STATUSES` (报名中 0, 未开始 1, 已满 2, 进行中 3, 已结束 4); the same rule as
 * `classStatusAt`.
 */
export function statusRank(table: SeatedTable, now: number): RawBuilder<number> {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  return sql<number>`case
    when ${col('end_at')} <= ${now} then 4
    when ${col('signup_start')} > ${now} then 1
    when ${col('signup_end')} > ${now} and ${col('start_at')} > ${now}
      then case when ${col('seats_taken')} < ${col('capacity')} then 0 else 2 end
    else 3 end`;
}

/** The window and seat columns every seated row has. */
export interface SeatedRow {
  capacity: number;
  seats_taken: number;
  signup_start: number;
  signup_end: number;
  start_at: number;
  end_at: number;
}

/** The signup window and the run of a seated row, as the contract's rules take them. */
export function timesOf(row: SeatedRow) {
  return {
    signupStart: row.signup_start,
    signupEnd: row.signup_end,
    startAt: row.start_at,
    endAt: row.end_at,
  };
}

/** The seat and time fields of a class or activity card, with its status at `now`. */
export function seatFields(row: SeatedRow, now: number) {
  const capacity = row.capacity;
  const seatsTaken = row.seats_taken;
  return {
    capacity,
    seatsTaken,
    seatsLeft: Math.max(0, capacity - seatsTaken),
    signupStart: isoTime(row.signup_start),
    signupEnd: isoTime(row.signup_end),
    startAt: isoTime(row.start_at),
    endAt: isoTime(row.end_at),
    status: classStatusAt({ ...timesOf(row), capacity, seatsTaken }, now),
  };
}

/** The seat fields of a signup's or cancel's answer: the row's seats right after it, and its status. */
export function seatsAfter(
  row: SeatedRow,
  seats: Pick<SeatedRow, 'capacity' | 'seats_taken'>,
  now: number,
) {
  const { capacity, seatsTaken, seatsLeft, status } = seatFields({ ...row, ...seats }, now);
  return { capacity, seatsTaken, seatsLeft, status };
}
