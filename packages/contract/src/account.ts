import { z } from 'zod';
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './limits.ts';
import { profileShape } from './parts.ts';

/** The learner's public profile, stored by the web app under `userInfo`. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  ...profileShape(),
  /** Masked mobile number, e.g. `138****0001`. */
  phone: z.string(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `POST /api/account/login`: exchange a one-time ticket from the account center. */
export const loginBodySchema = z.object({
  ticket: z.string().min(1, '不能为空').max(200, '过长'),
  /**
   * Who signs in: the portal (a learner, who joins the site's learners, or is refused when
   * stopped there) or the operators' console (its staff do not become learners by working).
   */
  app: z.enum(['portal', 'console'], { error: '请指明登录的应用' }).default('portal'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  userInfo: userInfoSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** `GET /api/account/refresh-token`: the new token, or null when there is no valid one. */
export const refreshTokenResultSchema = z.string().nullable();

export const usernameSchema = z
  .string()
  .trim()
  .max(64, '过长')
  .regex(USERNAME_PATTERN, '请输入 11 位手机号');

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `至少 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `最多 ${PASSWORD_MAX} 位`);

/** A password being set (registration, password change): the length rules plus letters and digits. */
export const newPasswordSchema = passwordSchema.regex(
  /(?=.*[A-Za-z])(?=.*\d)/,
  '需同时包含字母和数字',
);

/** Account-center login form. */
export const ssoLoginFormSchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64, '过长'),
  password: z.string().min(1, '请输入密码').max(PASSWORD_MAX, '过长'),
  callback: z.string().max(2000, '过长').optional(),
});

/** Account-center register form. */
export const ssoRegisterFormSchema = z
  .object({
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX, '过长'),
    nickname: z.string().trim().max(NICKNAME_MAX, `最多 ${NICKNAME_MAX} 个字`).optional(),
    callback: z.string().max(2000, '过长').optional(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: '两次输入的密码不一致',
    path: ['confirmPassword'],
  });

/** `GET /api/sso/validate?ticket=`: the account center redeeming its ticket for a trusting portal. */
export const validateTicketQuerySchema = z.object({
  ticket: z.string().trim().min(1, '不能为空').max(200, '过长'),
});

/** The person behind a redeemed ticket: a stable id and the name to show. */
export const validatedIdentitySchema = z.object({
  subject: z.string(),
  name: z.string().nullable(),
});
