import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, PHONE, phoneSuite, registerInBrowser, storeLogin, tabLink } from './harness.ts';

/*
 * Installable and offline (issue 32), on a phone in Chromium against the real server with the
 * service worker allowed: the site's manifest passes Chromium's own installability check, the
 * worker takes the page after its first paint, and with the network gone a page opened before
 * starts again from the kept shell, while a site never opened says it needs the network; a new
 * deploy's worker is offered as 有新版本 and takes over as the learner moves to another page.
 * The server serves a copy of the built app, so that a test can deploy a new worker.
 */

const builtApp = fileURLToPath(new URL('../dist', import.meta.url));
const deployed = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-dist-'));
fs.cpSync(builtApp, deployed, { recursive: true });
afterAll(() => fs.rmSync(deployed, { recursive: true, force: true }));

const suite = phoneSuite({ WEB_DIST_DIR: deployed });

/** Waits until the service worker controls the page. */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
      timeout: 20_000,
    })
    .toBe('activated');
}

/** The caches of learners' kept answers (not the visitors'). */
const learnersCaches = (page: Page) =>
  page.evaluate(async () =>
    (await caches.keys()).filter(
      (name) => name.startsWith('portal-api-') && name !== 'portal-api-visitor',
    ),
  );

/** Deploys a new version of the service worker (a byte changed is a new worker). */
const deployNewWorker = () =>
  fs.appendFileSync(path.join(deployed, 'sw.js'), `\n// deployed ${Date.now()}\n`);

