import type { Kysely } from 'kysely';
import type { Database, NewMessageRow } from '../db/schema.ts';
import { MessageTexts } from '../modules/messages/message-texts.ts';
import { scheduleReminders } from '../modules/messages/reminders.queries.ts';
import { learnersOf, type SeedContext, seededSites } from './support.ts';
import { DAY, HOUR } from './time.ts';

/** How long ago the demo learners registered: the seeded notices of the last weeks are news to them. */
const DEMO_REGISTERED_AGO = 90 * DAY;
/** Messages older than this are seeded as read (the newer ones stay unread). */
const READ_AFTER = 3 * DAY;

type Db = Kysely<Database>;

/**
 * The demo learners' messages, from what the earlier steps signed them up for (no random draws,
 * so no other area's content moves): a signup message per class signup and activity
 * application, a check-in message per check-in, a sent reminder for an activity that already
 * started, and the pending reminders of what is still ahead (the reminder job sends them on
 * time). Each site gets two notices to everyone, linked to its latest 公告; the older one was
 * opened by the first demo learner. Older messages are read, the last days' unread.
 */
export async function seedMessages({ db, now }: SeedContext): Promise<void> {
  const { demo } = await learnersOf(db);
  const ids = demo.map((learner) => learner.id);
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set({ created_at: now - DEMO_REGISTERED_AGO })
    .where('id', 'in', ids)
    .execute();
  const rows = [
    ...(await classMessages(db, ids, now)),
    ...(await activityMessages(db, ids, now)),
  ].map((row) => ({ ...row, read_at: now - row.created_at > READ_AFTER ? now : null }));
  if (rows.length > 0) await db.insertInto('messages').values(rows).execute();
  await seedNotices(db, ids[0], now);
}

type Seeded = Omit<NewMessageRow, 'read_at'> & { created_at: number };

/** Schedules the reminders of a learner's signup for a class or activity, as signing up does. */
function remindersOf(
  db: Db,
  subjectType: 'class' | 'activity',
  subjectId: number,
  signup: { site_key: string; user_id: number; title: string; start_at: number },
  now: number,
) {
  return scheduleReminders(
    db,
    {
      siteKey: signup.site_key,
      userId: signup.user_id,
      subjectType,
      subjectId,
      title: signup.title,
      eventAt: signup.start_at,
    },
    now,
  );
}

async function classMessages(db: Db, ids: number[], now: number): Promise<Seeded[]> {
  const signups = await db
    .selectFrom('class_signups as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select([
      's.id',
      's.user_id',
      's.signed_up_at',
      'c.id as class_id',
      'c.site_key',
      'c.title',
      'c.start_at',
    ])
    .where('s.user_id', 'in', ids)
    .where('s.status', '=', 'active')
    .orderBy('s.id')
    .execute();
  const rows: Seeded[] = [];
  for (const signup of signups) {
    rows.push({
      site_key: signup.site_key,
      user_id: signup.user_id,
      kind: 'signup',
      ...MessageTexts.classSignup(signup.title, signup.start_at),
      dedupe_key: `class.signup:${signup.id}:${signup.signed_up_at}`,
      link_type: 'class',
      link_id: signup.class_id,
      created_at: signup.signed_up_at,
    });
    await remindersOf(db, 'class', signup.class_id, signup, now);
  }
  return rows;
}

async function activityMessages(db: Db, ids: number[], now: number): Promise<Seeded[]> {
  const applications = await db
    .selectFrom('activity_applications as p')
    .innerJoin('activities as a', 'a.id', 'p.activity_id')
    .select([
      'p.id',
      'p.user_id',
      'p.applied_at',
      'p.checked_in_at',
      'a.id as activity_id',
      'a.site_key',
      'a.title',
      'a.place',
      'a.start_at',
    ])
    .where('p.user_id', 'in', ids)
    .where('p.status', '=', 'active')
    .orderBy('p.id')
    .execute();
  const rows: Seeded[] = [];
  for (const application of applications) {
    const about = {
      site_key: application.site_key,
      user_id: application.user_id,
      link_type: 'activity',
      link_id: application.activity_id,
    };
    rows.push({
      ...about,
      kind: 'signup',
      ...MessageTexts.activitySignup(application.title, application.start_at, application.place),
      dedupe_key: `activity.apply:${application.id}:${application.applied_at}`,
      created_at: application.applied_at,
    });
    const hourBefore = application.start_at - HOUR;
    if (hourBefore < now && hourBefore > application.applied_at) {
      const reminder = MessageTexts.reminder({
        subject_type: 'activity',
        subject_title: application.title,
        lead_minutes: 60,
        event_at: application.start_at,
      });
      rows.push({
        ...about,
        kind: 'reminder',
        ...reminder,
        dedupe_key: `seed:reminder:${application.id}`,
        created_at: hourBefore,
      });
    }
    if (application.checked_in_at !== null) {
      rows.push({
        ...about,
        kind: 'checkin',
        ...MessageTexts.activityCheckin(application.title, application.checked_in_at),
        dedupe_key: `activity.checkin:${application.id}`,
        created_at: application.checked_in_at,
      });
    }
    await remindersOf(db, 'activity', application.activity_id, application, now);
  }
  return rows;
}

/** Two notices per site about its latest 公告; the first demo learner opened the older one. */
async function seedNotices(db: Db, reader: number | undefined, now: number) {
  for (const site of await seededSites(db)) {
    const latest = await db
      .selectFrom('articles')
      .select(['id', 'title'])
      .where('site_key', '=', site.key)
      .where('kind', '=', 'notice')
      .where('published', '=', 1)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const notices: NewMessageRow[] = [
      {
        site_key: site.key,
        user_id: null,
        kind: 'notice',
        title: `${site.name}冬季学期课程开始报名`,
        body: `冬季学期的班级和活动已陆续开放报名，名额有限，请在“班级”“活动”中查看并尽早报名。报名成功、签到和开课前的提醒都会发到“我的消息”。`,
        dedupe_key: `seed:notice:${site.key}:term`,
        link_type: null,
        link_id: null,
        created_at: now - 10 * DAY,
        read_at: null,
      },
      {
        site_key: site.key,
        user_id: null,
        kind: 'notice',
        title: latest ? latest.title : `${site.name}系统维护通知`,
        body: latest
          ? `学习网发布了新的公告：「${latest.title}」。点下方链接查看全文。`
          : '学习网将于本周日凌晨进行系统维护，期间可能无法访问，敬请谅解。',
        dedupe_key: `seed:notice:${site.key}:latest`,
        link_type: latest ? 'article' : null,
        link_id: latest?.id ?? null,
        created_at: now - 2 * HOUR,
        read_at: null,
      },
    ];
    const inserted = await db.insertInto('messages').values(notices).returning('id').execute();
    // Ids of one insert follow its rows: the smallest is the older notice.
    const older = Math.min(...inserted.map((row) => Number(row.id)));
    if (reader !== undefined) {
      await db
        .insertInto('message_reads')
        .values({ user_id: reader, message_id: older, read_at: now - 9 * DAY })
        .execute();
    }
  }
}
