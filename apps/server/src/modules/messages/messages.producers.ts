import type { ConfirmedVia, MessageLinkType, ParticipantKind } from '@portal/contract';
import { PARTICIPANT_KIND_NAMES } from '@portal/contract/constants';
import {
  numberOf,
  type SideEffect,
  type SideEffects,
  textOf,
} from '../../platform/side-effects.ts';
import { MessageTexts } from './message-texts.ts';
import { insertMessage } from './messages.queries.ts';
import { cancelReminders, type ReminderSubject, scheduleReminders } from './reminders.queries.ts';

/** The side effects that put a learner's event on the calendar, and what they are about. */
const SCHEDULING: ReadonlyArray<[kind: string, subject: ReminderSubject, idKey: string]> = [
  ['class.signup', 'class', 'classId'],
  ['activity.apply', 'activity', 'activityId'],
  ['live.reserve', 'live', 'sessionId'],
];

/** The side effects that take it off again. */
const CANCELLING: ReadonlyArray<[kind: string, subject: ReminderSubject, idKey: string]> = [
  ['class.cancel', 'class', 'classId'],
  ['activity.cancel', 'activity', 'activityId'],
  ['live.unreserve', 'live', 'sessionId'],
];

/**
 * Subscribes the message producers to the services' side effects, so that each message and
 * reminder is written in the transaction of what it reports (a rolled-back signup leaves none):
 * signup results and check-ins become messages at once; signups and reservations schedule
 * their day-ahead and hour-ahead reminders (sent by the {@link ReminderJob}), cancels cancel
 * them. `effect.key` plus the occurrence time keys each message, so a retry writes one.
 */
export function subscribeMessageProducers(effects: SideEffects, now: () => number): void {
  for (const [kind, subjectType, idKey] of SCHEDULING) {
    effects.on(kind, (trx, effect) =>
      scheduleReminders(
        trx,
        {
          siteKey: effect.siteKey,
          userId: effect.learnerId,
          subjectType,
          subjectId: numberOf(effect, idKey),
          title: textOf(effect, 'title'),
          eventAt: numberOf(effect, 'startAt'),
        },
        now(),
      ),
    );
  }
  for (const [kind, subjectType, idKey] of CANCELLING) {
    effects.on(kind, async (trx, effect) => {
      await cancelReminders(trx, effect.learnerId, subjectType, numberOf(effect, idKey), now());
    });
  }

  effects.on('class.signup', async (trx, effect) => {
    const classId = numberOf(effect, 'classId');
    await insertMessage(trx, {
      site_key: effect.siteKey,
      user_id: effect.learnerId,
      kind: 'signup',
      ...MessageTexts.classSignup(
        textOf(effect, 'title'),
        numberOf(effect, 'startAt'),
        viaOf(effect),
      ),
      dedupe_key: `${effect.key}:${numberOf(effect, 'at')}`,
      link_type: 'class',
      link_id: classId,
      created_at: numberOf(effect, 'at'),
      read_at: null,
    });
  });
  effects.on('activity.apply', async (trx, effect) => {
    const text = MessageTexts.activitySignup(
      textOf(effect, 'title'),
      numberOf(effect, 'startAt'),
      textOf(effect, 'place'),
      viaOf(effect),
    );
    await insertMessage(trx, {
      site_key: effect.siteKey,
      user_id: effect.learnerId,
      kind: 'signup',
      ...text,
      dedupe_key: `${effect.key}:${numberOf(effect, 'at')}`,
      link_type: 'activity',
      link_id: numberOf(effect, 'activityId'),
      created_at: numberOf(effect, 'at'),
      read_at: null,
    });
  });
  effects.on('activity.checkin', async (trx, effect) => {
    const at = numberOf(effect, 'at');
    await insertMessage(trx, {
      site_key: effect.siteKey,
      user_id: effect.learnerId,
      kind: 'checkin',
      ...MessageTexts.activityCheckin(textOf(effect, 'title'), at),
      dedupe_key: effect.key,
      link_type: 'activity',
      link_id: numberOf(effect, 'activityId'),
      created_at: at,
      read_at: null,
    });
  });
  // Where a sign-up of a class or activity stands: waiting for review, in line, or refused.
  for (const status of ['pending', 'waiting', 'rejected'] as const) {
    effects.on(`signup.${status}`, async (trx, effect) => {
      const subject = textOf(effect, 'subject') as 'class' | 'activity';
      const kindName = PARTICIPANT_KIND_NAMES[subject];
      const title = textOf(effect, 'title');
      const text =
        status === 'pending'
          ? MessageTexts.signupPending(kindName, title, viaOf(effect))
          : status === 'waiting'
            ? MessageTexts.signupWaiting(kindName, title, numberOf(effect, 'place'))
            : MessageTexts.signupRejected(kindName, title, textOf(effect, 'reason'));
      await insertMessage(trx, {
        site_key: effect.siteKey,
        user_id: effect.learnerId,
        kind: 'signup',
        ...text,
        dedupe_key: effect.key,
        link_type: subject,
        link_id: numberOf(effect, 'subjectId'),
        created_at: numberOf(effect, 'at'),
        read_at: null,
      });
    });
  }
  effects.on('participant.cancel', async (trx, effect) => {
    const subject = textOf(effect, 'subject') as ParticipantKind;
    const at = numberOf(effect, 'at');
    const linked = LINKED_SUBJECTS[subject];
    await insertMessage(trx, {
      site_key: effect.siteKey,
      user_id: effect.learnerId,
      kind: 'signup',
      ...MessageTexts.cancelledByStaff(
        PARTICIPANT_KIND_NAMES[subject] ?? '报名',
        textOf(effect, 'title'),
        textOf(effect, 'reason'),
      ),
      dedupe_key: effect.key,
      link_type: linked ?? null,
      link_id: linked ? numberOf(effect, 'subjectId') : null,
      created_at: at,
      read_at: null,
    });
  });
}

/** How a confirmed seat was reached (accepted, promoted), or null for a plain signup. */
function viaOf(effect: SideEffect): ConfirmedVia | null {
  const via = textOf(effect, 'via');
  return via === 'review' || via === 'waiting' ? via : null;
}

/** The message's link of a cancelled sign-up: to the class, activity or live session. */
const LINKED_SUBJECTS: Partial<Record<ParticipantKind, MessageLinkType>> = {
  class: 'class',
  activity: 'activity',
  live: 'live',
};
