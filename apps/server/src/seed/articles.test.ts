import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalFileStore } from '../platform/file-store.ts';
import { sanitizeArticleHtml } from '../platform/sanitize-html.ts';
import { ARTICLES_PER_SITE, writeArticleFiles } from './articles.ts';
import { SeedFiles } from './files.ts';
import { seedDemo } from './seed.ts';

describe('the article seed', () => {
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
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-article-seed-'));
    dir = path.join(dataDir, 'files');
  }, 120_000);

  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const articles = () =>
    database.db
      .selectFrom('articles')
      .select([
        'site_key',
        'kind',
        'title',
        'body_html',
        'cover',
        'pinned',
        'attachment_url',
        'published',
        'published_at',
      ])
      .orderBy('id')
      .execute();

  it('seeds 120 published articles per site across channels of every kind', async () => {
    const rows = await articles();
    const now = Date.now();
    for (const site of ['jingan', 'xuhui']) {
      const ofSite = rows.filter((row) => row.site_key === site);
      expect(ofSite).toHaveLength(ARTICLES_PER_SITE);
      expect(new Set(ofSite.map((row) => row.kind))).toEqual(
        new Set(['news', 'info', 'notice', 'fengcai', 'zanshi', 'talk']),
      );
      expect(ofSite.every((row) => Number(row.published) === 1)).toBe(true);
      const pinnedNotices = ofSite.filter((row) => row.kind === 'notice' && Number(row.pinned));
      expect(pinnedNotices.length).toBeGreaterThanOrEqual(2);
      expect(ofSite.filter((row) => row.attachment_url !== null).length).toBeGreaterThanOrEqual(1);
      const ages = ofSite.map((row) => now - Number(row.published_at));
      expect(Math.min(...ages)).toBeGreaterThan(0);
      expect(Math.max(...ages)).toBeGreaterThan(60 * 86_400_000);
      // Chinese text, a heading, images in some bodies; every body already clean.
      for (const row of ofSite) {
        expect(row.title).toMatch(/[\u4e00-\u9fff]/);
        expect(row.body_html).toContain('<h2>');
        expect(sanitizeArticleHtml(row.body_html)).toBe(row.body_html);
      }
      expect(
        ofSite.filter((row) => row.body_html.includes('<img src="/files/covers/')).length,
      ).toBeGreaterThan(20);
    }
    const channels = await database.db.selectFrom('article_channels').select('kind').execute();
    expect(channels.length).toBeGreaterThanOrEqual(12);
  });

  it('writes the images the articles show and the notices PDF attachments', async () => {
    await writeArticleFiles(database.db, await seedFiles());
    const rows = await articles();
    const urls = new Set<string>();
    for (const row of rows) {
      if (row.cover) urls.add(row.cover);
      if (row.attachment_url) urls.add(row.attachment_url);
      for (const match of row.body_html.matchAll(/src="([^"]+)"/g)) urls.add(match[1] as string);
    }
    for (const url of urls) {
      expect(fs.existsSync(path.join(dir, url.slice('/files/'.length))), url).toBe(true);
    }
    const pdf = rows.find((row) => row.attachment_url)?.attachment_url as string;
    const bytes = fs.readFileSync(path.join(dir, pdf.slice('/files/'.length)));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    expect(await writeArticleFiles(database.db, await seedFiles())).toBe(0);
  });
});
