import type { AttachmentRule, SignupField } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database, NewActivityRow } from '../db/schema.ts';
import { bearer } from './account-factory.ts';
import { windows } from './class-factory.ts';

/** One field of every kind: text, phone, number, choice and multi. */
export const FULL_FIELDS: SignupField[] = [
  { key: 'name', label: '姓名', kind: 'text', required: true },
  { key: 'phone', label: '手机号', kind: 'phone', required: true },
  { key: 'age', label: '年龄', kind: 'number', required: true },
  {
    key: 'street',
    label: '所在街道',
    kind: 'choice',
    required: true,
    options: ['静安寺街道', '江宁路街道'],
  },
  {
    key: 'topics',
    label: '感兴趣的主题',
    kind: 'multi',
    required: true,
    options: ['健康养生', '历史文化', '智能生活'],
  },
  { key: 'remark', label: '备注', kind: 'text', required: false },
];

/** A form that satisfies {@link FULL_FIELDS}. */
export const FULL_FORM = {
  name: '王秀兰',
  phone: '13800000001',
  age: '66',
  street: '江宁路街道',
  topics: ['智能生活', '健康养生'],
};

/** Images (JPEG, PNG, WebP) or PDF, up to 3 files of 5 MB, required. */
export const FILES_RULE: AttachmentRule = {
  label: '作品照片',
  required: true,
  maxCount: 3,
  maxBytes: 5 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
};

/** The staff organiser's name in tests. */
export const TEST_ORGANISER = '测试图书馆';

/** The id of the site's organiser called `name`, created when missing. */
export async function organiserId(
  db: Kysely<Database>,
  siteKey = 'jingan',
  name = TEST_ORGANISER,
): Promise<number> {
  const found = await db
    .selectFrom('organisers')
    .select('id')
    .where('site_key', '=', siteKey)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const { id } = await db
    .insertInto('organisers')
    .values({ site_key: siteKey, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Puts the user on the organiser's staff (may check learners in at its activities). */
export async function addStaff(db: Kysely<Database>, organiser: number, userId: number) {
  await db
    .insertInto('organiser_staff')
    .values({ organiser_id: organiser, user_id: userId })
    .execute();
}

export interface ActivityOverrides
  extends Partial<Omit<NewActivityRow, 'form_fields' | 'attachment_rule'>> {
  formFields?: SignupField[];
  rule?: AttachmentRule | null;
}

/**
 * Inserts a published 讲座 of `jingan` by {@link TEST_ORGANISER} with open signup and 20
 * seats; a 特色活动 gets {@link FILES_RULE} unless `rule` says otherwise. Answers its id.
 */
export async function createActivity(
  db: Kysely<Database>,
  overrides: ActivityOverrides = {},
): Promise<number> {
  const { formFields = FULL_FIELDS, rule, ...row } = overrides;
  const now = Date.now();
  const kind = row.kind ?? '讲座';
  const attachmentRule = rule === undefined ? (kind === '特色活动' ? FILES_RULE : null) : rule;
  const { id } = await db
    .insertInto('activities')
    .values({
      site_key: row.site_key ?? 'jingan',
      organiser_id: row.organiser_id ?? (await organiserId(db, row.site_key ?? 'jingan')),
      kind,
      title: '测试活动',
      cover: '/files/covers/activity-1-1.svg',
      place: '静安区图书馆 三楼报告厅',
      map_place_id: null,
      contact: '021-62561234',
      capacity: 20,
      seats_taken: 0,
      description: '<p>测试活动简介</p>',
      published: 1,
      created_at: now,
      ...windows.open(now),
      ...row,
      form_fields: JSON.stringify(formFields),
      attachment_rule: attachmentRule ? JSON.stringify(attachmentRule) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The seat count and active applications of an activity, as stored. */
export async function activitySeatsOf(db: Kysely<Database>, activityId: number) {
  const row = await db
    .selectFrom('activities')
    .select('seats_taken')
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('activity_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('activity_id', '=', activityId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { seatsTaken: row.seats_taken, activeApplications: Number(active.n) };
}

/** The first bytes of real files of each type, padded to `size` bytes. */
export const sampleFiles = {
  jpeg: (size = 2048) => padded([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46], size),
  png: (size = 2048) =>
    padded([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48], size),
  webp: (size = 2048) => padded([...Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1')], size),
  pdf: (size = 2048) => padded([...Buffer.from('%PDF-1.7\n', 'latin1')], size),
  /** A Windows program (MZ header), whatever name it is sent under. */
  exe: (size = 2048) => padded([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00], size),
};

function padded(head: number[], size: number): Buffer {
  const buffer = Buffer.alloc(Math.max(size, head.length), 0x20);
  Buffer.from(head).copy(buffer);
  return buffer;
}

export interface MultipartFile {
  name: string;
  content: Buffer;
  /** What the browser claims (never trusted). */
  type?: string;
  /** The form field; `files` unless a test forges another. */
  field?: string;
}

/** A multipart/form-data body of text fields and files, built by hand. */
export function multipart(fields: Record<string, string>, files: MultipartFile[] = []) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; ` +
          `filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart form of `fields` and `files` to `url` as the learner holding `token`. */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, string>,
  files: MultipartFile[],
) {
  const { payload, headers } = multipart(fields, files);
  return app.inject({ method: 'POST', url, headers: { ...headers, ...bearer(token) }, payload });
}

/** A real PNG picture of `width` x `height` pixels (one colour), that sharp decodes. */
export function realPng(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
}
