import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchChromium, type Portal, phoneContext, startPortal } from '../../web/e2e/harness.ts';

/**
 * The console's e2e files share this: the real server and Chromium started once per file, desktop
 * pages signed in through the account center, the axe check, and the pages' errors checked after
 * each test (none may be thrown).
 */
export function consoleSuite(env: Record<string, string> = {}) {
  let portal: Portal;
  let browser: Browser;
  let axeSource: string;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    axeSource = fs.readFileSync(
      createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    [portal, browser] = await Promise.all([startPortal(env), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(errors.splice(0)).toEqual([]);
  });

  const url = (path: string) => `${portal.baseUrl}${path}`;

  return {
    get portal() {
      return portal;
    },
    url,

    /** A desktop browser (1280 × 800, Chinese, Shanghai time) signed in to the console. */
    async signedIn(username: string): Promise<Page> {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        // No motion (the console honours it): axe reads each message at its full contrast.
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url('/admin/'));
      // Not signed in: the account center's form, which sends the operator back with a ticket.
      await page.waitForURL(/\/sso\/login\?/);
      await page.locator('input[name=username]').fill(username);
      await page.locator('input[name=password]').fill('Demo@2026');
      await page.locator('button[type=submit]').click();
      try {
        await page.waitForURL(/\/admin\/(articles|authPage)/, { timeout: 30_000 });
      } catch (error) {
        // Say where it stopped (a refusal of the account center names its reason on the page).
        const shown = await page
          .locator('body')
          .innerText()
          .catch(() => '');
        throw new Error(`${username} not signed in at ${page.url()}: ${shown.slice(0, 300)}`, {
          cause: error,
        });
      }
      return page;
    },

    /** A phone (the portal's emulation), closed after the test. */
    async phone(): Promise<BrowserContext> {
      const context = await phoneContext(browser);
      contexts.push(context);
      return context;
    },

    /** axe-core's serious and critical findings on the page as shown, once its motion settled. */
    async seriousFindings(page: Page): Promise<string[]> {
      // A form message fading in or out is read at half its contrast: wait until it settles.
      // (The contexts ask for reduced motion, which the console honours: this is a safeguard.)
      await page
        .waitForFunction(
          () => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      // Evaluated, not a script tag: the page's Content-Security-Policy allows no inline script.
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
      return page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (options: unknown) => Promise<{
                violations: Array<{
                  id: string;
                  impact: string;
                  nodes: Array<{ target: unknown }>;
                }>;
              }>;
            };
          }
        ).axe;
        const result = await axe.run({ resultTypes: ['violations'] });
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`,
          );
      });
    },

    /** Counts the page's uncaught errors as the test's failures. */
    watch(page: Page) {
      page.on('pageerror', (error) => errors.push(error.message));
    },

    /** The console's menu. */
    menu: (page: Page) => page.getByRole('navigation', { name: '后台菜单' }),

    /** Chooses `option` in the antd select labelled `label`. */
    async choose(page: Page, label: string, option: string) {
      await page.getByLabel(label, { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
    },
  };
}
