import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isbnProblem } from '@portal/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalFileStore } from '../platform/file-store.ts';
import { DEMO_DOC_URL, EBOOKS_PER_SITE, FIRST_EBOOK_PAGES, writeEbookFiles } from './ebooks.ts';
import { SeedFiles } from './files.ts';
import { seedDemo } from './seed.ts';
import { FAMILY_TOPIC_SLUG, writeTopicBanners } from './topics.ts';

describe('the e-book and topic seed', () => {
  let database: Db;
  let dataDir: string;
  /** The store's `files/` folder in `dataDir`. */
  let dir: string;
  /** The store as a start-up finds it (a fresh listing each time). */
  const seedFiles = () => new SeedFiles(new LocalFileStore(dataDir));

  beforeAll(async () => {
    database = await createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database);
    await seedDemo(database);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ebook-seed-'));
    dir = path.join(dataDir, 'files');
  }, 120_000);

  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const books = () =>
    database.db
      .selectFrom('ebooks as e')
      .innerJoin('ebook_categories as c', 'c.id', 'e.category_id')
      .select([
        'e.id',
        'e.site_key',
        'e.title',
        'e.page_count',
        'e.isbn',
        'e.pdf_path',
        'e.file_size',
        'e.cover',
        'c.name as category',
      ])
      .orderBy('e.id')
      .execute();

  it('seeds 50 published e-books in 8 categories per site', async () => {
    const rows = await books();
    for (const site of ['jingan', 'xuhui']) {
      const ofSite = rows.filter((row) => row.site_key === site);
      expect(ofSite.length).toBe(EBOOKS_PER_SITE);
      expect(new Set(ofSite.map((row) => row.category)).size).toBe(8);
      expect(new Set(ofSite.map((row) => row.pdf_path)).size).toBe(EBOOKS_PER_SITE);
      const counts = ofSite.map((row) => Number(row.page_count));
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(12);
      expect(Math.max(...counts)).toBeLessThanOrEqual(160);
      expect(counts).toContain(100);
      // An operator editing a seeded e-book is not asked to correct its ISBN.
      expect(ofSite.filter((row) => isbnProblem(row.isbn) !== null)).toEqual([]);
    }
    const firstOfJingan = rows.find((row) => row.site_key === 'jingan');
    expect(Number(firstOfJingan?.page_count)).toBeGreaterThanOrEqual(60);
    expect(Number(firstOfJingan?.page_count)).toBe(FIRST_EBOOK_PAGES);
  });

  it('writes PDFs whose size and page count match the rows, once', async () => {
    const written = await writeEbookFiles(database.db, await seedFiles());
    // A PDF and a cover per book, and the demo document.
    expect(written).toBe(2 * 2 * EBOOKS_PER_SITE + 1);
    expect(await writeEbookFiles(database.db, await seedFiles())).toBe(0);
    const rows = await books();
    for (const row of rows) {
      const file = path.join(dir, row.pdf_path.slice('/files/'.length));
      expect(fs.statSync(file).size, row.pdf_path).toBe(Number(row.file_size));
      expect(fs.existsSync(path.join(dir, row.cover.slice('/files/'.length)))).toBe(true);
    }
    for (const row of [rows[0], rows[7], rows.at(-1)]) {
      if (!row) continue;
      const bytes = fs.readFileSync(path.join(dir, row.pdf_path.slice('/files/'.length)));
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(doc.getPageCount(), row.title).toBe(Number(row.page_count));
      expect(doc.getTitle()).toBe(row.title);
    }
    const guide = await PDFDocument.load(fs.readFileSync(path.join(dir, 'docs', '学习指南.pdf')));
    expect(guide.getPageCount()).toBe(5);
    expect(DEMO_DOC_URL).toBe('/files/docs/学习指南.pdf');
  });

  it('seeds the family-education topic of every site with its sections and tagged content', async () => {
    const { db } = database;
    const topics = await db.selectFrom('topics').selectAll().orderBy('site_key').execute();
    expect(
      topics.map((topic) => [topic.site_key, topic.slug, topic.title, topic.published]),
    ).toEqual([
      ['jingan', FAMILY_TOPIC_SLUG, '家庭教育', 1],
      ['xuhui', FAMILY_TOPIC_SLUG, '家庭教育', 1],
    ]);
    for (const topic of topics) {
      const sections = await db
        .selectFrom('topic_sections')
        .select(['kind', 'title'])
        .where('topic_id', '=', topic.id)
        .orderBy('sort')
        .execute();
      expect(sections).toEqual([
        { kind: 'courses', title: '精品课程' },
        { kind: 'activities', title: '亲子活动' },
        { kind: 'ebooks', title: '推荐书目' },
      ]);
      const items = await db
        .selectFrom('topic_items')
        .select(['content_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('topic_id', '=', topic.id)
        .groupBy('content_type')
        .execute();
      const counts = Object.fromEntries(items.map((item) => [item.content_type, Number(item.n)]));
      expect(counts.course).toBeGreaterThan(0);
      expect(counts.activity).toBeGreaterThan(0);
      expect(counts.ebook).toBe(7);
    }
    expect(await writeTopicBanners(db, await seedFiles())).toBe(2);
    expect(
      fs.readFileSync(path.join(dir, 'covers', 'topic-jingan-2024-jtjy.svg'), 'utf8'),
    ).toContain('家庭教育');
  });
});
