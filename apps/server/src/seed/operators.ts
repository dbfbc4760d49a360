import type { OperatorRole } from '@portal/contract/constants';
import { DEMO_ORGANISER_STAFF } from './activities.ts';
import { DEMO_DELIVERY_STAFF } from './delivery.ts';
import { demoAccount, type SeedContext } from './support.ts';

/**
 * The demo operators of the console (password `Demo@2026`, listed in the README): one per role
 * on 静安, an editor and a reviewer on 徐汇 (for the other-site refusals), and the 超级管理员.
 */
export const DEMO_OPERATORS: ReadonlyArray<{
  username: string;
  nickname: string;
  roles: ReadonlyArray<{ site: string | null; role: OperatorRole }>;
}> = [
  { username: '13800000010', nickname: '平台管理员', roles: [{ site: null, role: 'super_admin' }] },
  {
    username: '13800000011',
    nickname: '静安站点管理员',
    roles: [{ site: 'jingan', role: 'site_admin' }],
  },
  {
    username: '13800000012',
    nickname: '静安编辑小陈',
    roles: [{ site: 'jingan', role: 'editor' }],
  },
  {
    username: '13800000013',
    nickname: '静安审核员老周',
    roles: [{ site: 'jingan', role: 'reviewer' }],
  },
  { username: '13800000014', nickname: '徐汇编辑小李', roles: [{ site: 'xuhui', role: 'editor' }] },
  {
    username: '13800000015',
    nickname: '徐汇审核员老吴',
    roles: [{ site: 'xuhui', role: 'reviewer' }],
  },
];

/**
 * Seeds the demo operators and their roles (no random draws, so no other area moves), and gives
 * the check-in and delivery staff accounts their console roles on every site.
 */
export async function seedOperators({ db, now }: SeedContext): Promise<void> {
  const sites = await db.selectFrom('sites').select('key').orderBy('sort').execute();
  for (const [username, role] of [
    [DEMO_ORGANISER_STAFF.username, 'checkin'],
    [DEMO_DELIVERY_STAFF.username, 'delivery'],
  ] as const) {
    const staff = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('operator_roles')
      .values(
        sites.map((site) => ({
          user_id: staff.id,
          site_key: site.key,
          role,
          granted_at: now,
          granted_by: null,
        })),
      )
      .execute();
  }
  for (const operator of DEMO_OPERATORS) {
    const user = await db
      .insertInto('users')
      .values(await demoAccount({ username: operator.username, nickname: operator.nickname }, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('operator_roles')
      .values(
        operator.roles.map(({ site, role }) => ({
          user_id: user.id,
          site_key: site,
          role,
          granted_at: now,
          granted_by: null,
        })),
      )
      .execute();
  }
}

/** The content tables the console reviews before publication (`ReviewColumns`). */
const REVIEWED_TABLES = [
  'articles',
  'courses',
  'classes',
  'activities',
  'live_sessions',
  'ebooks',
  'topics',
] as const;

/** The reviewed tables whose first publication the seed does not write itself. */
const FIRST_PUBLISHED_TABLES = [
  'classes',
  'activities',
  'live_sessions',
  'ebooks',
  'topics',
  'map_places',
  'walks',
  'delivery_resources',
  'base_programmes',
] as const;
/** The reviewed tables whose rows the seed stamps with their own last change. */
const STAMPED_TABLES = ['map_places', 'walks', 'delivery_resources'] as const;

/**
 * The review state of the seeded content, as the migration that added it gave the rows it found:
 * what learners see is 已发布, the rest 已下线 (taken down), and its last change its creation.
 */
export async function settleReviewState({ db }: SeedContext): Promise<void> {
  for (const table of REVIEWED_TABLES) {
    await db
      .updateTable(table)
      .set((eb) => ({
        status: eb
          .case()
          .when('published', '=', 1)
          .then('published' as const)
          .else('offline' as const)
          .end(),
        updated_at: eb.ref('created_at'),
      }))
      .where('updated_at', '=', 0)
      .execute();
  }
  for (const table of STAMPED_TABLES) {
    await db
      .updateTable(table)
      .set({ status: 'offline' })
      .where('published', '=', 0)
      .where('status', '=', 'published')
      .execute();
  }
  for (const table of FIRST_PUBLISHED_TABLES) {
    await db
      .updateTable(table)
      .set((eb) => ({ published_at: eb.ref('created_at') }))
      .where('published', '=', 1)
      .where('published_at', 'is', null)
      .execute();
  }
}
