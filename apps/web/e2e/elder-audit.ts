/**
 * Look and feel for older learners, audited in a phone-emulated Chromium against the real server:
 * the elder mode (长辈模式) switch in the mine area, and on every built page in normal and elder
 * mode the numbers of the 2021 elder-friendly design rules for apps and websites (text >= 18 px
 * with line height >= 1.3 in elder mode, touch targets >= 60x60 px in elder mode and >= 44x44 px
 * otherwise, text contrast >= 4.5:1), an intact layout, no pop-ups, and no serious or critical
 * finding of any other axe-core rule. The test files `elder-*.e2e.test.ts` run it, one per mode.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RunOptions } from 'axe-core';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  launchChromium,
  type Portal,
  phoneContext,
  startPortal,
  storeLogin,
  tabLink,
} from './harness.ts';

let portal: Portal;
let browser: Browser;
let axeSource: string;

/**
 * Starts one portal and one Chromium for the test file that calls it (each audit file has its
 * own, so the two modes run in parallel).
 */
export function setUpAudit() {
  beforeAll(async () => {
    axeSource = fs.readFileSync(
      createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
}

/** An element as a failure message shows it. */
interface Box {
  tag: string;
  className: string;
  text: string;
  width: number;
  height: number;
}

interface TextStyle extends Box {
  fontSize: number;
  lineHeight: string;
}

/** What {@link auditPage} found on the page as it is shown (scrolled to the top). */
interface PageAudit {
  elderClass: boolean;
  /** How many visible interactive elements and text nodes were measured. */
  targetCount: number;
  textCount: number;
  /** Visible interactive elements smaller than the minimum touch target. */
  smallTargets: Box[];
  /** Elements with visible text under 18 px or with a line height under 1.3 (elder mode). */
  smallText: TextStyle[];
  /** Elements that cut their own text off (overflow hidden or clip, or an ellipsis). */
  clipped: Box[];
  /** Pairs of text lines drawn over each other. */
  overlapping: string[];
  /** antd-mobile pop-ups, dialogs, modals and toast masks on the screen. */
  popups: Box[];
  scrollWidth: number;
  innerWidth: number;
}

/**
 * Runs in the page (serialised by Playwright, so it uses nothing from outside): measures every
 * visible interactive element and every visible text node.
 */
function auditPage({ minTarget, elder }: { minTarget: number; elder: boolean }): PageAudit {
  const targetSelector =
    'a[href], button, [role=button], [role=switch], input, select, textarea, [role=tab]';
  const round = (value: number) => Math.round(value * 10) / 10;
  const boxOf = (element: Element): Box => {
    const rect = element.getBoundingClientRect();
    return {
      tag: element.tagName.toLowerCase(),
      className: element.getAttribute('class') ?? '',
      text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40),
      width: round(rect.width),
      height: round(rect.height),
    };
  };
  const rendered = (element: Element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  /** Rendered but cut down to nothing, as `.sr-only` text is (1x1 px, clipped). */
  const visuallyHidden = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.position === 'absolute' && style.clip !== 'auto') return true;
      const rect = node.getBoundingClientRect();
      if (style.overflow !== 'visible' && (rect.width <= 1 || rect.height <= 1)) return true;
    }
    return false;
  };

  const smallTargets: Box[] = [];
  let targetCount = 0;
  for (const element of document.querySelectorAll(targetSelector)) {
    if (element.closest('[hidden], [aria-hidden="true"], [inert]') || !rendered(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    targetCount++;
    if (rect.width < minTarget - 0.01 || rect.height < minTarget - 0.01) {
      smallTargets.push(boxOf(element));
    }
  }

  // Visible text: every non-blank text node whose element is rendered and not visually hidden.
  // Text marked aria-hidden is still seen, so it counts.
  const texts: { element: Element; rects: DOMRect[]; fixed: Element | null }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !node.textContent?.trim()) continue;
    if (element.closest('[hidden], script, style, noscript, template')) continue;
    if (!rendered(element) || visuallyHidden(element)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length === 0) continue;
    let fixed: Element | null = null;
    for (let up: Element | null = element; up && !fixed; up = up.parentElement) {
      if (getComputedStyle(up).position === 'fixed') fixed = up;
    }
    texts.push({ element, rects, fixed });
  }

  const smallText: TextStyle[] = [];
  if (elder) {
    const seen = new Set<Element>();
    for (const { element } of texts) {
      if (seen.has(element)) continue;
      seen.add(element);
      const style = getComputedStyle(element);
      const fontSize = Number.parseFloat(style.fontSize);
      const lineHeight = style.lineHeight;
      const tallEnough =
        lineHeight !== 'normal' && Number.parseFloat(lineHeight) >= 1.3 * fontSize - 0.01;
      if (fontSize < 18 - 0.01 || !tallEnough) {
        smallText.push({ ...boxOf(element), fontSize, lineHeight });
      }
    }
  }

  const clipped: Box[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(element);
    const cuts = (value: string) => value === 'hidden' || value === 'clip';
    if (!cuts(style.overflowX) && !cuts(style.overflowY)) continue;
    if (!element.textContent?.trim() || !rendered(element) || visuallyHidden(element)) continue;
    if (element.closest('[hidden]')) continue;
    const cutX = cuts(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
    const cutY = cuts(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
    if (cutX || cutY) clipped.push(boxOf(element));
  }

  // Lines of text from different text nodes in the same layer (the fixed tab bar floats over the
  // page by design) must not cover each other; a little vertical overlap of glyph boxes is normal.
  const overlapping: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i];
      const b = texts[j];
      if (!a || !b || a.fixed !== b.fixed) continue;
      const hit = a.rects.some((ra) =>
        b.rects.some((rb) => {
          const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          return x > 2 && y > 0.4 * Math.min(ra.height, rb.height);
        }),
      );
      if (hit) {
        const one = boxOf(a.element);
        const two = boxOf(b.element);
        overlapping.push(`<${one.tag} "${one.text}"> and <${two.tag} "${two.text}">`);
      }
    }
  }

  const popups = [
    ...document.querySelectorAll(
      '.adm-popup, .adm-dialog, .adm-modal, .adm-toast-mask, .adm-mask, [role=dialog], [role=alertdialog]',
    ),
  ]
    .filter((element) => rendered(element))
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    })
    .map(boxOf);

  return {
    elderClass: document.documentElement.classList.contains('elder'),
    targetCount,
    textCount: texts.length,
    smallTargets,
    smallText,
    clipped,
    overlapping,
    popups,
    scrollWidth: document.documentElement.scrollWidth,
    // The phone's width: a page wider than that widens a phone's layout viewport (and so
    // `innerWidth`) to fit, and would pass a comparison with it.
    innerWidth: Math.min(window.innerWidth, window.screen.width),
  };
}

