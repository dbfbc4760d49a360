import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, devices } from 'playwright-core';
import { type Login, launchChromium, type Portal, startPortal } from '../e2e/harness.ts';

/** What the phone benches of this folder share: the build, the network conditions, the median. */

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Condition {
  name: string;
  /** Network.emulateNetworkConditions parameters, or null for no throttling. */
  network: {
    latency: number;
    downloadThroughput: number;
    uploadThroughput: number;
  } | null;
}

/** A 4G-like link, as Lighthouse's mobile profile throttles it, and loopback. */
export const CONDITIONS: Condition[] = [
  {
    name: '4G (9 Mbit/s down, 3 Mbit/s up, 40 ms RTT)',
    network: {
      latency: 40,
      downloadThroughput: (9 * 1024 * 1024) / 8,
      uploadThroughput: (3 * 1024 * 1024) / 8,
    },
  },
  { name: 'unthrottled (loopback)', network: null },
];

/** The web app built into a temporary folder, unless WEB_DIST_DIR names a build. */
export function buildWeb(): string {
  const given = process.env.WEB_DIST_DIR;
  if (given) return path.resolve(given);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  console.log(`building the web app into ${outDir} ...`);
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  return outDir;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * A fresh iPhone 13 profile (nothing cached) holding `login`, its page on `condition`'s link
 * (throttled through the DevTools protocol). Close the context when done.
 */
export async function phonePage(browser: Browser, login: Login, condition: Condition) {
  const context = await browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN' });
  await context.addInitScript(
    ({ token, userInfo }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify(userInfo));
    },
    { token: login.token, userInfo: login.userInfo },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (condition.network) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...condition.network });
  }
  return { context, page };
}

/**
 * Runs `bench` with the web app built (or WEB_DIST_DIR's), a portal serving it and Chromium; all
 * three are stopped and removed afterwards, whatever happens. `env` adds to the portal's settings.
 */
export async function withPortal(
  bench: (portal: Portal, browser: Browser) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dist = buildWeb();
  const [portal, browser] = await Promise.all([
    startPortal({ ...env, WEB_DIST_DIR: dist }),
    launchChromium(),
  ]);
  try {
    await bench(portal, browser);
  } finally {
    await browser.close();
    await portal.stop();
    if (!process.env.WEB_DIST_DIR) fs.rmSync(dist, { recursive: true, force: true });
  }
}