describe('the portal installed and offline', () => {
  it('is installable, and starts again offline from what it kept', async () => {
    const { context, page } = await suite.open({ ...PHONE, serviceWorkers: 'allow' });
    await page.goto(suite.url('/scourseList'));
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    // The worker registers after the first paint and takes the page at once.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        timeout: 20_000,
      })
      .toBe('activated');

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: '静安学习网',
      start_url: '/index/home',
      display: 'standalone',
    });
    // A test's browser context is an incognito profile, where Chromium installs nothing: that
    // is the only reason it may give.
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

    // The page it was opened on was kept (it came before the worker): offline, it starts again.
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).sort()), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['portal-assets', 'portal-pages']));
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            Boolean(await (await caches.open('portal-pages')).match('/__shell__/')),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.locator('.boot-splash').waitFor({ state: 'detached' });
    expect(await page.title()).toBe('静安学习网');
    await page.screenshot({ path: '/tmp/pwa/offline-course-list.png' });

    // A site never opened on this phone: nothing to start it with, said plainly.
    await page.goto(suite.url('/xuhui/index/home'));
    await page.getByRole('heading', { name: '网络未连接' }).waitFor();
    expect(await page.getByRole('link', { name: '重新加载' }).count()).toBe(1);
    await context.setOffline(false);
  });

  it('offers a new version, taken as the learner moves to another page', async () => {
    const { page } = await suite.open({ ...PHONE, serviceWorkers: 'allow' });
    await page.goto(suite.url('/scourseList'));
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        timeout: 20_000,
      })
      .toBe('activated');
    const first = page.locator('.course-card').first();
    await first.waitFor();
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });

    deployNewWorker();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.locator('.status-banner').filter({ hasText: '有新版本' });
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.getByRole('button', { name: '立即更新' }).count()).toBe(1);

    // Moving to a course: the new version takes over and the page loads again on it.
    await first.click();
    await page.waitForURL(/\/scourseDetail\?id=\d+$/);
    await expect
      .poll(
        () => page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false),
        { timeout: 20_000, interval: 250 },
      )
      .toBe(false);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
          }),
        { timeout: 20_000, interval: 250 },
      )
      .toEqual({ waiting: false, active: 'activated' });
    expect(await page.getByText('有新版本').count()).toBe(0);
    await page.locator('.boot-splash').waitFor({ state: 'detached' });
  });

  it('shows a learner what they saw while offline, with 离线 and its time, and forgets it at logout', async () => {
    const { context, page } = await suite.open({ ...PHONE, serviceWorkers: 'allow' });
    const { baseUrl } = suite.portal;
    await storeLogin(page, baseUrl, await apiLogin(baseUrl));
    await page.goto(suite.url('/index/home'));
    await controlled(page);
    // What the learner opens once the worker runs is kept for them.
    await page.reload();
    await page.locator('.content-card, .course-card').first().waitFor();
    await tabLink(page, '我的').click();
    const points = page.locator('.mine-points-figure');
    await points.waitFor();
    const balance = await points.textContent();
    await expect.poll(() => learnersCaches(page), { timeout: 10_000 }).toHaveLength(1);
    const [firstLearner] = await learnersCaches(page);

    // Offline (the metro): home starts again with what was kept, and says so with its time.
    await context.setOffline(true);
    await page.goto(suite.url('/index/home'));
    const banner = page.locator('.status-banner').filter({ hasText: '离线' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/^离线：显示的是 \d+月\d+日 \d\d:\d\d 保存的内容$/);
    await page.locator('.content-card, .course-card').first().waitFor();
    expect(await page.getByText('首页内容没有加载出来').count()).toBe(0);
    await page.screenshot({ path: '/tmp/pwa/offline-home.png' });
    await tabLink(page, '我的').click();
    expect(await points.textContent()).toBe(balance);
    // What was never opened on this phone says so, with 重试.
    await page.getByRole('link', { name: /^积分记录/ }).click();
    await page.getByRole('heading', { name: '网络未连接' }).waitFor();
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/pwa/offline-never-opened.png' });

    // Back online, the banner goes; at logout no learner's answers stay on the phone.
    await context.setOffline(false);
    await page.goto(suite.url('/index/userInfo'));
    await points.waitFor();
    expect(await page.locator('.status-banner').filter({ hasText: '离线' }).count()).toBe(0);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确认退出登录' }).click();
    await page.waitForURL(/\/index\/home$/);
    await expect.poll(() => learnersCaches(page), { timeout: 10_000 }).toEqual([]);

    // Another learner on the same phone keeps their own copies, never under the first's.
    await storeLogin(page, baseUrl, await apiLogin(baseUrl, '13800000002'));
    await page.goto(suite.url('/index/userInfo'));
    await points.waitFor();
    await expect.poll(() => learnersCaches(page), { timeout: 10_000 }).toHaveLength(1);
    expect(await learnersCaches(page)).not.toContain(firstLearner);
  });

  it('offers reminders once after a reservation, shows a pushed reminder, and ends them at logout', async () => {
    const { context, page } = await suite.open({
      ...PHONE,
      serviceWorkers: 'allow',
      permissions: ['notifications'],
    });
    // A test browser cannot reach a push service: the subscription is made here, with a key pair
    // as a browser makes it, at an address of the browser's push service (kept across pages).
    await page.addInitScript(() => {
      const KEY = 'e2ePushSubscription';
      const b64 = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const made = (json: { endpoint: string; keys: Record<string, string> }) => ({
        endpoint: json.endpoint,
        toJSON: () => ({ ...json, expirationTime: null }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          localStorage.setItem('e2ePushEnded', json.endpoint);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe() {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
          'deriveBits',
        ]);
        const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
        const json = {
          endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`,
          keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
        };
        localStorage.setItem(KEY, JSON.stringify(json));
        return made(json) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const kept = localStorage.getItem(KEY);
        return kept ? (made(JSON.parse(kept)) as unknown as PushSubscription) : null;
      };
    });
    const answers: { path: string; code: number }[] = [];
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/push/')) {
        answers.push({ path, code: ((await response.json()) as { code: number }).code });
      }
    });
    const { baseUrl } = suite.portal;
    await registerInBrowser(page, baseUrl, '13912349101');
    await controlled(page);

    // Never on a first visit: offered after the learner reserves a live session.
    const upcoming = (await (
      await fetch(`${baseUrl}/api/live/sessions?state=upcoming`, {
        headers: { 'x-site': 'jingan' },
      })
    ).json()) as { data: { list: { id: number }[] } };
    const session = upcoming.data.list[0];
    if (!session) throw new Error('the demo has no upcoming session');
    await page.goto(suite.url(`/liveDetails?id=${session.id}`));
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { toasts?: string[] }).toasts = seen;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.adm-toast-main')) {
          if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await controlled(page);
    await page.getByRole('button', { name: '预约', exact: true }).click();
    const offer = page.getByRole('dialog').filter({ hasText: '开启提醒' });
    await offer.waitFor();
    await page.screenshot({ path: '/tmp/pwa/reminders-offer.png' });
    await offer.getByRole('button', { name: '开启提醒' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { toasts?: string[] }).toasts ?? []), {
        timeout: 10_000,
      })
      .toContain('已开启提醒');
    expect(answers).toContainEqual({ path: '/api/push/subscribe', code: 0 });

    // A reminder pushed to this phone shows as a notification of the site.
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registered,
      data: JSON.stringify({
        title: '直播提醒：「测试直播」1 小时后开始',
        body: '您预约的直播「测试直播」将于 19:30 开始，记得准时观看。',
        url: `/liveDetails?id=${session.id}`,
        tag: 'reminder-1',
        icon: '/app-icon-192.png',
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map(
              (notification) => notification.title,
            ),
          ),
        { timeout: 10_000 },
      )
      .toEqual(['直播提醒：「测试直播」1 小时后开始']);

    // Offered once: another reservation asks nothing.
    await page.getByRole('button', { name: '已预约', exact: true }).click();
    await page.getByRole('button', { name: '预约', exact: true }).click();
    await page.getByRole('button', { name: '已预约', exact: true }).waitFor();
    expect(await offer.count()).toBe(0);

    // Logout ends this phone's reminders: the server forgets the subscription, then the browser.
    await page.goto(suite.url('/index/userInfo'));
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确认退出登录' }).click();
    await page.waitForURL(/\/index\/home$/);
    expect(answers).toContainEqual({ path: '/api/push/unsubscribe', code: 0 });
    expect(await page.evaluate(() => localStorage.getItem('e2ePushEnded'))).toMatch(
      /^https:\/\/fcm\.googleapis\.com\/fcm\/send\/e2e-/,
    );
  });
});