/** Where the bottom tab bar and the end of the page's content meet, scrolled to the bottom. */
interface TabBarAudit {
  navHeight: number;
  navTop: number;
  shellPaddingBottom: number;
  atBottom: boolean;
  /** The lowest visible text or control of the page content. */
  lastBottom: number;
  last: string;
}

/** Runs in the page: scrolls to the bottom and measures the visible 主导航 tab bar, if any. */
async function auditTabBar(): Promise<TabBarAudit | null> {
  const nav = [...document.querySelectorAll('nav[aria-label="主导航"]')].find((element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
  );
  const shell = nav?.parentElement;
  const content = shell?.querySelector(':scope > .index-content');
  if (!nav || !shell || !content) return null;
  // An infinite list loads more as it reaches the end: scroll until the page stops growing and
  // nothing is loading any more.
  for (let tries = 0; tries < 40; tries += 1) {
    const height = document.documentElement.scrollHeight;
    window.scrollTo(0, height);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const loading = [...document.querySelectorAll('.adm-infinite-scroll')].some((element) =>
      element.textContent?.includes('加载中'),
    );
    if (!loading && document.documentElement.scrollHeight === height) break;
  }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const navRect = nav.getBoundingClientRect();
  let lastBottom = Number.NEGATIVE_INFINITY;
  let last = '';
  const consider = (rect: DOMRect, what: string) => {
    if (rect.width > 0 && rect.height > 0 && rect.bottom > lastBottom) {
      lastBottom = rect.bottom;
      last = what;
    }
  };
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !node.textContent?.trim() || element.closest('[hidden]')) continue;
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    consider(range.getBoundingClientRect(), `text "${node.textContent.trim().slice(0, 30)}"`);
  }
  for (const element of content.querySelectorAll('a[href], button, input, img, svg, [role]')) {
    if (element.closest('[hidden]')) continue;
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    consider(
      element.getBoundingClientRect(),
      `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`,
    );
  }
  const root = document.documentElement;
  return {
    navHeight: navRect.height,
    navTop: navRect.top,
    shellPaddingBottom: Number.parseFloat(getComputedStyle(shell).paddingBottom),
    atBottom: window.scrollY + window.innerHeight >= root.scrollHeight - 1,
    lastBottom,
    last,
  };
}

/** A text whose contrast is too low, or could not be worked out. */
interface ContrastFailure {
  target: string;
  html: string;
  message: string;
}

