import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fileKeyOf, type SeedFiles } from './files.ts';
import { type BookPdfOptions, cachedBookPdf } from './pdf.ts';
import type { SeedContext } from './support.ts';

/** The site whose demo course gets an audio and a PDF lesson. */
export const MEDIA_LESSON_SITE = 'jingan';
/** The demo audio lesson's file: in the site's media uploads, as an operator's upload would be. */
export const DEMO_AUDIO_URL = `/media/uploads/${MEDIA_LESSON_SITE}/demo-lesson-audio.mp3`;
/** The demo PDF lesson's file: in the site's console uploads, as an operator's upload would be. */
export const DEMO_LESSON_PDF_URL = `/files/admin/${MEDIA_LESSON_SITE}/demo-lesson-handout.pdf`;
/** The demo audio's length in seconds (whole frames of {@link silentMp3}). */
export const DEMO_AUDIO_SECONDS = 20;

const HANDOUT: BookPdfOptions = {
  title: '课程讲义',
  author: '静安区社区学院',
  publisher: '静安学习网',
  pageCount: 6,
  chapters: ['课程导读', '学习要点', '课后练习'],
};

// MPEG-1 Layer III, 32 kbit/s, 32 kHz, mono, no CRC: every frame is 144 bytes of 1152 samples
// (36 ms), with no padding. Header: sync, MPEG-1, Layer III, no CRC (FF FB); bitrate index 1
// (32 kbit/s; 0x10) and rate index 2 (32 kHz; 0x08); mono with the original bit (0xC4).
const FRAME_HEADER = [0xff, 0xfb, 0x18, 0xc4];
const FRAME_BYTES = 144;
const FRAME_SECONDS = 1152 / 32_000;

/**
 * `seconds` of silence as a valid MP3: whole MPEG-1 Layer III frames whose side information is
 * all zero (no main data: each granule decodes to silence). Players read its length from the
 * frame count (a constant bitrate), so the demo audio lesson plays, seeks and reports.
 */
export function silentMp3(seconds: number): Uint8Array {
  const frames = Math.ceil(seconds / FRAME_SECONDS);
  const bytes = new Uint8Array(frames * FRAME_BYTES);
  for (let frame = 0; frame < frames; frame += 1) bytes.set(FRAME_HEADER, frame * FRAME_BYTES);
  return bytes;
}

/**
 * Gives the site's first published demo course (by id) a chapter with an audio lesson and a
 * PDF lesson on the demo files (written at start-up by {@link writeLessonMediaFiles}). No random
 * draws; runs right after the courses, before anything records progress in them.
 */
export async function seedMediaLessons({ db }: SeedContext): Promise<void> {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'lesson_count', 'duration_seconds'])
    .where('site_key', '=', MEDIA_LESSON_SITE)
    .where('published', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!course) return;
  const last = await db
    .selectFrom('course_chapters')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('course_id', '=', course.id)
    .executeTakeFirst();
  const lessons = await db
    .selectFrom('course_lessons')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('course_id', '=', course.id)
    .executeTakeFirst();
  const { id: chapterId } = await db
    .insertInto('course_chapters')
    .values({
      course_id: course.id,
      title: '拓展 听一听、读一读',
      sort: Number(last?.sort ?? 0) + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sort = Number(lessons?.sort ?? 0) + 1;
  await db
    .insertInto('course_lessons')
    .values([
      {
        course_id: course.id,
        chapter_id: chapterId,
        title: '听一听：课程导读',
        kind: 'audio',
        duration_seconds: DEMO_AUDIO_SECONDS,
        audio_url: DEMO_AUDIO_URL,
        pdf_url: null,
        page_count: 0,
        sort,
      },
      {
        course_id: course.id,
        chapter_id: chapterId,
        title: '读一读：课程讲义',
        kind: 'pdf',
        duration_seconds: 0,
        audio_url: null,
        pdf_url: DEMO_LESSON_PDF_URL,
        page_count: HANDOUT.pageCount,
        sort: sort + 1,
      },
    ])
    .execute();
  await db
    .updateTable('courses')
    .set({
      lesson_count: Number(course.lesson_count) + 2,
      duration_seconds: Number(course.duration_seconds) + DEMO_AUDIO_SECONDS,
    })
    .where('id', '=', course.id)
    .execute();
}

/** Writes the demo audio and handout when the store lacks them; answers how many it wrote. */
export async function writeLessonMediaFiles(
  _db: Kysely<Database>,
  files: SeedFiles,
): Promise<number> {
  let written = 0;
  const audio = DEMO_AUDIO_URL.slice(1);
  if (await files.writeNew(audio, () => silentMp3(DEMO_AUDIO_SECONDS))) written += 1;
  const pdf = fileKeyOf(DEMO_LESSON_PDF_URL);
  if (pdf && !(await files.has(pdf))) {
    const bytes = await fs.promises.readFile(await cachedBookPdf(HANDOUT));
    if (await files.writeNew(pdf, bytes)) written += 1;
  }
  return written;
}
