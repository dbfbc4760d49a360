import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneSuite } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

interface TopicData {
  title: string;
  sections: { kind: string; title: string; total: number; items: { id: number }[] }[];
}

async function topicOf(slug: string): Promise<TopicData> {
  const answer = await fetch(url(`/api/topics/detail?slug=${slug}`), {
    headers: { 'x-site': 'jingan' },
  });
  const body = (await answer.json()) as { code: number; data: TopicData };
  if (body.code !== 0) throw new Error(`topic ${slug}: code ${body.code}`);
  return body.data;
}

describe('the family-education topic', () => {
  it('shows its sections in order, each with cards, to a visitor', async () => {
    ({ page } = await suite.open());
    const topic = await topicOf('2024/jtjy');
    await page.goto(url('/zhuanti/2024/jtjy'));
    await page.locator('main').getByRole('heading', { level: 1, name: topic.title }).waitFor();

    const headings = page.locator('.topic-section h2');
    expect(await headings.allTextContents()).toEqual(topic.sections.map((s) => s.title));
    for (const section of topic.sections) {
      expect(section.items.length, section.title).toBeGreaterThan(0);
      const region = page.getByRole('region', { name: section.title });
      const cards = region.locator(section.kind === 'ebooks' ? '.book-card' : '.topic-item');
      expect(await cards.count(), section.title).toBeGreaterThan(0);
    }

    // The cards lead to the content's own pages.
    const courses = topic.sections.find((section) => section.kind === 'courses');
    if (courses) {
      const href = await page
        .getByRole('region', { name: courses.title })
        .locator('.topic-item')
        .first()
        .getAttribute('href');
      expect(href).toMatch(/^\/scourseDetail\?id=\d+$/);
    }
    const activities = topic.sections.find((section) => section.kind === 'activities');
    if (activities) {
      const hrefs = await page
        .getByRole('region', { name: activities.title })
        .locator('.topic-item')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      for (const href of hrefs)
        expect(href).toMatch(/^\/(activityDetails|extensionDetails)\?id=\d+$/);
    }

    // 更多 leads to the topic's book list.
    const books = topic.sections.find((section) => section.kind === 'ebooks');
    if (!books) throw new Error('the seed topic has no e-book section');
    await page.getByRole('link', { name: `更多${books.title}` }).click();
    await page.waitForURL(url('/zhuanti/2024/moreBook'));
    await page.getByText(`共 ${books.total} 本`).waitFor();
    await expect.poll(() => page.locator('.book-card').count()).toBe(Math.min(books.total, 18));
    expect(await page.locator('.book-card').first().getAttribute('href')).toMatch(
      /^\/ebookDetails\?id=\d+$/,
    );
  });

  it('shows a clear state for a topic that does not exist', async () => {
    ({ page } = await suite.open());
    await page.goto(url('/zhuanti/2024/moreBook?topic=2099/none'));
    await page.getByRole('heading', { name: '专题不存在或已下线' }).waitFor();
    await page.goto(url('/zhuanti/2024/moreBook?topic=../x'));
    await page.getByRole('heading', { name: '专题不存在或已下线' }).waitFor();
    await page.getByRole('link', { name: '回到首页' }).click();
    await page.waitForURL(url('/index/home'));
  });

  it("opens next year's topic from data alone, at its own address", async () => {
    const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
    try {
      const topic = db
        .prepare(
          `INSERT INTO topics (site_key, slug, title, subtitle, banner, introduction, published,
             sort, created_at)
           SELECT site_key, '2025/kxyr', '科学育儿', '2025年科学育儿专题', banner, '专题简介',
             1, 0, created_at FROM topics WHERE slug = '2024/jtjy' AND site_key = 'jingan'`,
        )
        .run();
      db.prepare(
        `INSERT INTO topic_sections (topic_id, kind, title, sort, item_limit)
         VALUES (?, 'ebooks', '育儿书架', 1, 6)`,
      ).run(topic.lastInsertRowid);
      db.prepare(
        `INSERT INTO topic_items (topic_id, content_type, content_id, sort)
         SELECT ?, 'ebook', id, 1 FROM ebooks WHERE site_key = 'jingan' ORDER BY id LIMIT 2`,
      ).run(topic.lastInsertRowid);
    } finally {
      db.close();
    }
    ({ page } = await suite.open());
    await page.goto(url('/zhuanti/2025/kxyr'));
    await page.locator('main').getByRole('heading', { level: 1, name: '科学育儿' }).waitFor();
    const shelf = page.getByRole('region', { name: '育儿书架' });
    await expect.poll(() => shelf.locator('.book-card').count()).toBe(2);
  });
});
