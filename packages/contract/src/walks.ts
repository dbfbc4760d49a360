import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { idParam, idQuery, placeLocationShape, recordedAtSchema, slotShape } from './parts.ts';

/** A learner's progress along a walk. */
export const walkProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  completed: z.boolean(),
});
export type WalkProgress = z.infer<typeof walkProgressSchema>;

/** A humanities walk (人文行走) in a list. */
export const walkCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  distanceM: z.number().int(),
  durationMinutes: z.number().int(),
  stopCount: z.number().int(),
  /** The caller's progress (zero stops when not logged in). */
  progress: walkProgressSchema,
});
export type WalkCard = z.infer<typeof walkCardSchema>;

/** A stop along a walk, in order. */
export const walkStopSchema = z.object({
  id: z.number().int(),
  placeId: z.number().int(),
  position: z.number().int(),
  /** The stop's place: where it is. */
  ...placeLocationShape(),
  story: z.string(),
  /** When the caller checked in here (ISO), or null. */
  checkedInAt: z.string().nullable(),
});
export type WalkStop = z.infer<typeof walkStopSchema>;

/** A guided session of a walk with its seats. */
export const walkSessionSchema = z.object({
  ...slotShape(),
  meetingPoint: z.string(),
  guide: z.string(),
  signedUp: z.boolean(),
});
export type WalkSession = z.infer<typeof walkSessionSchema>;

/** `GET /api/walks/detail?id=`. */
export const walkDetailSchema = walkCardSchema.extend({
  /** Sanitized rich HTML. */
  intro: z.string(),
  stops: z.array(walkStopSchema),
  /** Sessions not yet started, soonest first. */
  sessions: z.array(walkSessionSchema),
});
export type WalkDetail = z.infer<typeof walkDetailSchema>;

export const walkListQuerySchema = pageQuery;
export const walkDetailQuerySchema = idQuery();

/** `POST /api/walks/signup` and `/api/walks/cancel`. */
export const walkSessionBodySchema = idQuery('sessionId');

const coordinate = (min: number, max: number) =>
  z
    .number('须为数字')
    .min(min, `须在 ${min} 到 ${max} 之间`)
    .max(max, `须在 ${min} 到 ${max} 之间`);

/** `POST /api/walks/checkin`: the learner's reported WGS-84 position at a stop. */
export const walkCheckinBodySchema = z.object({
  stopId: idParam,
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  /** A check-in made offline, sent later from the outbox: when it was made (issue 32). */
  recordedAt: recordedAtSchema.optional(),
});
export type WalkCheckinBody = z.infer<typeof walkCheckinBodySchema>;

/** The answer of a check-in. */
export const walkCheckinSchema = z.object({
  stopId: z.number().int(),
  distanceM: z.number().int(),
  progress: walkProgressSchema,
});
export type WalkCheckin = z.infer<typeof walkCheckinSchema>;
