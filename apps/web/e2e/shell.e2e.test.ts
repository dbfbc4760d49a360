import { type BrowserContext, devices, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH, INDEX_CHILDREN, PUBLIC } from '../src/testing/spec-routes.ts';
import { apiLogin, phoneSuite, startPortal, storeLogin } from './harness.ts';

const suite = phoneSuite();
const url = suite.url;
let context: BrowserContext;
let page: Page;

/** A fresh phone with its first page; page errors fail the test. */
async function openPhone() {
  ({ context, page } = await suite.open());
  return page;
}
const stored = (key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** Logs the first demo learner in on this phone. */
async function logIn() {
  const login = await apiLogin(suite.portal.baseUrl);
  await storeLogin(page, suite.portal.baseUrl, login);
  return login;
}

/** The toast on screen: its text and the centre of its box. */
async function toast() {
  const box = page.locator('.adm-toast-main');
  await box.waitFor();
  const rect = await box.boundingBox();
  return {
    text: await box.textContent(),
    centre: rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null,
  };
}

describe('routes and guards', () => {
  it('sends a visitor from every auth route to the login address with the /authPage callback', async () => {
    await openPhone();
    const authRoutes = [
      ...Object.entries(INDEX_CHILDREN)
        .filter(([, access]) => access === 'auth')
        .map(([path]) => path),
      ...AUTH,
    ];
    expect(authRoutes).toHaveLength(46);
    for (const path of authRoutes) {
      await page.goto(url(`${path}?id=7`));
      await page.waitForURL(/\/sso\/login\?/);
      const login = new URL(page.url());
      expect(login.searchParams.get('callback'), path).toBe(url('/authPage'));
      expect(await stored('loginCallBack'), path).toBe(url(`${path}?id=7`));
    }
    // The root goes to the entry home, which needs login.
    await page.goto(url('/'));
    await page.waitForURL(/\/sso\/login\?/);
    expect(await stored('loginCallBack')).toBe(url('/index/gotoHome'));
  });

  it('renders every public route for a visitor', async () => {
    await openPhone();
    const pages = ['/index/home', ...PUBLIC.filter((path) => path !== '/login')];
    for (const path of pages) {
      await page.goto(url(path));
      await page.locator('main').first().waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
      // Some pages fill their main area from the server: wait for words, not just the box.
      await expect
        .poll(async () => (await page.locator('main').first().textContent())?.trim().length ?? 0, {
          message: path,
        })
        .toBeGreaterThan(0);
    }
    // /authPage without a ticket explains itself; /login starts the login and comes back home.
    await page.goto(url('/authPage'));
    await page.getByText('登录没有完成').waitFor();
    await page.goto(url('/login'));
    await page.waitForURL(/\/sso\/login\?/);
    expect(await stored('loginCallBack')).toBe(url('/index/home'));
  });

  it('keeps the variant prefix in the guard and sends its site key', async () => {
    await openPhone();
    const sites: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sites.push(request.headers()['x-site'] ?? '');
    });
    await page.goto(url('/xuhui/index/home'));
    await page.getByRole('heading', { name: '徐汇学习网' }).waitFor();
    // Spec section 1: only jingan shows its name as the document title; other variants show none.
    expect(await page.title()).toBe('');
    // Themed with the site's own colour.
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim(),
      ),
    ).toBe('#0b7a75');
    await page.goto(url('/xuhui/medal'));
    await page.waitForURL(/\/sso\/login\?/);
    expect(new URL(page.url()).searchParams.get('callback')).toBe(url('/xuhui/authPage'));
    expect(sites.length).toBeGreaterThan(0);
    expect(new Set(sites)).toEqual(new Set(['xuhui']));
  });
});

describe('the device gate', () => {
  it('shows a desktop browser no content, only a notice with a QR code and the portal link', async () => {
    const withPortal = await startPortal({ PORTAL_URL: 'https://www.example.cn/portal' });
    try {
      ({ context, page } = await suite.open({ ...devices['Desktop Chrome'], locale: 'zh-CN' }));
      await page.goto(`${withPortal.baseUrl}/index/home`);
      await page.getByText('请使用手机或平板访问').waitFor();
      expect(await page.getByRole('img', { name: '本页二维码' }).count()).toBe(1);
      expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: '登录 / 注册' }).count()).toBe(0);
      const link = page.getByRole('link', { name: '前往电脑版学习网' });
      expect(await link.getAttribute('href')).toBe('https://www.example.cn/portal');
    } finally {
      await withPortal.stop();
    }
  });
});

