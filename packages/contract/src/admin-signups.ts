import { z } from 'zod';
import {
  SIGNUP_FIELD_LABEL_MAX,
  SIGNUP_FIELD_OPTION_MAX,
  SIGNUP_FIELD_OPTIONS_MAX,
  SIGNUP_FIELDS_MAX,
} from './admin-values.ts';
import { SIGNUP_FIELD_KINDS } from './signup-form.ts';

/*
 * What the console's forms of things learners sign up for (classes, activities) share: the
 * sign-up form an operator builds from the field kinds the portal renders, and the four times of
 * the sign-up window and the event. Each rule names the field it refuses.
 */

/** One field of a sign-up form as an operator builds it. */
export const adminSignupFieldSchema = z
  .object({
    /** The answer's key in a learner's form: kept when the field is renamed. */
    key: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,31}$/, '字段标识只能是小写字母开头的字母、数字和下划线'),
    label: z
      .string()
      .trim()
      .min(1, '字段名称不能为空')
      .max(SIGNUP_FIELD_LABEL_MAX, `字段名称最多 ${SIGNUP_FIELD_LABEL_MAX} 个字`),
    kind: z.enum(SIGNUP_FIELD_KINDS, { error: '请选择文本、手机号、数字、单选或多选' }),
    required: z.boolean().default(false),
    /** The answers of a 单选 or 多选 field, in the order shown. */
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, '选项不能为空')
          .max(SIGNUP_FIELD_OPTION_MAX, `每个选项最多 ${SIGNUP_FIELD_OPTION_MAX} 个字`),
      )
      .max(SIGNUP_FIELD_OPTIONS_MAX, `最多 ${SIGNUP_FIELD_OPTIONS_MAX} 个选项`)
      .optional(),
  })
  .superRefine((field, context) => {
    const choosing = field.kind === 'choice' || field.kind === 'multi';
    const options = field.options ?? [];
    if (choosing && options.length < 2) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: `“${field.label}”至少要有两个选项`,
      });
    } else if (choosing && new Set(options).size !== options.length) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: `“${field.label}”有重复的选项`,
      });
    }
  })
  // A text, phone or number field has no options: none are kept.
  .transform((field) =>
    field.kind === 'choice' || field.kind === 'multi'
      ? field
      : { key: field.key, label: field.label, kind: field.kind, required: field.required },
  );
export type AdminSignupField = z.infer<typeof adminSignupFieldSchema>;

/** A sign-up form: at most {@link SIGNUP_FIELDS_MAX} fields, no key or name twice. */
export const adminSignupFieldsSchema = z
  .array(adminSignupFieldSchema)
  .max(SIGNUP_FIELDS_MAX, `最多 ${SIGNUP_FIELDS_MAX} 项`)
  .superRefine((fields, context) => {
    const keys = new Set<string>();
    const labels = new Set<string>();
    for (const [index, field] of fields.entries()) {
      if (keys.has(field.key)) {
        context.addIssue({ code: 'custom', path: [index, 'key'], message: '字段标识重复' });
      }
      if (labels.has(field.label)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'label'],
          message: `“${field.label}”出现了两次`,
        });
      }
      keys.add(field.key);
      labels.add(field.label);
    }
  });

/** A time of the form, ISO 8601 with its offset (`2026-12-05T09:00:00+08:00`). */
const time = z.iso.datetime({ offset: true, error: '请选择时间' });

/** The four times of a sign-up window and its event. */
export const adminWindowShape = () => ({
  signupStart: time,
  signupEnd: time,
  startAt: time,
  endAt: time,
});

/** The longest an event (a class's term, an activity) may last, in days. */
export const EVENT_DAYS_MAX = 366;

/**
 * The order of the four times, as a refinement of a form with {@link adminWindowShape}: sign-up
 * opens before it closes, the event starts before it ends, sign-up closes by the end, and the
 * event lasts at most {@link EVENT_DAYS_MAX} days.
 */
export function refineWindow(
  times: { signupStart: string; signupEnd: string; startAt: string; endAt: string },
  context: z.RefinementCtx,
) {
  const [signupStart, signupEnd, startAt, endAt] = [
    times.signupStart,
    times.signupEnd,
    times.startAt,
    times.endAt,
  ].map(Date.parse) as [number, number, number, number];
  const refuse = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (signupEnd <= signupStart) refuse('signupEnd', '须晚于报名开始时间');
  if (endAt <= startAt) refuse('endAt', '须晚于开始时间');
  if (signupEnd > endAt) refuse('signupEnd', '不能晚于结束时间');
  if (endAt - startAt > EVENT_DAYS_MAX * 86_400_000) {
    refuse('endAt', `与开始时间最多相隔 ${EVENT_DAYS_MAX} 天`);
  }
}
