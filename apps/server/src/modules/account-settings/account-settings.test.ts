import fs from 'node:fs';
import path from 'node:path';
import type { Device, UserInfo } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  getAs,
  loginFrom,
  postAs,
  registerLearner,
  TEST_PASSWORD,
} from '../../testing/account-factory.ts';
import { multipart } from '../../testing/activity-factory.ts';
import { BASIC_FORM, createClass, seatsOf, windows } from '../../testing/class-factory.ts';
import { body, describeEachEngine, ssoTicket } from '../../testing/test-app.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2219A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40';

function avatarsDir(app: FastifyInstance) {
  return path.join(app.config.dataDir, 'files', 'avatars');
}

function uploadAvatar(app: FastifyInstance, token: string, content: Buffer, name = 'me.png') {
  const { payload, headers } = multipart({}, [{ field: 'file', name, type: 'image/png', content }]);
  return app.inject({
    method: 'POST',
    url: '/api/account/avatar',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

async function userRow(app: FastifyInstance, id: number) {
  return app.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describeEachEngine('account settings API', (ctx) => {
  describe('POST /api/account/profile', () => {
    it('renames the learner; /me shows the new nickname', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const answer = await postAs<UserInfo>(app, learner.token, '/api/account/profile', {
        nickname: '  张阿姨 ',
      });
      expect(answer).toMatchObject({ code: 0, data: { nickname: '张阿姨' } });
      const me = await getAs<UserInfo>(app, learner.token, '/api/account/me');
      expect(me.data.nickname).toBe('张阿姨');
    });

    it('refuses an empty, a too long or a control-character nickname, naming 昵称, and keeps the old one', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const before = (await userRow(app, learner.id)).nickname;
      const cases: [string, string][] = [
        ['   ', '昵称：不能为空'],
        ['一'.repeat(21), '昵称：最多 20 个字'],
        ['王\u0007秀兰', '昵称：不能包含控制字符或不可见字符'],
        ['王\u202e秀兰', '昵称：不能包含控制字符或不可见字符'],
      ];
      for (const [nickname, message] of cases) {
        const answer = await postAs(app, learner.token, '/api/account/profile', { nickname });
        expect(answer).toEqual({ code: 400, message, data: null });
      }
      expect((await userRow(app, learner.id)).nickname).toBe(before);
    });

    it('answers 301 to a visitor', async () => {
      const { app } = ctx();
      const answer = await postAs(app, null, '/api/account/profile', { nickname: '访客' });
      expect(answer.code).toBe(301);
    });
  });

  describe('POST /api/account/avatar', () => {
    it('keeps a square 256 px copy under a fresh name, served publicly, and removes the old file', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const first = body<UserInfo>(await uploadAvatar(app, learner.token, await photo(400, 300)));
      expect(first.code).toBe(0);
      expect(first.data.avatar).toMatch(/^\/files\/avatars\/[A-Za-z0-9_-]{22}\.webp$/);
      const served = await app.inject({ url: first.data.avatar ?? '' });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

      const second = body<UserInfo>(await uploadAvatar(app, learner.token, await photo(300, 500)));
      expect(second.data.avatar).not.toBe(first.data.avatar);
      const firstFile = path.join(avatarsDir(app), path.basename(first.data.avatar ?? ''));
      expect(fs.existsSync(firstFile)).toBe(false);
      expect((await userRow(app, learner.id)).avatar).toBe(second.data.avatar);
    });

    it('keeps exactly one file when two uploads race, the one the account shows', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const filesBefore = fs.existsSync(avatarsDir(app))
        ? fs.readdirSync(avatarsDir(app)).length
        : 0;
      const [a, b] = await Promise.all([
        uploadAvatar(app, learner.token, await photo(200, 200)),
        uploadAvatar(app, learner.token, await photo(300, 300)),
      ]);
      const codes = [body(a).code, body(b).code];
      expect(codes.every((code) => code === 0 || code === 409)).toBe(true);
      expect(codes).toContain(0);
      const shown = (await userRow(app, learner.id)).avatar ?? '';
      expect(fs.readdirSync(avatarsDir(app)).length).toBe(filesBefore + 1);
      expect(fs.existsSync(path.join(avatarsDir(app), path.basename(shown)))).toBe(true);
    });

    it('refuses an executable renamed .png, a broken image and a file over 5 MB; nothing is kept', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000)]);
      const broken = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(500, 7),
      ]);
      const huge = Buffer.concat([await photo(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const answers = [
        body(await uploadAvatar(app, learner.token, exe, 'photo.png')),
        body(await uploadAvatar(app, learner.token, broken)),
        body(await uploadAvatar(app, learner.token, huge)),
      ];
      expect(answers).toEqual([
        { code: 400, message: '头像：只能上传 JPG、PNG 或 WebP 图片', data: null },
        { code: 400, message: '头像：图片已损坏或无法识别，请换一张', data: null },
        { code: 400, message: '头像：图片不能超过 5 MB', data: null },
      ]);
      expect((await userRow(app, learner.id)).avatar).toBeNull();
      const kept = fs.existsSync(avatarsDir(app)) ? fs.readdirSync(avatarsDir(app)) : [];
      const mine = kept.filter((name) => name.endsWith('.webp'));
      const incoming = path.join(app.config.dataDir, 'uploads', 'avatar-incoming');
      expect(fs.readdirSync(incoming)).toEqual([]);
      // Other tests' avatars may be there; none was added by these refusals.
      const avatarsInDb = await app.database.db
        .selectFrom('users')
        .select('avatar')
        .where('avatar', 'is not', null)
        .execute();
      expect(mine.length).toBe(avatarsInDb.length);
    });
  });

  describe('POST /api/account/password', () => {
    it('refuses a wrong old password and changes nothing', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const other = await loginFrom(app, learner.phone, ANDROID_WECHAT);
      const answer = await postAs(app, learner.token, '/api/account/password', {
        oldPassword: 'Wrong2026x',
        newPassword: 'Fresh2026y',
      });
      expect(answer).toEqual({ code: 400, message: '原密码不正确', data: null });
      expect((await getAs(app, other, '/api/account/me')).code).toBe(0);
      await expect(ssoTicket(app, learner.phone, TEST_PASSWORD)).resolves.toBeTruthy();
    });

    it('holds the new password to the registration rules, naming 新密码', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      for (const [newPassword, message] of [
        ['abcdefgh', '新密码：需同时包含字母和数字'],
        ['a1', '新密码：至少 8 位'],
        [TEST_PASSWORD, '新密码：不能与原密码相同'],
      ]) {
        const answer = await postAs(app, learner.token, '/api/account/password', {
          oldPassword: TEST_PASSWORD,
          newPassword,
        });
        expect(answer).toEqual({ code: 400, message, data: null });
      }
      const missing = await postAs(app, learner.token, '/api/account/password', {
        newPassword: 'Fresh2026y',
      });
      expect(missing).toEqual({ code: 400, message: '缺少原密码', data: null });
    });

    it('changes it, signs every other device out and keeps this one', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const other = await loginFrom(app, learner.phone, ANDROID_WECHAT);
      const answer = await postAs(app, learner.token, '/api/account/password', {
        oldPassword: TEST_PASSWORD,
        newPassword: 'Fresh2026y',
      });
      expect(answer).toEqual({ code: 0, message: '', data: null });
      expect(await getAs(app, other, '/api/account/me')).toEqual({
        code: 301,
        message: '未登录或登录已过期',
        data: null,
      });
      expect((await getAs(app, learner.token, '/api/account/me')).code).toBe(0);
      await expect(ssoTicket(app, learner.phone, 'Fresh2026y')).resolves.toBeTruthy();
      await expect(ssoTicket(app, learner.phone, TEST_PASSWORD)).rejects.toThrow();
    });

    it('pauses after five wrong old passwords', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const wrong = { oldPassword: 'Wrong2026x', newPassword: 'Fresh2026y' };
      for (let i = 0; i < 5; i += 1) {
        expect((await postAs(app, learner.token, '/api/account/password', wrong)).code).toBe(400);
      }
      const right = { oldPassword: TEST_PASSWORD, newPassword: 'Fresh2026y' };
      expect(await postAs(app, learner.token, '/api/account/password', right)).toEqual({
        code: 429,
        message: '密码错误次数过多，请 15 分钟后再试',
        data: null,
      });
    });
  });

  describe('signed-in devices', () => {
    it('lists each device once with its description, marks this one, and keeps a device through a refresh', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const phone = await loginFrom(app, learner.phone, IPHONE);
      await loginFrom(app, learner.phone, ANDROID_WECHAT);
      const list = await getAs<Device[]>(app, phone, '/api/account/devices');
      expect(list.data).toHaveLength(3);
      const current = list.data.filter((device) => device.current);
      expect(current).toHaveLength(1);
      expect(current[0]?.description).toBe('iPhone · Safari');
      expect(list.data.map((device) => device.description)).toContain('Android 手机 · 微信');

      const refreshed = await app.inject({
        url: '/api/account/refresh-token',
        headers: bearer(phone, IPHONE),
      });
      const fresh = body<string>(refreshed).data;
      const after = await getAs<Device[]>(app, fresh, '/api/account/devices');
      expect(after.data).toHaveLength(3);
      expect(after.data.find((device) => device.current)?.id).toBe(current[0]?.id);
    });

    it('signs one device out: its token answers 301, the others stay', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const android = await loginFrom(app, learner.phone, ANDROID_WECHAT);
      const list = await getAs<Device[]>(app, learner.token, '/api/account/devices');
      const target = list.data.find((device) => device.description === 'Android 手机 · 微信');
      const answer = await postAs(app, learner.token, '/api/account/devices/sign-out', {
        id: target?.id,
      });
      expect(answer.code).toBe(0);
      expect((await getAs(app, android, '/api/account/me')).code).toBe(301);
      expect((await getAs(app, learner.token, '/api/account/me')).code).toBe(0);
      const again = await getAs<Device[]>(app, learner.token, '/api/account/devices');
      expect(again.data.map((device) => device.id)).not.toContain(target?.id);
    });

    it("answers 404 for another learner's device and signs nothing out", async () => {
      const { app } = ctx();
      const owner = await registerLearner(app);
      const stranger = await registerLearner(app);
      const [device] = (await getAs<Device[]>(app, owner.token, '/api/account/devices')).data;
      const answer = await postAs(app, stranger.token, '/api/account/devices/sign-out', {
        id: device?.id,
      });
      expect(answer).toEqual({ code: 404, message: '设备不存在', data: null });
      expect((await getAs(app, owner.token, '/api/account/me')).code).toBe(0);
      const missing = await postAs(app, stranger.token, '/api/account/devices/sign-out', {});
      expect(missing).toMatchObject({ code: 400, message: expect.stringMatching(/设备/) });
    });

    it('signs out every device but this one', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const others = [
        await loginFrom(app, learner.phone, IPHONE),
        await loginFrom(app, learner.phone, ANDROID_WECHAT),
      ];
      const answer = await postAs(app, learner.token, '/api/account/devices/sign-out-others');
      expect(answer.code).toBe(0);
      for (const token of others)
        expect((await getAs(app, token, '/api/account/me')).code).toBe(301);
      const list = await getAs<Device[]>(app, learner.token, '/api/account/devices');
      expect(list.data).toEqual([expect.objectContaining({ current: true })]);
    });

    it('answers 301 to a visitor', async () => {
      const { app } = ctx();
      expect((await getAs(app, null, '/api/account/devices')).code).toBe(301);
      expect((await postAs(app, null, '/api/account/devices/sign-out-others')).code).toBe(301);
    });
  });

  describe('POST /api/account/delete', () => {
    it('refuses a wrong password and changes nothing', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const answer = await postAs(app, learner.token, '/api/account/delete', {
        password: 'Wrong2026x',
      });
      expect(answer).toEqual({ code: 400, message: '密码不正确，账号未注销', data: null });
      expect((await userRow(app, learner.id)).deleted_at).toBeNull();
      expect((await getAs(app, learner.token, '/api/account/me')).code).toBe(0);
    });

    it('anonymises the account, erases personal data, keeps learning time, revokes every token and frees the phone', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const other = await loginFrom(app, learner.phone, IPHONE);
      const avatar = body<UserInfo>(await uploadAvatar(app, learner.token, await photo(64, 64)));
      const db = app.database.db;
      const now = Date.now();
      await db
        .insertInto('favourites')
        .values({
          user_id: learner.id,
          content_type: 'course',
          content_id: 1,
          site_key: 'jingan',
          created_at: now,
        })
        .execute();
      await db
        .insertInto('history')
        .values({
          user_id: learner.id,
          content_type: 'course',
          content_id: 1,
          site_key: 'jingan',
          viewed_at: now,
        })
        .execute();
      await db
        .insertInto('learning_days')
        .values({ user_id: learner.id, day: '2026-11-20', seconds: 600, updated_at: now })
        .execute();
      await db
        .insertInto('messages')
        .values({
          site_key: 'jingan',
          user_id: learner.id,
          kind: 'signup',
          title: '报名成功',
          body: '个人消息',
          dedupe_key: 'erase-test',
          link_type: null,
          link_id: null,
          created_at: now,
          read_at: null,
        })
        .execute();

      const answer = await postAs(app, learner.token, '/api/account/delete', {
        password: TEST_PASSWORD,
      });
      expect(answer).toEqual({ code: 0, message: '', data: null });

      const row = await userRow(app, learner.id);
      expect(row).toMatchObject({ nickname: '已注销用户', avatar: null });
      expect(row.deleted_at).not.toBeNull();
      expect(row.username).not.toContain(learner.phone);
      expect(row.password_hash).not.toMatch(/^scrypt/);
      for (const table of ['favourites', 'history', 'sessions', 'messages'] as const) {
        const left = await db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', learner.id)
          .execute();
        expect(left).toEqual([]);
      }
      const days = await db
        .selectFrom('learning_days')
        .selectAll()
        .where('user_id', '=', learner.id)
        .execute();
      expect(days.map((day) => Number(day.seconds))).toEqual([600]);
      const avatarFile = path.join(avatarsDir(app), path.basename(avatar.data.avatar ?? ''));
      expect(fs.existsSync(avatarFile)).toBe(false);

      for (const token of [learner.token, other]) {
        expect((await getAs(app, token, '/api/account/me')).code).toBe(301);
      }
      await expect(ssoTicket(app, learner.phone, TEST_PASSWORD)).rejects.toThrow();
      // The number is free: someone can register it again.
      await expect(
        app.accounts.register({ username: learner.phone, password: TEST_PASSWORD }),
      ).resolves.toBeGreaterThan(learner.id);
    });

    it('frees the seat of an open class signup and blanks the answers of a closed one', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const db = app.database.db;
      const open = await createClass(db);
      const closed = await createClass(db, { ...windows.closed(), seats_taken: 1 });
      const signed = await postAs(app, learner.token, '/api/classes/signup', {
        classId: open,
        form: BASIC_FORM,
      });
      expect(signed.code).toBe(0);
      const now = Date.now();
      await db
        .insertInto('class_signups')
        .values({
          class_id: closed,
          user_id: learner.id,
          form: JSON.stringify(BASIC_FORM),
          status: 'active',
          signed_up_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();

      await postAs(app, learner.token, '/api/account/delete', { password: TEST_PASSWORD });

      expect((await seatsOf(db, open)).seatsTaken).toBe(0);
      expect((await seatsOf(db, closed)).seatsTaken).toBe(1);
      const signups = await db
        .selectFrom('class_signups')
        .select(['class_id', 'status', 'form'])
        .where('user_id', '=', learner.id)
        .orderBy('class_id')
        .execute();
      expect(signups).toEqual([
        { class_id: open, status: 'cancelled', form: '{}' },
        { class_id: closed, status: 'active', form: '{}' },
      ]);
    });

    it('deletes once: a second deletion, even at the same moment, is refused with a clear message', async () => {
      const { app } = ctx();
      const learner = await registerLearner(app);
      const user = await app.accounts.authenticate(learner.token);
      if (!user) throw new Error('not logged in');
      const results = await Promise.allSettled([
        app.accountSettings.deleteAccount(user, TEST_PASSWORD),
        app.accountSettings.deleteAccount(user, TEST_PASSWORD),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
        code: 409,
        message: '该账号已注销',
      });
      const again = await postAs(app, learner.token, '/api/account/delete', {
        password: TEST_PASSWORD,
      });
      expect(again).toEqual({ code: 301, message: '未登录或登录已过期', data: null });
    });
  });
});