describe('the request layer on real calls', () => {
  it('sends X-Site and X-Finger on every call, and the bearer token only when one is stored', async () => {
    await openPhone();
    const calls: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.headers());
    });
    await page.goto(url('/index/home'));
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    const finger = await stored('X-FINGER');
    expect(finger).toMatch(/^[0-9a-f]{16}$/);
    expect(calls.length).toBeGreaterThan(0);
    for (const headers of calls) {
      expect(headers['x-site']).toBe('jingan');
      expect(headers['x-finger']).toBe(finger);
      expect(headers['content-type']).toBe('application/json;charset=UTF-8');
      expect(headers.authorization).toBeUndefined();
    }

    const { token } = await logIn();
    calls.length = 0;
    await page.goto(url('/index/home'));
    await page.getByText('您好，王秀兰').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const headers of calls) expect(headers.authorization).toMatch(/^Bearer \S{43}$/);
    expect(calls[0]?.authorization).toBe(`Bearer ${token}`);
  });
});

describe('start-up', () => {
  it('keeps the splash until the refresh answers, then stores the new token', async () => {
    await openPhone();
    const { token } = await logIn();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/account/refresh-token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/index/home'), { waitUntil: 'domcontentloaded' });
    await page.getByRole('status', { name: '加载中' }).waitFor();
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    release();
    await page.getByText('您好，王秀兰').waitFor();
    const fresh = await stored('token');
    expect(fresh).toMatch(/^\S{43}$/);
    expect(fresh).not.toBe(token);
  });

  it('forgets the login when the refresh answers no token, and shows the app', async () => {
    await openPhone();
    await logIn();
    await page.route('**/api/account/refresh-token', (route) =>
      route.fulfill({ json: { code: 0, message: '', data: null } }),
    );
    await page.goto(url('/index/home'));
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    expect(await stored('token')).toBeNull();
    expect(await stored('userInfo')).toBeNull();
  });

  it('ignores a failed refresh silently, keeps the login and shows the app', async () => {
    await openPhone();
    const { token } = await logIn();
    await page.route('**/api/account/refresh-token', (route) => route.abort('failed'));
    await page.goto(url('/index/home'));
    await page.getByText('您好，王秀兰').waitFor();
    expect(await stored('token')).toBe(token);
    await page.waitForTimeout(300);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
  });
});