interface AxeCheckResult {
  message: string;
  data?: { messageKey?: string } | null;
}

interface AxeNodeResult {
  target: unknown[];
  html: string;
  any: AxeCheckResult[];
  all: AxeCheckResult[];
  none: AxeCheckResult[];
}

/** One rule's result. */
interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNodeResult[];
}

/** The part of axe's API the audit uses (its run options also take per-check options). */
interface AxeApi {
  run(
    context: Document,
    options: RunOptions & { checks?: Record<string, { options: object }> },
  ): Promise<{
    violations: AxeResult[];
    incomplete: AxeResult[];
  }>;
}

/**
 * Runs axe-core's color-contrast rule on the page with 4.5:1 for all text (axe lets large text
 * pass at 3:1 and skips one-character text; the elder-friendly rules ask 4.5:1 of all text).
 * Text on a gradient, which axe leaves undecided, must reach 4.5:1 against every colour of the
 * gradient; anything else axe cannot decide is reported too.
 */
async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  // The portal's Content-Security-Policy (script-src 'self') rightly refuses an inline <script>
  // such as page.addScriptTag({ content }) adds, so axe is evaluated through the DevTools
  // protocol, which the policy does not govern; axe registers itself as window.axe.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: AxeApi };
    const results = await axe.run(document, {
      runOnly: ['color-contrast'],
      resultTypes: ['violations', 'incomplete'],
      checks: {
        'color-contrast': {
          options: {
            ignoreLength: true,
            contrastRatio: { normal: { expected: 4.5 }, large: { expected: 4.5 } },
          },
        },
      },
    });
    const checksOf = (node: AxeNodeResult) => [...node.any, ...node.all, ...node.none];
    const failureOf = (node: AxeNodeResult, message: string): ContrastFailure => ({
      target: node.target.map(String).join(' '),
      html: node.html.slice(0, 120),
      message,
    });
    const failures = results.violations.flatMap((violation) =>
      violation.nodes.map((node) =>
        failureOf(
          node,
          checksOf(node)
            .map((check) => check.message)
            .join(' '),
        ),
      ),
    );

    const rgba = (color: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const linear = (channel: number) => {
        const value = channel / 255;
        return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (one: number, two: number) =>
      (Math.max(one, two) + 0.05) / (Math.min(one, two) + 0.05);
    /** The lowest contrast of the element's text against the colours of the gradient behind it. */
    const gradientContrast = (element: Element): number | null => {
      const text = rgba(getComputedStyle(element).color);
      if (text.a !== 1) return null;
      for (let up: Element | null = element; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.backgroundImage.includes('gradient')) {
          const stops = (style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []).map(rgba);
          if (stops.length === 0 || stops.some((stop) => stop.a !== 1)) return null;
          return Math.min(...stops.map((stop) => ratio(luminance(text), luminance(stop))));
        }
        if (style.backgroundImage !== 'none' || rgba(style.backgroundColor).a === 1) return null;
      }
      return null;
    };
    for (const node of results.incomplete.flatMap((result) => result.nodes)) {
      const checks = checksOf(node);
      const selector = node.target.length === 1 ? node.target[0] : null;
      const element = typeof selector === 'string' ? document.querySelector(selector) : null;
      const onGradient = checks.some((check) => check.data?.messageKey === 'bgGradient');
      const contrast = onGradient && element ? gradientContrast(element) : null;
      if (contrast === null) {
        failures.push(
          failureOf(node, `undecided: ${checks.map((check) => check.message).join(' ')}`),
        );
      } else if (contrast < 4.5) {
        failures.push(
          failureOf(node, `contrast ${contrast.toFixed(2)}:1 against a colour of its gradient`),
        );
      }
    }
    return failures;
  });
}

/**
 * Every other axe-core rule (WCAG 2.x A and AA and axe's best practices): the findings of serious
 * or critical impact, one line each with the elements concerned. Contrast is left to
 * {@link contrastFailures}, which asks more of it.
 */
