import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  devices,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Chromium flags for a closed network (its background connections would be refused). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A TCP port nothing listens on now (for a portal whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface Portal {
  baseUrl: string;
  /** The server's DATA_DIR (its SQLite database is `portal.sqlite` there). */
  dataDir: string;
  /**
   * The policy violations browsers reported so far (log lines), forgotten once taken: for a test
   * that provokes one on purpose and checks it. Any left when the portal stops fail the file.
   */
  takeCspViolations: () => string[];
  stop: () => Promise<void>;
}

/** The run's seeded DATA_DIR; '' outside Vitest (benches and probes seed their own). */
function seededDataDir(): string {
  try {
    return inject('seededDataDir') ?? '';
  } catch {
    return '';
  }
}

/**
 * Starts the real server (as `npm start` does) on its own SQLite database with the demo content;
 * `env` adds configuration (e.g. `PORTAL_URL`, or `PORT` from {@link freePort}).
 */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // The demo seeded once for the run (e2e/seeded-data.ts): the same content, without the wait.
  const seeded = seededDataDir();
  if (seeded && !env.DATABASE_URL && env.SEED_DEMO === undefined) {
    fs.copyFileSync(path.join(seeded, 'portal.sqlite'), path.join(dataDir, 'portal.sqlite'));
  }
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // The test machine is never idle: an uploaded video's transcode gets a share of it.
        TRANSCODE_PRIORITY: 'low',
        // The dashboard's rollups run in the suites that read them (they ask for an interval).
        STATS_ROLLUP_INTERVAL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const violations = watchForCspViolations(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/sites`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    takeCspViolations: () => violations.splice(0),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      // Every page the suite opened kept to the Content-Security-Policy (the server logs what
      // a browser reports it blocked).
      if (violations.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
      }
    },
  };
}

/**
 * Passes the server's output through and answers the log lines of the policy violations that
 * browsers reported to it (`POST /api/csp-report`).
 */
function watchForCspViolations(child: ChildProcess): string[] {
  const violations: string[] = [];
  const watch = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      out.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.includes('csp violation')) violations.push(line);
    });
  };
  watch(child.stdout, process.stdout);
  watch(child.stderr, process.stderr);
  return violations;
}

/** The system Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** The phone every suite emulates: iPhone viewport, touch, user agent and Chinese locale. */
export const PHONE: BrowserContextOptions = {
  ...devices['iPhone 13'],
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  // The service worker only where a walkthrough is about it (offline, installing, updates): in
  // the others a page's requests go to the server, where the test routes and counts them.
  serviceWorkers: 'block',
};

/** A phone: iPhone viewport, touch, user agent and Chinese locale (with `options` added). */
export function phoneContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, ...options });
}

export interface PhoneSuite {
  /** The running portal (after the suite's beforeAll). */
  readonly portal: Portal;
  readonly browser: Browser;
  /** An address on the portal, e.g. `url('/index/home')`. */
  url(pathname: string): string;
  /**
   * A fresh browser context (the phone unless `options` say otherwise) with its first page;
   * it is closed after the test, which fails if the page threw.
   */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One real portal (with `env` added to its configuration) and one Chromium for a test file, torn
 * down after it; each test opens its own phone with {@link PhoneSuite.open}, and a page error
 * fails the test.
 */
export function phoneSuite(env: Record<string, string> = {}): PhoneSuite {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let errors: string[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet`);
    return value;
  };

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(env), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    expect(errors).toEqual([]);
  });

  return {
    get portal() {
      return ready(portal, 'the portal');
    },
    get browser() {
      return ready(browser, 'Chromium');
    },
    url: (pathname) => `${ready(portal, 'the portal').baseUrl}${pathname}`,
    async open(options = PHONE) {
      await context?.close();
      context = await ready(browser, 'Chromium').newContext(options);
      const page = await context.newPage();
      errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page };
    },
  };
}

export interface Login {
  token: string;
  userInfo: { nickname: string; phone: string };
}

/**
 * Logs a demo learner in through the real account center over HTTP (form post, ticket, token
 * exchange), for tests that start logged in.
 */
export async function apiLogin(baseUrl: string, username = '13800000001'): Promise<Login> {
  const sso = await fetch(`${baseUrl}/sso/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username,
      password: 'Demo@2026',
      callback: `${baseUrl}/authPage`,
    }),
  });
  const ticket = new URL(sso.headers.get('location') ?? '').searchParams.get('ticket');
  if (!ticket) throw new Error(`no ticket from the account center (HTTP ${sso.status})`);
  const answer = await fetch(`${baseUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site': 'jingan' },
    body: JSON.stringify({ ticket }),
  });
  const body = (await answer.json()) as { code: number; data: Login };
  if (body.code !== 0) throw new Error(`login failed with code ${body.code}`);
  return body.data;
}

/** Stores a login in the page's origin as the app does after /authPage. */
export async function storeLogin(page: Page, baseUrl: string, login: Login) {
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(({ token, userInfo }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
  }, login);
}

/** The password of the throwaway accounts tests register. */
export const NEW_LEARNER_PASSWORD = 'Learn2026x';

/**
 * Registers a throwaway account in the page's browser through the account center's
 * `/sso/register`, as a new learner does; lands on the home page logged in.
 */
export async function registerInBrowser(page: Page, baseUrl: string, phone: string) {
  const callback = encodeURIComponent(`${baseUrl}/authPage`);
  await page.goto(`${baseUrl}/sso/register?callback=${callback}`);
  await page.locator('input[name=username]').fill(phone);
  await page.locator('input[name=password]').fill(NEW_LEARNER_PASSWORD);
  await page.locator('input[name=confirmPassword]').fill(NEW_LEARNER_PASSWORD);
  await page.getByRole('button', { name: '注册并登录' }).click();
  await page.waitForURL(`${baseUrl}/index/home`);
}

/**
 * A tab of the 主导航 bar by its label (首页, 学习, 我的...), whatever count the tab carries after
 * it; a page's own link that starts with the same words (我的学习) is not taken for it.
 */
export function tabLink(page: Page, label: string) {
  return page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('link', { name: new RegExp(`^${label}(?![\\p{L}\\p{N}])`, 'u') });
}