describe('the error catalogue', () => {
  /** Opens the home page logged in, with the profile call answered by `answer`. */
  async function homeWithProfile(answer: Parameters<Page['route']>[1]) {
    await openPhone();
    await logIn();
    await page.route('**/api/account/me', answer);
    await page.goto(url('/index/home'));
  }

  it('shows the server message in a centred toast for 2 seconds', async () => {
    await homeWithProfile((route) =>
      route.fulfill({ json: { code: 409, message: '操作过于频繁，请稍后再试', data: null } }),
    );
    const shown = await toast();
    expect(shown.text).toBe('操作过于频繁，请稍后再试');
    const viewport = page.viewportSize();
    expect(Math.abs((shown.centre?.x ?? 0) - (viewport?.width ?? 0) / 2)).toBeLessThan(4);
    expect(Math.abs((shown.centre?.y ?? 0) - (viewport?.height ?? 0) / 2)).toBeLessThan(40);
    await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 3500 });
    expect(await stored('token')).not.toBeNull();
  });

  it('goes to the follow-up address in data once the toast has closed', async () => {
    await openPhone();
    // Timed inside the page, so a slow test runner cannot blur the order: when the toast
    // appeared, and when the app first navigated after it.
    await page.addInitScript(() => {
      const marks = window as unknown as { toastAt?: number; navigatedAt?: number };
      new MutationObserver(() => {
        if (!marks.toastAt && document.querySelector('.adm-toast-main')) {
          marks.toastAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        if (marks.toastAt && !marks.navigatedAt) marks.navigatedAt = performance.now();
        push(...args);
      };
    });
    await logIn();
    await page.route('**/api/account/me', (route) =>
      route.fulfill({ json: { code: 302, message: '请先绑定账号', data: '/bindSetting?from=me' } }),
    );
    await page.goto(url('/index/home'));
    expect((await toast()).text).toBe('请先绑定账号');
    await page.waitForURL(url('/bindSetting?from=me'), { timeout: 6000 });
    await page.getByRole('heading', { name: '绑定账号' }).waitFor();
    const marks = await page.evaluate(() => {
      const { toastAt = 0, navigatedAt = 0 } = window as unknown as {
        toastAt?: number;
        navigatedAt?: number;
      };
      return { toastAt, navigatedAt };
    });
    expect(marks.toastAt).toBeGreaterThan(0);
    expect(marks.navigatedAt - marks.toastAt).toBeGreaterThanOrEqual(1900);
  });

  it('on 301 forgets the login and shows the login dialog, without a toast; cancel stays', async () => {
    await homeWithProfile((route) =>
      route.fulfill({ json: { code: 301, message: '登录已过期', data: null } }),
    );
    await page.getByText('您还未登录或登录已过期，请先登录').waitFor();
    expect(await page.locator('.adm-dialog-body').count()).toBe(1);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    expect(await stored('token')).toBeNull();
    expect(await stored('userInfo')).toBeNull();
    await page.getByRole('button', { name: '取消' }).click();
    await page.locator('.adm-dialog-body').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/index/home');
  });

  it('on 301 confirm goes to the login page and comes back to the same address', async () => {
    await homeWithProfile((route) =>
      route.fulfill({ json: { code: 301, message: '登录已过期', data: null } }),
    );
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/sso\/login\?/);
    expect(await stored('loginCallBack')).toBe(url('/index/home'));
  });

  it('shows 网络异常 when the network fails or the server fails', async () => {
    await openPhone();
    // Each toast's text as the page shows it, noted inside the page: a toast lasts 2 seconds,
    // which a busy test machine can let pass between two of its looks.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
      let shown = false;
      new MutationObserver(() => {
        const text = document.querySelector('.adm-toast-main')?.textContent ?? '';
        if (text && !shown) seen.push(text);
        shown = text !== '';
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // The toasts' texts, each once: 网络异常, never the server's own words.
    const toastsSay = async () => [
      ...new Set(
        await page.evaluate(
          () => (window as unknown as { toastsSeen?: string[] }).toastsSeen ?? [],
        ),
      ),
    ];
    await logIn();
    await page.route('**/api/account/me', (route) => route.abort('internetdisconnected'));
    await page.goto(url('/index/home'));
    await expect.poll(toastsSay, { timeout: 15_000 }).toEqual(['网络异常']);
    await page.unroute('**/api/account/me');
    await page.route('**/api/account/me', (route) =>
      route.fulfill({ status: 500, json: { code: 500, message: '服务器内部错误', data: null } }),
    );
    await page.reload();
    await expect.poll(toastsSay, { timeout: 15_000 }).toEqual(['网络异常']);
  });
});

describe('login callback with a token handed back directly', () => {
  it('verifies the token with the server, stores it and takes it out of the address bar', async () => {
    await openPhone();
    const { token } = await apiLogin(suite.portal.baseUrl, '13800000002');
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    await page.goto(url(`/authPage?token=${token}`));
    await page.waitForURL(url('/index/home'));
    await page.getByText('您好，李建国').waitFor();
    expect(await stored('token')).not.toBeNull();
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => window.location.href)).not.toContain(token);
    expect(JSON.parse((await stored('userInfo')) ?? '{}').nickname).toBe('李建国');
  });

  it('refuses a forged token and stores nothing', async () => {
    await openPhone();
    await page.goto(url('/authPage?token=forged-token-value'));
    await page.getByText('登录凭证无效或已过期，请重新登录').waitFor();
    expect(await page.evaluate(() => window.location.search)).toBe('');
    expect(await stored('token')).toBeNull();
  });
});

