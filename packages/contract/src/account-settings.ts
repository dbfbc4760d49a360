import { z } from 'zod';
import { newPasswordSchema } from './account.ts';
import { NICKNAME_MAX, PASSWORD_MAX, PHONE_PATTERN } from './limits.ts';

// Control characters (C0, DEL, C1) and the invisible direction marks that can disguise a name.
const HIDDEN_CHARACTERS = /[\p{Cc}\u200b\u200c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A nickname the learner chooses: 1 to {@link NICKNAME_MAX} visible characters. */
export const nicknameSchema = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(NICKNAME_MAX, `最多 ${NICKNAME_MAX} 个字`)
  .refine((text) => !HIDDEN_CHARACTERS.test(text), '不能包含控制字符或不可见字符');

/** `POST /api/account/profile`: a new nickname. */
export const updateProfileBodySchema = z.object({ nickname: nicknameSchema });

/** `POST /api/account/password`: the old password and the new one. */
export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1, '请输入原密码').max(PASSWORD_MAX, '过长'),
  newPassword: newPasswordSchema,
});

/** One signed-in device: a live login of the learner. */
export const deviceSchema = z.object({
  /** Stays the same while the device's token is refreshed. */
  id: z.string(),
  /** From the browser's User-Agent, e.g. `iPhone · Safari`. */
  description: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this request came from (本机). */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

/** `POST /api/account/devices/sign-out`: the device to sign out. */
export const deviceIdBodySchema = z.object({ id: z.string().min(1, '不能为空').max(64, '过长') });

/** `POST /api/account/delete`: the password again, as the confirmation. */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, '请输入密码以确认注销').max(PASSWORD_MAX, '过长'),
});

/** The identities an account can be signed in with (`GET /api/account/bindings`). */
export const bindingsSchema = z.object({
  /** The bound mobile number, masked (`138****0001`), or null. */
  phone: z.string().nullable(),
  /** True when the phone may be unbound (another way in remains). */
  canUnbind: z.boolean(),
  /** The external identity provider (统一身份认证) and the identity bound at it. */
  external: z.object({
    /** Whether this site has an external identity provider at all. */
    configured: z.boolean(),
    name: z.string(),
    /** The provider's login page (the browser goes there to bind), or null. */
    loginUrl: z.string().nullable(),
    bound: z.boolean(),
    /** The name the provider shows for the bound person, or null. */
    displayName: z.string().nullable(),
    /** When it was bound (ISO), or null. */
    boundAt: z.string().nullable(),
    /** True when it may be unbound (the phone remains a way in). */
    canUnbind: z.boolean(),
  }),
});
export type Bindings = z.infer<typeof bindingsSchema>;

export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, '请输入 11 位手机号');
export const phoneCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位数字验证码');
export const CODE_PURPOSES = ['bind', 'unbind'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** `POST /api/account/phone/code`: send a code to a new phone (bind) or the bound one (unbind). */
export const sendCodeBodySchema = z.object({
  purpose: z.enum(CODE_PURPOSES, '只能是 bind 或 unbind'),
  phone: phoneSchema.optional(),
});
/** When the next code may be asked for, in seconds. */
export const sendCodeResultSchema = z.object({ resendAfterSeconds: z.number().int() });

/** `POST /api/account/phone/bind`: bind or change to `phone` with its code. */
export const bindPhoneBodySchema = z.object({ phone: phoneSchema, code: phoneCodeSchema });
/** `POST /api/account/phone/unbind`: the code sent to the bound phone. */
export const unbindPhoneBodySchema = z.object({ code: phoneCodeSchema });

/** `POST /api/account/identity/bind`: the provider's one-time ticket from its login page. */
export const bindIdentityBodySchema = z.object({
  ticket: z.string().trim().min(1, '不能为空').max(200, '过长'),
});
export type BindIdentityBody = z.infer<typeof bindIdentityBodySchema>;
