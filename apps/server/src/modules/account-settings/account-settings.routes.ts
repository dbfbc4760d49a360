import {
  AVATAR_MAX_BYTES,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  deviceIdBodySchema,
  deviceListSchema,
  updateProfileBodySchema,
  userInfoSchema,
} from '@portal/contract';
import { z } from 'zod';
import { withMultipart } from '../../http/multipart.ts';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { UploadStore, uploadsDir } from '../../platform/upload-store.ts';
import { AccountSettingsService, AVATAR_INCOMING_AREA } from './account-settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accountSettings: AccountSettingsService;
  }
}

/** The learner's own account: profile, avatar, password, devices and deletion (注销). */
export const accountSettingsModule = portalModule({
  name: 'accountSettings',
  tag: 'account',
  create: (app) =>
    new AccountSettingsService(
      app.database.db,
      app.counters,
      new UploadStore(app.files, uploadsDir(app.config)),
      { files: app.files, folder: 'files/avatars/' },
      {
        cancelClass: (siteKey, userId, id) => app.classes.cancel(siteKey, userId, id),
        cancelActivity: (siteKey, userId, id) => app.activities.cancel(siteKey, userId, id),
      },
      app.accounts.sessions,
      app.clock,
    ),
  routes(api, settings) {
    api.post('/api/account/profile', {
      operationId: 'updateProfile',
      summary: '修改昵称',
      description: '修改当前学员的昵称（需登录）。',
      login: 'required',
      limit: RateLimits.accountSettings,
      body: updateProfileBodySchema,
      response: userInfoSchema,
      handle: ({ learner, body }) => settings.rename(learner, body.nickname),
    });
    api.post('/api/account/avatar', {
      operationId: 'uploadAvatar',
      summary: '上传头像',
      description:
        '上传头像（需登录；multipart，字段 file）：按内容识别 JPG/PNG/WebP，服务器裁成正方形。',
      login: 'required',
      limit: RateLimits.uploads,
      response: userInfoSchema,
      handle: ({ learner, request }) =>
        withMultipart(
          request,
          {
            fields: z.object({}),
            notMultipart: '请以 multipart/form-data 上传头像',
            fileField: 'file',
            strayFile: '头像：请以 file 字段上传',
            maxFiles: 1,
            receive: (stream, name) =>
              settings.uploads.receive(AVATAR_INCOMING_AREA, stream, name, AVATAR_MAX_BYTES),
            discard: (files) => settings.uploads.discard(files),
          },
          ({ files }) => settings.changeAvatar(learner, files),
        ),
    });
    api.post('/api/account/password', {
      operationId: 'changePassword',
      summary: '修改密码',
      description: '用原密码修改密码（需登录）：其他设备随之退出登录，本机保持登录。',
      login: 'required',
      limit: RateLimits.accountSettings,
      body: changePasswordBodySchema,
      response: z.null(),
      handle: async ({ learner, body }) => {
        await settings.changePassword(learner, body.oldPassword, body.newPassword);
        return null;
      },
    });
    api.get('/api/account/devices', {
      operationId: 'listDevices',
      summary: '已登录的设备',
      description: '当前账号已登录的设备及最近使用时间，标出本机（需登录）。',
      login: 'required',
      response: deviceListSchema,
      handle: ({ learner }) => settings.devices(learner),
    });
    api.post('/api/account/devices/sign-out', {
      operationId: 'signOutDevice',
      summary: '让一台设备退出',
      description: '让一台已登录的设备退出登录，其登录凭证随之失效（需登录）。',
      login: 'required',
      limit: RateLimits.accountSettings,
      body: deviceIdBodySchema,
      response: z.null(),
      handle: async ({ learner, body }) => {
        await settings.signOutDevice(learner, body.id);
        return null;
      },
    });
    api.post('/api/account/devices/sign-out-others', {
      operationId: 'signOutOtherDevices',
      summary: '让其他设备退出',
      description: '让本机以外的所有设备退出登录（需登录）。',
      login: 'required',
      limit: RateLimits.accountSettings,
      response: z.null(),
      handle: async ({ learner }) => {
        await settings.signOutOthers(learner);
        return null;
      },
    });
    api.post('/api/account/delete', {
      operationId: 'deleteAccount',
      summary: '注销账号',
      description: '注销当前账号（需登录，输入密码确认）：个人信息删除或匿名化，登录凭证全部失效。',
      login: 'required',
      limit: RateLimits.accountDelete,
      body: deleteAccountBodySchema,
      response: z.null(),
      handle: async ({ learner, body }) => {
        await settings.deleteAccount(learner, body.password);
        return null;
      },
    });
  },
});