describe('navigation', () => {
  it('scrolls to the top on a route change and keeps the home page alive with its scroll', async () => {
    await openPhone();
    await page.goto(url('/index/home'));
    await page.locator('main.home').evaluate((main) => {
      main.dataset.visit = 'first';
    });
    const live = page.getByRole('link', { name: /^直播/ }).last();
    await live.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    await page.waitForTimeout(100);
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(300);

    // The home page is hidden at once and frozen (React's Activity hides it) 1000 ms later:
    // when each happens is recorded in the page, so a slow machine cannot blur the two.
    await page.evaluate(() => {
      const kept = document.querySelector('.kept-page');
      const times = window as unknown as { hiddenAt?: number; frozenAt?: number };
      if (!kept) return;
      new MutationObserver(() => {
        if (kept.hasAttribute('hidden')) times.hiddenAt ??= performance.now();
        if (kept.getAttribute('style')?.includes('display: none')) {
          times.frozenAt ??= performance.now();
        }
      }).observe(kept, { attributes: true, attributeFilter: ['hidden', 'style'] });
    });
    await live.click();
    await page.waitForURL(url('/liveList'));
    await page.getByRole('heading', { name: '直播', exact: true }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const kept = page.locator('.kept-page').first();
    expect(await kept.getAttribute('hidden')).not.toBeNull();
    await expect
      .poll(() => kept.getAttribute('style'), { timeout: 10_000 })
      .toContain('display: none');
    const { hiddenAt, frozenAt } = await page.evaluate(() => {
      const times = window as unknown as { hiddenAt?: number; frozenAt?: number };
      return { hiddenAt: times.hiddenAt, frozenAt: times.frozenAt };
    });
    expect(hiddenAt).toBeDefined();
    expect((frozenAt ?? 0) - (hiddenAt ?? 0)).toBeGreaterThanOrEqual(950);
    await page.goBack();
    await page.waitForURL(url('/index/home'));
    await page.locator('main.home').waitFor();
    expect(await page.locator('main.home').getAttribute('data-visit')).toBe('first');
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThan(2);
  });

  it('drops a kept-alive page 1200 ms after going back from it', async () => {
    await openPhone();
    await page.goto(url('/index/home'));
    await page.getByRole('link', { name: /^课程/ }).first().click();
    await page.waitForURL(url('/scourseList'));
    await page.getByRole('heading', { name: '更多课程' }).waitFor();
    expect(await page.locator('.kept-page').count()).toBe(2);
    await page.goBack();
    await page.waitForURL(url('/index/home'));
    expect(await page.locator('.kept-page').count()).toBe(2);
    await page.waitForTimeout(1400);
    expect(await page.locator('.kept-page').count()).toBe(1);
  });

  it('shows a retry screen when a page chunk takes more than 120 s, and retry loads it', async () => {
    await openPhone();
    await page.clock.install();
    let hold = true;
    await page.route('**/assets/auth-page-*.js', async (route) => {
      while (hold) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue();
    });
    await page.goto(url('/authPage'), { waitUntil: 'domcontentloaded' });
    await page.locator('.page-skeleton').waitFor();
    await page.clock.fastForward(121_000);
    await page.getByRole('heading', { name: '页面加载超时' }).waitFor();
    hold = false;
    await page.getByRole('button', { name: '重试' }).click();
    await page.getByText('登录没有完成').waitFor();
  });
});

describe('share', () => {
  it('shares the site to the microblog with title, url and pic-less link', async () => {
    await openPhone();
    await context.route('https://service.weibo.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>微博</title>' }),
    );
    await page.goto(url('/index/home'));
    await page.getByRole('button', { name: '分享' }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByText('分享到微博').click(),
    ]);
    await popup.waitForURL(/weibo/);
    const target = new URL(popup.url());
    expect(target.origin + target.pathname).toBe('https://service.weibo.com/share/share.php');
    expect(target.searchParams.get('title')).toBe('静安学习网');
    expect(target.searchParams.get('url')).toBe(url('/'));
    expect(await page.evaluate(() => sessionStorage.getItem('shareUrl'))).toBe(url('/'));
    expect(await page.evaluate(() => sessionStorage.getItem('firstUrl'))).toBe(url('/index/home'));
    // shareUrl follows the page; firstUrl stays the first address of the session.
    await page.getByRole('link', { name: /^直播/ }).first().click();
    await page.waitForURL(url('/liveList'));
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('shareUrl')))
      .toBe(url('/liveList'));
    expect(await page.evaluate(() => sessionStorage.getItem('firstUrl'))).toBe(url('/index/home'));
  });
});
