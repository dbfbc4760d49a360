import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import { REVIEW_STATUSES } from './admin-values.ts';
import { ID_MAX } from './limits.ts';
import { idParam } from './parts.ts';
import {
  PROGRAMME_AUDIENCE_MAX,
  PROGRAMME_MINUTES_MAX,
  PROGRAMME_MINUTES_MIN,
  PROGRAMME_PARTY_MAX,
  PROGRAMME_SLOTS_MAX,
  PROGRAMME_TITLE_MAX,
} from './programme-slots.ts';

/*
 * The console's visit programmes (`/api/admin/programmes`): what an experience base (体验基地)
 * offers learners to book (参观项目), with its visit slots (场次), written by editors and
 * reviewed before publication as the other content is. The slots' own rules (times in order,
 * at most a day, no overlap, seats, no new slot in the past) are `programmeSlotProblems`, which
 * the server answers as `第 2 个场次：结束时间须晚于开始时间`.
 */

/** A line of text of the form: trimmed, not empty, at most `max` characters. */
const line = (max: number) => z.string().trim().min(1, '不能为空').max(max, `最多 ${max} 个字`);

/** A time of a slot, ISO 8601 with its offset (`2026-12-05T09:00:00+08:00`). */
const time = (what: string) => z.iso.datetime({ offset: true, error: `请选择${what}` });

/** One visit slot of the form: its id once stored (bookings keep their slot), times and seats. */
export const adminProgrammeSlotSchema = z.object({
  id: z.number().int().min(1).max(ID_MAX).optional(),
  startAt: time('开始时间'),
  endAt: time('结束时间'),
  capacity: z.number({ error: '请填写名额' }).int('须为整数'),
});
export type AdminProgrammeSlot = z.infer<typeof adminProgrammeSlotSchema>;

const programmeFormShape = z.object({
  /** The base (a `map_places` row of category `base` of the site) that offers it. */
  placeId: z.number({ error: '请选择体验基地' }).int().min(1, '请选择体验基地').max(ID_MAX),
  title: line(PROGRAMME_TITLE_MAX),
  /** Rich HTML (the base page renders it), sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  durationMinutes: z
    .number({ error: '请填写参观时长' })
    .int('须为整数')
    .min(PROGRAMME_MINUTES_MIN, `至少 ${PROGRAMME_MINUTES_MIN} 分钟`)
    .max(PROGRAMME_MINUTES_MAX, `最多 ${PROGRAMME_MINUTES_MAX} 分钟`),
  /** Who it suits, as learners read it (适合老年学员). */
  audience: line(PROGRAMME_AUDIENCE_MAX),
  /** The largest party one booking may bring. */
  maxParty: z
    .number({ error: '请填写每次最多人数' })
    .int('须为整数')
    .min(1, '至少 1 人')
    .max(PROGRAMME_PARTY_MAX, `最多 ${PROGRAMME_PARTY_MAX} 人`),
  /** Its slots not yet over, soonest first as stored (a past slot stays as it was). */
  slots: z
    .array(adminProgrammeSlotSchema)
    .max(PROGRAMME_SLOTS_MAX, `最多 ${PROGRAMME_SLOTS_MAX} 个场次`)
    .default([]),
});

/** What an operator writes of a visit programme (the console's form); the server checks it all. */
export const adminProgrammeFormSchema = programmeFormShape;
export type AdminProgrammeForm = z.infer<typeof adminProgrammeFormSchema>;
export type AdminProgrammeFormInput = z.input<typeof adminProgrammeFormSchema>;

export const adminProgrammeUpdateBodySchema = programmeFormShape.extend({
  id: idParam,
  version: z.number().int().min(1),
});
export type AdminProgrammeUpdateBody = z.infer<typeof adminProgrammeUpdateBodySchema>;

/** A slot as the console's detail shows it: with the seats learners hold (0 for a new one). */
export const adminProgrammeSlotDetailSchema = adminProgrammeSlotSchema.extend({
  seatsTaken: z.number().int(),
});
export type AdminProgrammeSlotDetail = z.infer<typeof adminProgrammeSlotDetailSchema>;

/**
 * `GET /api/admin/programmes/detail?id=`: the form as stored (its slots with the seats taken),
 * its review state, the live version beside it.
 */
export const adminProgrammeSchema = reviewedSchemaOf(
  programmeFormShape.extend({ slots: z.array(adminProgrammeSlotDetailSchema) }),
);
export type AdminProgramme = z.infer<typeof adminProgrammeSchema>;

/** A visit programme in the console's list. */
export const adminProgrammeRowSchema = z.object({
  id: z.number().int(),
  /** The title as the operator last wrote it (the waiting edit's, if any). */
  title: z.string(),
  placeId: z.number().int(),
  baseName: z.string(),
  durationMinutes: z.number().int(),
  /** Its slots not yet started, and the seats learners hold in them. */
  upcomingSlots: z.number().int(),
  seatsTaken: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminProgrammeRow = z.infer<typeof adminProgrammeRowSchema>;

/** `GET /api/admin/programmes`: the site's programmes, newest change first. */
export const adminProgrammeListQuerySchema = reviewListQuery.extend({
  /** One base's programmes. */
  placeId: idParam.optional(),
});
export type AdminProgrammeListQuery = z.infer<typeof adminProgrammeListQuerySchema>;

/** `GET /api/admin/programmes/bases?q=&id=`: the site's bases whose name has the words. */
export const adminProgrammeBaseQuerySchema = z.object({
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  /** The base already chosen, answered first even when the words miss it. */
  id: idParam.optional(),
});
export const adminProgrammeBaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  /** Whether learners see the base (a programme of a base not shown waits with it). */
  published: z.boolean(),
});
export type AdminProgrammeBase = z.infer<typeof adminProgrammeBaseSchema>;