async function seriousFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: AxeApi };
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes
            .map((node) => node.target.map(String).join(' '))
            .join(', ')}`,
      );
  });
}

const show = (boxes: readonly Box[]) =>
  boxes
    .map(
      (box) => `  <${box.tag} class="${box.className}"> "${box.text}" ${box.width}x${box.height}`,
    )
    .join('\n');

const showText = (boxes: readonly TextStyle[]) =>
  boxes
    .map(
      (box) =>
        `  <${box.tag} class="${box.className}"> "${box.text}" font-size ${box.fontSize}px, line-height ${box.lineHeight}`,
    )
    .join('\n');

/** Sets what the app reads from localStorage at start: the login and the elder mode. */
async function prepare(page: Page, { elder, login }: { elder: boolean; login: boolean }) {
  if (login) await storeLogin(page, portal.baseUrl, await apiLogin(portal.baseUrl));
  else await page.goto(`${portal.baseUrl}/favicon.svg`);
  await page.evaluate((on) => {
    if (on) localStorage.setItem('elderMode', '1');
    else localStorage.removeItem('elderMode');
  }, elder);
}

/** Waits until the page has loaded what it shows, its fonts are in and late toasts had a chance. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

/**
 * With `AUDIT_SCREENSHOTS=<folder>`, saves each audited page as a full-page PNG named after its
 * mode and name, for comparing the look before and after a change (`scripts/compare-screens.mjs`).
 */
async function saveScreenshot(page: Page, elder: boolean, name: string) {
  const folder = process.env.AUDIT_SCREENSHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  const slug = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
  await page.screenshot({
    path: path.join(folder, `${elder ? 'elder' : 'normal'}-${slug}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

const isElder = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('elder'));

/** The 长辈模式 switch of the mine area: applied at once, remembered, switched off again. */
export function describeElderSwitch() {
  describe('elder mode (长辈模式) in the mine area', () => {
    it('is applied at once, remembered across a reload and other pages, and switched off again', async () => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await prepare(page, { elder: false, login: true });
      await page.goto(`${portal.baseUrl}/index/userInfo`);
      await page.getByRole('heading', { name: '王秀兰' }).waitFor();
      const toggle = page.getByRole('switch', { name: '长辈模式' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect(await isElder(page)).toBe(false);
      const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontSize);
      expect(await bodyFont()).toBe('16px');

      await toggle.click();
      expect(await isElder(page)).toBe(true);
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('elderMode'))).toBe('1');
      expect(await bodyFont()).toBe('20px');

      await page.reload();
      await page.getByRole('heading', { name: '王秀兰' }).waitFor();
      expect(await isElder(page)).toBe(true);
      expect(await toggle.getAttribute('aria-checked')).toBe('true');

      // Another page in the app, then a page opened afresh.
      await tabLink(page, '首页').click();
      await page.waitForURL(`${portal.baseUrl}/index/home`);
      await page.getByText('您好，王秀兰').waitFor();
      expect(await isElder(page)).toBe(true);
      await page.goto(`${portal.baseUrl}/pointsTask`);
      await page.getByRole('heading', { name: '积分任务' }).waitFor();
      expect(await isElder(page)).toBe(true);
      expect(await bodyFont()).toBe('20px');

      await page.goto(`${portal.baseUrl}/index/userInfo`);
      await page.getByRole('heading', { name: '王秀兰' }).waitFor();
      await toggle.click();
      expect(await isElder(page)).toBe(false);
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect(await page.evaluate(() => localStorage.getItem('elderMode'))).toBeNull();
      expect(await bodyFont()).toBe('16px');
      await page.reload();
      await page.getByRole('heading', { name: '王秀兰' }).waitFor();
      expect(await isElder(page)).toBe(false);
      await context.close();
    });
  });
}

interface AuditedPage {
  name: string;
  /** The address, or how to find it once the portal runs (e.g. a course of the demo content). */
  path: string | (() => Promise<string>);
  login: boolean;
  /** True for the index shell's pages, which have the bottom tab bar. */
  tabBar: boolean;
  /** Waits for the page's own content (and puts it in the state to audit). */
  ready: (page: Page) => Promise<void>;
}

/** The id of the first item an API list answers, from the running portal. */
async function firstId(apiPath: string): Promise<number> {
  const answer = await fetch(`${portal.baseUrl}${apiPath}`);
  const body = (await answer.json()) as { data: { list: { id: number }[] } };
  const id = body.data.list[0]?.id;
  if (!id) throw new Error(`no item at ${apiPath}`);
  return id;
}

