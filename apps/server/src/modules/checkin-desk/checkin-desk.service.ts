import {
  type CheckinDeskBody,
  type CheckinDeskResult,
  type CheckinDeskSummary,
  ErrorCode,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { isoTime } from '../../platform/time.ts';
import { maskPhone } from '../account/account.service.ts';
import { findApplicationAtDoor } from '../activities/activities.queries.ts';
import { ActivityMessages, type ActivityService } from '../activities/activities.service.ts';
import type { Operator } from '../operators/operators.service.ts';
import { seesPhones } from '../participants/participants.service.ts';

/** The latest arrivals the desk lists. */
export const RECENT_ARRIVALS = 10;

/** The Chinese answers of the check-in desk. */
export const CheckinDeskMessages = {
  otherActivity: (title: string) => `这是活动「${title}」的签到码，不是本活动的，请核对`,
  notApplied: '该手机号没有报名本活动',
} as const;

/**
 * The check-in desk (签到台) at the door of an activity of the operator's site: the learner's QR
 * code or their account's phone number, checked in by the portal's own rules and side effects
 * (`ActivityService.checkInAtDoor`), with the live count and the latest arrivals.
 */
export class CheckinDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly activities: ActivityService,
  ) {}

  /** The activity's heading, its counts and latest arrivals; 404 for another site's. */
  async summary(operator: Operator, activityId: number): Promise<CheckinDeskSummary> {
    const activity = await this.db
      .selectFrom('activities')
      .select(['id', 'title', 'place', 'start_at', 'end_at'])
      .where('id', '=', activityId)
      .where('site_key', '=', operator.siteKey)
      .executeTakeFirst();
    if (!activity) throw notFound('活动');
    const counts = await this.db
      .selectFrom('activity_applications')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('signed_up'),
        eb.fn.count<number | string>('checked_in_at').as('checked_in'),
      ])
      .where('activity_id', '=', activityId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const recent = await this.db
      .selectFrom('activity_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'u.nickname', 'u.username', 'a.checked_in_at'])
      .where('a.activity_id', '=', activityId)
      .where('a.status', '=', 'active')
      .where('a.checked_in_at', 'is not', null)
      .orderBy('a.checked_in_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(RECENT_ARRIVALS)
      .execute();
    const full = seesPhones(operator);
    return {
      activity: {
        id: activity.id,
        title: activity.title,
        place: activity.place,
        startAt: isoTime(Number(activity.start_at)),
        endAt: isoTime(Number(activity.end_at)),
      },
      signedUp: Number(counts.signed_up),
      checkedIn: Number(counts.checked_in),
      recent: recent.map((row) => ({
        applicationId: row.id,
        nickname: row.nickname,
        phone: full ? row.username : maskPhone(row.username),
        checkedInAt: isoTime(Number(row.checked_in_at)),
      })),
    };
  }

  /**
   * Checks a learner in at the activity's door by their QR's code or their phone number: 404 for
   * an unknown code, 409 for another activity's code or a phone with no application here, then
   * the portal's rules (confirmed, once, before the end). Answers the check-in and the counts.
   */
  async checkin(operator: Operator, body: CheckinDeskBody): Promise<CheckinDeskResult> {
    const { activityId } = body;
    // The activity of this site first (404 otherwise), as the heading shows it.
    await this.summary(operator, activityId);
    const row = body.code
      ? await findApplicationAtDoor(this.db, operator.siteKey, { code: body.code })
      : await findApplicationAtDoor(this.db, operator.siteKey, {
          activityId,
          phone: body.phone ?? '',
        });
    if (!row) {
      if (body.code) throw new AppError(ErrorCode.notFound, ActivityMessages.checkinUnknown);
      throw conflict(CheckinDeskMessages.notApplied);
    }
    if (row.activity_id !== activityId) {
      throw conflict(CheckinDeskMessages.otherActivity(row.activity_title));
    }
    const checkin = await this.activities.checkInAtDoor(operator.siteKey, row);
    return { checkin, summary: await this.summary(operator, activityId) };
  }
}
