import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../server/src/platform/xss-payloads.ts';
import { apiLogin, phoneSuite, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let page: Page;

async function api<T>(apiPath: string): Promise<T> {
  const answer = await fetch(url(`/api${apiPath}`), { headers: { 'x-site': 'jingan' } });
  const body = (await answer.json()) as { code: number; message: string; data: T };
  if (body.code !== 0) throw new Error(`${apiPath}: ${body.code} ${body.message}`);
  return body.data;
}

/** One row of the e2e portal's database. */
function dbRow<T>(sql: string): T {
  const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const row = db.prepare(sql).get() as T | undefined;
    if (!row) throw new Error(`no row for ${sql}`);
    return row;
  } finally {
    db.close();
  }
}

/** A fresh phone with a logged-in learner. */
async function openLoggedIn(username = '13800000001') {
  ({ page } = await suite.open());
  const login = await apiLogin(suite.portal.baseUrl, username);
  await storeLogin(page, suite.portal.baseUrl, login);
}

const cards = () => page.locator('.article-list .article-card:visible');
const unreadMarks = () => page.locator('.article-list .article-unread');

describe('资讯', () => {
  it('opens from home, switches channels and opens an article with its images full screen', async () => {
    await openLoggedIn();
    await page.goto(url('/index/home'));
    await page.locator('a[href="/index/news"]').first().click();
    await page.waitForURL(url('/index/news'));
    await cards().first().waitFor();

    const channels = await api<{ id: number; name: string; count: number }[]>(
      '/articles/channels?kind=news',
    );
    const channel = channels[1];
    if (!channel) throw new Error('the seed has fewer than two news channels');
    await page.getByRole('button', { name: channel.name, exact: true }).click();
    await page.waitForURL(url(`/index/news?channelId=${channel.id}`));
    const inChannel = await api<{ list: { id: number; title: string }[] }>(
      `/articles?kind=news&channelId=${channel.id}&page=1&size=20`,
    );
    const first = inChannel.list[0];
    if (!first) throw new Error('empty channel');
    await expect
      .poll(() => page.locator('.article-list .content-card-title:visible').first().textContent())
      .toContain(first.title);
    await cards().first().click();
    await page.waitForURL(url(`/contentDetails?id=${first.id}`));
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.locator('.article-body .rich-html p').first().waitFor();

    // Back on the list: the channel is in the address, still chosen.
    await page.goBack();
    await page.waitForURL(url(`/index/news?channelId=${channel.id}`));
    expect(
      await page
        .getByRole('button', { name: channel.name, exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // An article with images in its body: a tap opens the viewer full screen.
    const withImage = dbRow<{ id: number }>(
      "SELECT id FROM articles WHERE site_key = 'jingan' AND published = 1 AND body_html LIKE '%<img%' LIMIT 1",
    );
    await page.goto(url(`/contentDetails?id=${withImage.id}`));
    const image = page.locator('.article-body img').first();
    await image.waitFor();
    await image.click();
    await page.locator('.adm-image-viewer-content').waitFor();
    const box = await page.locator('.adm-image-viewer-content').boundingBox();
    expect(box?.width).toBeGreaterThan(300);
  });

  it('swipes between the images of a body in the full-screen viewer', async () => {
    const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
    const seeded = db
      .prepare(
        "SELECT channel_id, body_html FROM articles WHERE site_key = 'jingan' AND kind = 'news' AND body_html LIKE '%<img%' LIMIT 1",
      )
      .get() as { channel_id: number; body_html: string };
    const source = /<img src="([^"]+)"/.exec(seeded.body_html)?.[1];
    if (!source) throw new Error('no image in the seed bodies');
    const now = Date.now();
    const id = Number(
      db
        .prepare(
          `INSERT INTO articles (site_key, channel_id, kind, title, summary, cover, source, body_html, published, published_at, created_at)
           VALUES ('jingan', ?, 'news', '两张图片', '', NULL, '测试', ?, 1, ?, ?)`,
        )
        .run(
          seeded.channel_id,
          `<p>第一张</p><p><img src="${source}" alt="一"></p><p>第二张</p><p><img src="${source}" alt="二"></p>`,
          now,
          now,
        ).lastInsertRowid,
    );
    db.close();

    ({ page } = await suite.open());
    await page.goto(url(`/contentDetails?id=${id}`));
    await page.locator('.article-body img').nth(1).click();
    const indicator = page.locator('.adm-image-viewer-indicator');
    await expect.poll(() => indicator.textContent()).toBe('2 / 2');
    const box = await page.locator('.adm-image-viewer-content').boundingBox();
    if (!box) throw new Error('no viewer');
    // A finger swipes to the right (touch events, as a phone sends them).
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', box.x + 30);
    for (let step = 1; step <= 10; step += 1) {
      await touch('touchMove', box.x + 30 + ((box.width - 60) * step) / 10);
    }
    await touch('touchEnd', box.x + box.width - 30);
    await expect.poll(() => indicator.textContent()).toBe('1 / 2');
  });

  it('reaches 通知 and 公告 from the news page, and 风采 opens on its own route', async () => {
    await openLoggedIn();
    await page.goto(url('/index/news'));
    await page.getByRole('link', { name: '通知', exact: true }).click();
    await page.waitForURL(url('/index/info'));
    await cards().first().waitFor();
    await page.getByRole('link', { name: '公告', exact: true }).click();
    await page.waitForURL(url('/index/notice'));
    await cards().first().waitFor();

    await page.getByRole('link', { name: '资讯', exact: true }).click();
    await page.waitForURL(url('/index/news'));
    await page.getByRole('button', { name: '风采', exact: true }).click();
    await page.waitForURL(url('/index/news?kind=fengcai'));
    await page.locator('a.article-card[href^="/fengcaiDetails?id="]:visible').first().click();
    await page.waitForURL(/\/fengcaiDetails\?id=\d+$/);
    await page.locator('.article-title').waitFor();
  });

  it('marks unread notices for a learner, clears one when opened and the rest with 全部已读', async () => {
    await openLoggedIn('13800000002');
    await page.goto(url('/index/notice'));
    await cards().first().waitFor();
    await expect.poll(() => unreadMarks().count()).toBeGreaterThan(1);
    const before = await unreadMarks().count();

    const firstUnread = page.locator('.article-item.unread .article-card').first();
    const href = await firstUnread.getAttribute('href');
    await firstUnread.click();
    await page.waitForURL(url(href ?? ''));
    await page.locator('.article-title').waitFor();
    await page.goBack();
    await page.waitForURL(url('/index/notice'));
    await expect.poll(() => unreadMarks().count()).toBe(before - 1);
    expect(await page.locator(`.article-item.unread a[href="${href}"]`).count()).toBe(0);

    await page.getByRole('button', { name: '全部已读' }).click();
    await expect.poll(() => unreadMarks().count()).toBe(0);
  });

  it('opens a notice’s PDF attachment in the /pdf reader', async () => {
    await openLoggedIn();
    const notice = dbRow<{ id: number }>(
      "SELECT id FROM articles WHERE site_key = 'jingan' AND published = 1 AND attachment_url IS NOT NULL LIMIT 1",
    );
    await page.goto(url(`/contentDetails?id=${notice.id}`));
    await page.locator('.article-attachment a').click();
    await page.waitForURL(/\/pdf\?url=/);
    await page.locator('.pdf-page[data-page-number="1"]').waitFor();
  });

  it('takes the learner back to where they left a long article, with a way to the top', async () => {
    const article = dbRow<{ id: number; title: string }>(
      `SELECT id, title FROM articles WHERE site_key = 'jingan' AND published = 1
       ORDER BY length(body_html) DESC LIMIT 1`,
    );
    await openLoggedIn();
    const open = async () => {
      await page.goto(url(`/contentDetails?id=${article.id}`));
      await page.locator('.article-body .rich-html p').first().waitFor();
    };
    const scrollable = () =>
      page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    await open();
    const height = await scrollable();
    expect(height).toBeGreaterThan(await page.evaluate(() => window.innerHeight));
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(height / 2));
    await page.waitForTimeout(600);

    await page.goto(url('/index/news'));
    await cards().first().waitFor();
    await open();
    await page.getByText('已回到上次阅读的位置').waitFor();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - height / 2)).toBeLessThan(80);

    await page.getByRole('button', { name: '从头阅读' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await open();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByText('已回到上次阅读的位置').count()).toBe(0);
  });

  it('shows the missing state with a way back for an unknown article', async () => {
    ({ page } = await suite.open());
    await page.goto(url('/contentDetails?id=99999999'));
    await page.getByText('文章不存在或已下线').waitFor();
    await page.getByRole('link', { name: '浏览资讯' }).waitFor();
  });

  it('never runs any payload of the public XSS corpus imported as article titles and bodies', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const channel = dbRow<{ name: string }>(
      "SELECT name FROM article_channels WHERE site_key = 'jingan' AND kind = 'news' LIMIT 1",
    );
    const file = path.join(suite.portal.dataDir, 'xss-import.json');
    const marker = (i: number) => `攻击样本${i}号`;
    fs.writeFileSync(
      file,
      JSON.stringify(
        XSS_PAYLOADS.map((payload, i) => ({
          channel: channel.name,
          title: `${marker(i)}${payload}`.slice(0, 100),
          summary: payload.slice(0, 200),
          source: payload.slice(0, 100),
          bodyHtml: `<p>${marker(i)}</p>${payload}`,
          publishedAt: new Date(Date.now() + 60_000 + i).toISOString(),
        })),
      ),
    );
    // The operators' import path (`npm run import:articles`), on the running portal's database.
    const imported = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['apps/server/src/modules/articles/import.cli.ts', '--site', 'jingan', '--file', file],
      { cwd: root, env: { ...process.env, DATA_DIR: suite.portal.dataDir, DATABASE_URL: '' } },
    );
    expect(imported.status, String(imported.stderr)).toBe(0);
    const ids = (
      await api<{ list: { id: number; title: string }[] }>('/articles?kind=news&size=50')
    ).list.filter((item) => item.title.startsWith('攻击样本'));
    expect(ids.length).toBeGreaterThan(0);
    const first = dbRow<{ id: number }>(
      `SELECT min(id) AS id FROM articles WHERE title LIKE '${marker(0)}%'`,
    ).id;

    await openLoggedIn('13800000002');
    // Whatever a payload would run: the dialogs, and scripts the page's CSP had to stop.
    await page.addInitScript(() => {
      const runs: string[] = [];
      (window as { __runs?: string[] }).__runs = runs;
      for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
        (window as unknown as Record<string, unknown>)[name] = () => runs.push(name);
      }
      document.addEventListener('securitypolicyviolation', (event) => {
        if (event.effectiveDirective.startsWith('script-src'))
          runs.push(
            `csp:${event.blockedURI}:${event.sourceFile}:${event.lineNumber}:${event.sample}:${location.href}`,
          );
      });
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const runs = () => page.evaluate(() => (window as { __runs?: string[] }).__runs ?? []);

    // The titles and summaries in the list...
    await page.goto(url('/index/news'));
    await page.locator('.article-card', { hasText: marker(XSS_PAYLOADS.length - 1) }).waitFor();
    // ...and every body, opened in turn within the app (as a tap on a card would).
    for (let i = 0; i < XSS_PAYLOADS.length; i += 1) {
      await page.evaluate((id) => {
        history.pushState(null, '', `/contentDetails?id=${id}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, first + i);
      await page.locator('.article-body', { hasText: marker(i) }).waitFor();
      // Handlers a payload hoped for fire on pointer events: hover everything in the body.
      await page.evaluate(() => {
        for (const element of document.querySelectorAll('.article-body *')) {
          for (const type of ['mouseover', 'mouseenter', 'focus', 'toggle']) {
            element.dispatchEvent(new Event(type, { bubbles: true }));
          }
        }
      });
    }
    await page.waitForTimeout(300);
    expect(await runs()).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('never runs a script stored in an article title or body', async () => {
    const db = new Database(path.join(suite.portal.dataDir, 'portal.sqlite'));
    const channel = db
      .prepare(
        "SELECT id FROM article_channels WHERE site_key = 'jingan' AND kind = 'news' LIMIT 1",
      )
      .get() as { id: number };
    const now = Date.now();
    const inserted = db
      .prepare(
        `INSERT INTO articles (site_key, channel_id, kind, title, summary, cover, source, body_html, published, published_at, created_at)
         VALUES ('jingan', ?, 'news', ?, '', NULL, ?, ?, 1, ?, ?)`,
      )
      .run(
        channel.id,
        '<img src=x onerror="window.__xss=1">标题<script>window.__xss=2</script>',
        '<svg onload="window.__xss=3">',
        [
          '<p>安全的正文</p>',
          '<img src="/none.png" onerror="window.__xss=4">',
          '<script>window.__xss=5</script>',
          '<a href="javascript:window.__xss=6">链接</a>',
          '<iframe src="javascript:window.__xss=7"></iframe>',
          '<svg><script>window.__xss=8</script></svg>',
          '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=9">',
          '<div style="background:url(javascript:window.__xss=10)">样式</div>',
          '<form action="javascript:window.__xss=11"><button>提交</button></form>',
          '<details open ontoggle="window.__xss=12">细节</details>',
          '<a href="  JaVaScRiPt:window.__xss=13">链接二</a>',
        ].join(''),
        now,
        now,
      );
    db.close();
    const id = Number(inserted.lastInsertRowid);

    ({ page } = await suite.open());
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url(`/contentDetails?id=${id}`));
    await page.getByText('安全的正文').waitFor();
    const body = page.locator('.article-body');
    expect(await body.locator('script, iframe, [onerror], [onload], [ontoggle]').count()).toBe(0);
    for (const link of await body.locator('a').all()) {
      expect(await link.getAttribute('href')).toBeNull();
    }
    // The title is text, shown as it was written.
    expect(await page.locator('.article-title').textContent()).toContain('<script>');
    for (const image of await body.locator('img').all()) await image.click({ force: true });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