/** The demo learner's newest message (the messages API needs the login). */
async function firstMessageId(): Promise<number> {
  const { token } = await apiLogin(portal.baseUrl);
  const answer = await fetch(`${portal.baseUrl}/api/messages?size=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { data: { list: { id: number }[] } };
  const id = body.data.list[0]?.id;
  if (!id) throw new Error('no demo message');
  return id;
}

/** The demo learner's newest delivery request that is completed (with the rating form). */
async function deliveryRequestId(): Promise<number> {
  const { token } = await apiLogin(portal.baseUrl);
  const answer = await fetch(`${portal.baseUrl}/api/delivery/requests/mine?size=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { data: { list: { id: number; status: string }[] } };
  const id = body.data.list.find((item) => item.status === 'completed')?.id;
  if (!id) throw new Error('no demo delivery request');
  return id;
}

let teamWork: Promise<number> | undefined;

/**
 * A team work with three pictures and a comment, in a team the demo learner leads (made in the
 * database: the teams API is another area's), so its page shows every action.
 */
function demoTeamWorkId(): Promise<number> {
  teamWork ??= (async () => {
    const db = new Database(path.join(portal.dataDir, 'portal.sqlite'));
    const now = Date.now();
    let teamId: number;
    try {
      const { id: leaderId } = db
        .prepare("SELECT id FROM users WHERE username = '13800000001'")
        .get() as { id: number };
      teamId = (
        db
          .prepare(
            `INSERT INTO teams (site_key, name, avatar, intro, join_mode, invite_code, leader_id,
               capacity, seats_taken, last_active_at, created_at, updated_at)
             VALUES ('jingan', ?, NULL, '', 'open', ?, ?, 20, 1, ?, ?, ?) RETURNING id`,
          )
          .get(`长辈模式团队${now}`, `ELDER${now % 100_000}`, leaderId, now, now, now) as {
          id: number;
        }
      ).id;
      db.prepare(
        `INSERT INTO team_members (team_id, user_id, status, joined_at, created_at, updated_at)
         VALUES (?, ?, 'active', ?, ?, ?)`,
      ).run(teamId, leaderId, now, now, now);
    } finally {
      db.close();
    }
    const { token } = await apiLogin(portal.baseUrl);
    const form = new FormData();
    form.append('teamId', String(teamId));
    form.append('content', '今天练的书法作品，请大家多提意见。');
    for (const background of ['#8c5a2b', '#1f5f8b', '#2e7d32']) {
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
      form.append('files', new Blob([png], { type: 'image/png' }), 'work.png');
    }
    const headers = { authorization: `Bearer ${token}` };
    const answer = await fetch(`${portal.baseUrl}/api/team-works`, {
      method: 'POST',
      headers,
      body: form,
    });
    const { data } = (await answer.json()) as { data: { id: number } };
    await fetch(`${portal.baseUrl}/api/team-works/comment`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ workId: data.id, content: '写得真好！' }),
    });
    return data.id;
  })();
  return teamWork;
}

interface SignupItem {
  id: number;
  kind?: string;
  formFields: { key: string; kind: string; options?: string[] }[];
  reviewSignups: boolean;
  waitingCount: number;
}

/** The first class or activity in `status` whose detail `wanted` likes (as the demo learner). */
async function firstItem(
  area: 'classes' | 'activities',
  status: string,
  token: string,
  wanted: (item: SignupItem) => boolean,
): Promise<SignupItem> {
  const headers = { authorization: `Bearer ${token}` };
  const search = new URLSearchParams({ status, size: '50' });
  const answer = await fetch(`${portal.baseUrl}/api/${area}?${search}`, { headers });
  const { data } = (await answer.json()) as { data: { list: { id: number }[] } };
  for (const row of data.list) {
    const detail = await fetch(`${portal.baseUrl}/api/${area}/detail?id=${row.id}`, { headers });
    const item = ((await detail.json()) as { data: SignupItem }).data;
    if (wanted(item)) return item;
  }
  throw new Error(`no ${status} item of ${area} for the audit`);
}

let queuedSignups: Promise<void> | undefined;

/**
 * The demo learner in line for a full class and a full activity and waiting for the review of a
 * class and an activity (through the API), so 我的班级 and 我的活动 show every kind of sign-up.
 */
function demoQueuedSignups(): Promise<void> {
  queuedSignups ??= (async () => {
    const { token } = await apiLogin(portal.baseUrl);
    const answersFor = (item: SignupItem) =>
      Object.fromEntries(
        item.formFields.map((field) => [
          field.key,
          field.kind === 'phone'
            ? '13912345678'
            : field.kind === 'number'
              ? '66'
              : field.kind === 'choice'
                ? (field.options?.[0] ?? '')
                : field.kind === 'multi'
                  ? (field.options ?? []).slice(0, 1)
                  : '王秀兰',
        ]),
      );
    const send = async (pathname: string, body: object) => {
      const answer = await fetch(`${portal.baseUrl}/api${pathname}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { code, message } = (await answer.json()) as { code: number; message: string };
      if (code !== 0) throw new Error(`${pathname}: ${code} ${message}`);
    };
    const regular = (item: SignupItem) => item.kind !== '特色活动';
    const fullClass = await firstItem('classes', '已满', token, (item) => item.waitingCount > 0);
    const reviewedClass = await firstItem('classes', '报名中', token, (item) => item.reviewSignups);
    const fullActivity = await firstItem(
      'activities',
      '已满',
      token,
      (item) => item.waitingCount > 0 && regular(item),
    );
    const reviewedActivity = await firstItem(
      'activities',
      '报名中',
      token,
      (item) => item.reviewSignups && regular(item),
    );
    await send('/classes/signup', {
      classId: fullClass.id,
      form: answersFor(fullClass),
      waitlist: true,
    });
    await send('/classes/signup', { classId: reviewedClass.id, form: answersFor(reviewedClass) });
    await send('/activities/apply', {
      activityId: fullActivity.id,
      form: answersFor(fullActivity),
      waitlist: true,
    });
    await send('/activities/apply', {
      activityId: reviewedActivity.id,
      form: answersFor(reviewedActivity),
    });
  })();
  return queuedSignups;
}

const mineReady = (page: Page) => page.getByRole('heading', { name: '王秀兰' }).waitFor();

const auditedPages: readonly AuditedPage[] = [
  {
    name: 'a team work (its leader)',
    path: async () => `/groupWorkDetail?id=${await demoTeamWorkId()}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByText('写得真好！').waitFor(),
  },
  {
    name: 'home as a visitor',
    path: '/index/home',
    login: false,
    tabBar: true,
    ready: (page) => page.getByRole('link', { name: '登录 / 注册' }).waitFor(),
  },
  {
    name: 'home logged in',
    path: '/index/home',
    login: true,
    tabBar: true,
    ready: (page) => page.getByText('您好，王秀兰').waitFor(),
  },
  { name: 'mine', path: '/index/userInfo', login: true, tabBar: true, ready: mineReady },
  {
    name: 'my messages',
    path: '/messageDetails',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.message-item').first().waitFor(),
  },
  {
    name: 'a message',
    path: async () => `/messageDetails?id=${await firstMessageId()}`,
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.message-body').waitFor(),
  },
  {
    name: 'points tasks',
    path: '/pointsTask',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.points-task').first().waitFor(),
  },
  {
    name: 'points record',
    path: '/pointsRecord',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.points-entry').first().waitFor(),
  },
  {
    name: 'mine asking to confirm the logout',
    path: '/index/userInfo',
    login: true,
    tabBar: true,
    ready: async (page) => {
      await mineReady(page);
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.getByRole('button', { name: '不退出了' }).waitFor();
    },
  },
  {
    name: 'my medals',
    path: '/medal',
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('region', { name: '未获得' }).waitFor(),
  },
  {
    name: 'a medal',
    path: '/medal?key=activity-1',
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('region', { name: '勋章详情' }).getByRole('heading').waitFor(),
  },
  {
    name: 'my achievements',
    path: '/achievement',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.certificate').first().waitFor(),
  },
  {
    name: 'the certificate check',
    path: '/certVerify?code=NOSUCHCODE',
    login: false,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '证书不存在' }).waitFor(),
  },
  {
    name: 'the experience bases',
    path: '/Tiyan',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.base-card').first().waitFor(),
  },
  {
    name: 'an experience base with its slot picker',
    path: async () => `/Tiyan?id=${await firstId('/api/bases?size=1')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.slot-picker').first().waitFor(),
  },
  {
    name: 'my visit bookings',
    path: '/Tiyan?tab=mine',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.booking-card').first().waitFor(),
  },
  {
    name: 'the humanities walks',
    path: '/Rwxz',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.walk-card').first().waitFor(),
  },
  {
    name: 'a humanities walk',
    path: async () => `/Rwxz?id=${await firstId('/api/walks?size=1')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.walk-stop').first().waitFor(),
  },
  {
    name: 'the learning map',
    path: '/index/map',
    login: true,
    tabBar: true,
    ready: async (page) => {
      await page.locator('path.map-district.home').waitFor();
      await page.locator('.place-list .place-card').first().waitFor();
    },
  },
  {
    name: 'a school on the map',
    path: async () => `/mapDetailsSchool?id=${await firstId('/api/places?category=school&size=1')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: /开设班级/ }).waitFor(),
  },
  {
    name: 'the course list',
    path: '/scourseList',
    login: false,
    tabBar: false,
    ready: (page) => page.locator('.course-card').first().waitFor(),
  },
  {
    name: 'a course',
    path: async () => `/scourseDetail?id=${await firstId('/api/courses?size=1')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '课程目录' }).waitFor(),
  },
  {
    name: 'the e-book list',
    path: '/moreEBook',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.book-grid .book-card').first().waitFor(),
  },
  {
    name: 'an e-book',
    path: async () => `/ebookDetails?id=${await firstId('/api/ebooks?size=1')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.ebook-head h1').waitFor(),
  },
  {
    name: 'the news page',
    path: '/index/news',
    login: true,
    tabBar: true,
    ready: (page) => page.locator('.article-card').first().waitFor(),
  },
  {
    name: 'the notices with unread marks',
    path: '/index/notice',
    login: true,
    tabBar: true,
    ready: (page) => page.locator('.article-unread').first().waitFor(),
  },
  {
    name: 'an article',
    path: async () => `/contentDetails?id=${await firstId('/api/articles?size=1&kind=news')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.article-body .rich-html p').first().waitFor(),
  },
  {
    name: 'a class signup form',
    path: async () =>
      `/classSignup?id=${await firstId(`/api/classes?size=1&status=${encodeURIComponent('报名中')}`)}`,
    login: false,
    tabBar: false,
    ready: (page) => page.getByRole('button', { name: '提交报名' }).waitFor(),
  },
  {
    name: 'a full class with its waiting list (加入候补)',
    path: async () => {
      const { token } = await apiLogin(portal.baseUrl);
      const full = await firstItem('classes', '已满', token, (item) => item.waitingCount > 0);
      return `/classDetails?id=${full.id}`;
    },
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.class-action').waitFor(),
  },
  {
    name: 'my classes, in line and in review',
    path: async () => {
      await demoQueuedSignups();
      return '/myClassroom';
    },
    login: true,
    tabBar: false,
    ready: (page) =>
      page
        .getByText(/^候补第 \d+ 位$/)
        .first()
        .waitFor(),
  },
  {
    name: 'my activities, in line and in review',
    path: async () => {
      await demoQueuedSignups();
      return '/myActive';
    },
    login: true,
    tabBar: false,
    ready: (page) =>
      page
        .getByText(/^候补第 \d+ 位$/)
        .first()
        .waitFor(),
  },
  {
    name: 'the activities tab',
    path: '/index/activity',
    login: true,
    tabBar: true,
    ready: (page) => page.locator('.activity-card').first().waitFor(),
  },
  {
    name: 'an activity',
    path: async () =>
      `/activityDetails?id=${await firstId(`/api/activities?size=1&kind=${encodeURIComponent('讲座')}`)}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '活动介绍' }).waitFor(),
  },
  {
    name: 'the live list',
    path: '/liveList',
    login: false,
    tabBar: false,
    ready: (page) => page.locator('.live-card').first().waitFor(),
  },
  {
    name: 'the live channels',
    path: '/channelList',
    login: false,
    tabBar: false,
    ready: (page) => page.locator('.live-channel-card').first().waitFor(),
  },
  {
    name: 'an upcoming live session',
    path: async () =>
      `/liveDetails?id=${await firstId('/api/live/sessions?size=1&state=upcoming')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '直播介绍' }).waitFor(),
  },
  {
    name: 'a live session playing now',
    path: async () => `/liveDetails?id=${await firstId('/api/live/sessions?size=1&state=live')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('region', { name: '直播播放' }).waitFor(),
  },
  {
    name: 'a replay',
    path: async () => `/liveDetails?id=${await firstId('/api/live/sessions?size=1&state=ended')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '直播介绍' }).waitFor(),
  },
  {
    name: 'the live timetable (自主选课)',
    path: '/liveZzxk',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.timetable-item').first().waitFor(),
  },
  {
    name: 'my schedule on the timetable page',
    path: '/liveZzxk?view=mine',
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('tab', { name: /我的日程/, selected: true }).waitFor(),
  },
  {
    name: 'the study tab with 我的日程',
    path: '/index/study',
    login: true,
    tabBar: true,
    ready: (page) => page.getByRole('heading', { name: '我的日程' }).waitFor(),
  },
  {
    name: 'the account settings',
    path: '/accountSetting',
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '已登录的设备' }).waitFor(),
  },
  {
    name: 'the bound identities',
    path: '/bindSetting',
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('button', { name: '更换手机号' }).waitFor(),
  },
  {
    name: 'learning statistics, 30 days',
    path: '/statistics',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.statistics-chart svg').waitFor(),
  },
  {
    name: 'learning statistics, 12 months',
    path: '/statistics?range=12m',
    login: true,
    tabBar: false,
    ready: (page) => page.locator('.statistics-chart svg').waitFor(),
  },
  {
    name: 'resource delivery',
    path: '/index/zyps',
    login: true,
    tabBar: true,
    ready: (page) => page.locator('.delivery-list li').first().waitFor(),
  },
  {
    name: 'a deliverable resource with its request form',
    path: async () => `/zypsDetails?id=${await firstId('/api/delivery/resources?size=1')}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('button', { name: '提交申请' }).waitFor(),
  },
  {
    name: 'a delivery request with its history',
    path: async () => `/zypsRequest?id=${await deliveryRequestId()}`,
    login: true,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '处理记录' }).waitFor(),
  },
  {
    name: 'an unknown address',
    path: '/nope-not-a-page',
    login: false,
    tabBar: false,
    ready: (page) => page.getByRole('heading', { name: '没有找到这个页面' }).waitFor(),
  },
];

/** Audits every page of {@link auditedPages} in one mode (elder or normal). */
export function describeAudit(elder: boolean) {
  const mode = elder ? 'elder mode' : 'normal mode';
  const minTarget = elder ? 60 : 44;
  describe(`${mode}: targets >= ${minTarget}px, contrast >= 4.5:1, layout intact, no pop-ups`, () => {
    for (const audited of auditedPages) {
      const label = typeof audited.path === 'string' ? audited.path : 'from the demo content';
      it(`${audited.name} (${label})`, async () => {
        // Measured at rest: a text fading in (home's rotating notice) is not its colour yet.
        const context = await phoneContext(browser, { reducedMotion: 'reduce' });
        const page = await context.newPage();
        await prepare(page, { elder, login: audited.login });
        const target = typeof audited.path === 'string' ? audited.path : await audited.path();
        await page.goto(`${portal.baseUrl}${target}`);
        await audited.ready(page);
        await settle(page);
        const where = `${mode}, ${audited.name}`;
        await saveScreenshot(page, elder, audited.name);

        const audit = await page.evaluate(auditPage, { minTarget, elder });
        expect(audit.elderClass, `${where}: html.elder`).toBe(elder);
        expect(audit.targetCount, `${where}: no touch targets measured`).toBeGreaterThan(0);
        expect(audit.textCount, `${where}: no text measured`).toBeGreaterThan(0);
        expect
          .soft(
            audit.smallTargets,
            `${where}: touch targets under ${minTarget}x${minTarget}px:\n${show(audit.smallTargets)}`,
          )
          .toEqual([]);
        expect
          .soft(
            audit.smallText,
            `${where}: text under 18px or line height under 1.3:\n${showText(audit.smallText)}`,
          )
          .toEqual([]);
        expect
          .soft(
            audit.scrollWidth,
            `${where}: the page is wider than the screen (${audit.scrollWidth} > ${audit.innerWidth})`,
          )
          .toBeLessThanOrEqual(audit.innerWidth);
        expect.soft(audit.clipped, `${where}: text cut off:\n${show(audit.clipped)}`).toEqual([]);
        expect
          .soft(audit.overlapping, `${where}: text over text:\n  ${audit.overlapping.join('\n  ')}`)
          .toEqual([]);
        expect
          .soft(audit.popups, `${where}: pop-ups on the screen:\n${show(audit.popups)}`)
          .toEqual([]);

        const contrast = await contrastFailures(page);
        expect
          .soft(
            contrast,
            `${where}: text contrast under 4.5:1:\n${contrast
              .map((failure) => `  ${failure.target} ${failure.html}\n    ${failure.message}`)
              .join('\n')}`,
          )
          .toEqual([]);

        const findings = await seriousFindings(page);
        expect
          .soft(
            findings,
            `${where}: serious or critical accessibility findings:\n  ${findings.join('\n  ')}`,
          )
          .toEqual([]);

        const tabBar = await page.evaluate(auditTabBar);
        if (audited.tabBar) {
          expect(tabBar, `${where}: the 主导航 tab bar is missing`).not.toBeNull();
        } else {
          expect(tabBar, `${where}: a tab bar outside the index shell`).toBeNull();
        }
        if (tabBar) {
          expect.soft(tabBar.atBottom, `${where}: could not scroll to the bottom`).toBe(true);
          expect
            .soft(
              tabBar.shellPaddingBottom,
              `${where}: the content's bottom padding (${tabBar.shellPaddingBottom}px) is less than the tab bar's height (${tabBar.navHeight}px)`,
            )
            .toBeGreaterThanOrEqual(tabBar.navHeight - 0.01);
          expect
            .soft(
              tabBar.lastBottom,
              `${where}: the tab bar (top ${tabBar.navTop}px) covers the end of the content: ${tabBar.last} ends at ${tabBar.lastBottom}px`,
            )
            .toBeLessThanOrEqual(tabBar.navTop + 0.01);
        }
        await context.close();
      });
    }
  });
}
