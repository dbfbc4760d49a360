// `npm run bench:web`: Lighthouse (mobile, simulated throttling, performance only) on the
// portal's landing pages and on the stack floor, in the same run. The floor is this stack's bare
// shell (apps/web/bench/floor: React, React Router, TanStack Query, ky and antd-mobile's tab bar,
// swiper, list, toast and dialog), built on demand and served by Fastify as the portal is
// (apps/server/bench/web-floor.ts). The portal runs on a fresh, seeded SQLite database.
// Pages that need a learner are measured logged in: a Chromium profile holds the demo learner's
// login, its HTTP cache emptied before every run.
//   BENCH_WEB_RUNS=5 (median of)   BENCH_WEB_PAGES=home,course-list (a subset, by key)
//   BENCH_WEB_REPORTS=dir (keeps every Lighthouse JSON report there, to see where time went)
// Both are measured as they are deployed: behind nginx with the recipe's site file
// (deploy/nginx/portal.conf), over HTTPS and HTTP/2 with a certificate made for the run (the floor
// behind the same nginx); BENCH_WEB_DIRECT=1 measures the Node servers directly, over HTTP/1.1.
// Lighthouse is fetched by npx on demand rather than installed: it brings ~400 packages that
// every `npm ci` would otherwise pay for.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NGINX,
  portalSite,
  proxySite,
  selfSignedCertificate,
  startNginx,
  writeNginxConfig,
  writeUpstreams,
} from './nginx.mjs';
import { ensureWebBuild } from './web-build.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

/**
 * The pages measured, with the issue's targets: `id` names the list (a path under `/api`, with
 * its query if any) whose first item a detail page opens; `login` pages are measured as the
 * demo learner.
 */
const PAGES = [
  { key: 'home', path: '/index/home', minScore: 97 },
  { key: 'course-list', path: '/scourseList', minScore: 97 },
  { key: 'course-detail', path: '/scourseDetail', id: '/courses', minScore: 97 },
  {
    key: 'activity-detail',
    path: '/activityDetails',
    id: '/activities',
    login: true,
    minScore: 97,
  },
  { key: 'ebook-list', path: '/moreEBook', login: true, minScore: 97 },
  { key: 'ebook-detail', path: '/ebookDetails', id: '/ebooks', login: true, minScore: 97 },
  { key: 'rankings', path: '/rankingList', login: true, minScore: 97 },
  { key: 'team-detail', path: '/teamDetails', id: '/teams', minScore: 97 },
  { key: 'map', path: '/index/map', login: true, minScore: 97 },
  { key: 'article', path: '/contentDetails', id: '/articles?kind=news', minScore: 97 },
];
/** Every page: largest paint and layout shift at most these (ms, unitless). */
const MAX_LCP = 2500;
const MAX_CLS = 0.05;
/** Chromium flags for a closed network (its background connections would be refused). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A TCP port on loopback that nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when the child has exited, killing it hard if it has not within `ms`. */
function exited(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Stops a process group: SIGINT (Lighthouse then closes its Chromium), SIGKILL after `ms`. */
async function stopGroup(pgid, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      // npm exits at once on a signal, and may spawn Lighthouse just after: so signal until empty.
      process.kill(-pgid, Date.now() < deadline ? 'SIGINT' : 'SIGKILL');
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Polls `probe` until the server answers, failing if it exits or takes over 60 s. */
async function waitForServer(server, probe) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(probe)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs the Lighthouse CLI once and returns its parsed JSON report (the LHR). */
async function lighthouse(url, reportPath, track, profile = null) {
  const child = spawn(
    'npx',
    [
      '--yes',
      // npm's own warnings would break up the table; its errors still show.
      '--loglevel=error',
      LIGHTHOUSE,
      url,
      '--output=json',
      `--output-path=${reportPath}`,
      '--only-categories=performance',
      `--chrome-flags=${[...CHROMIUM_FLAGS, '--ignore-certificate-errors', ...(profile ? [`--user-data-dir=${profile}`] : [])].join(' ')}`,
      // A logged-in run keeps the profile's storage (the login); its cache is emptied by us.
      ...(profile ? ['--disable-storage-reset'] : []),
      '--quiet',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CHROME_PATH: chromiumPath },
      // Its own process group, so that a stop reaches Lighthouse itself: npx does not forward it.
      detached: true,
    },
  );
  track(child);
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (status, signal) => resolve(status ?? signal));
  });
  track(null);
  // The CLI writes the report before it exits non-zero on a runtime error: show that error.
  const lhr = fs.existsSync(reportPath) ? JSON.parse(fs.readFileSync(reportPath, 'utf8')) : null;
  if (lhr?.runtimeError) {
    const { code: errorCode, message } = lhr.runtimeError;
    throw new Error(`Lighthouse runtime error ${errorCode}: ${message}`);
  }
  if (code !== 0) throw new Error(`Lighthouse exited with ${code}`);
  if (!lhr) throw new Error(`Lighthouse wrote no report at ${reportPath}`);
  return lhr;
}

/**
 * Lighthouse now and then loses its own trace (NO_NAVSTART, NO_FCP on a busy machine): such a
 * run is tried again, twice at most; a page that fails three times in a row fails the bench.
 */
async function withRetry(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !/runtime error (NO_NAVSTART|NO_FCP)/.test(error.message)) {
        throw error;
      }
      console.error(`  (${error.message.split(':')[0]}; trying again)`);
    }
  }
}

/** The figures this benchmark reports, taken from one Lighthouse report. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const transfer = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  const score = lhr.categories.performance.score;
  return {
    score: score === null ? Number.NaN : score * 100,
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    si: audit('speed-index'),
    js: transfer(requests.filter((item) => item.resourceType === 'Script')),
    total: transfer(requests),
  };
}

/** Median of some numbers (mean of the middle two for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const COLUMNS = [
  ['score', 5, (value) => value.toFixed(0)],
  ['LCP ms', 7, (value) => value.toFixed(0)],
  ['TBT ms', 7, (value) => value.toFixed(0)],
  ['CLS', 6, (value) => value.toFixed(3)],
  ['FCP ms', 7, (value) => value.toFixed(0)],
  ['SI ms', 7, (value) => value.toFixed(0)],
  ['JS KB', 7, (value) => (value / 1024).toFixed(1)],
  ['total KB', 8, (value) => (value / 1024).toFixed(1)],
];
const KEYS = ['score', 'lcp', 'tbt', 'cls', 'fcp', 'si', 'js', 'total'];

/** One line of the results table: a label, then each figure right-aligned in its column. */
function row(label, values) {
  const cells = COLUMNS.map(([title, width, format], index) =>
    (values ? format(values[KEYS[index]]) : title).padStart(Math.max(width, title.length)),
  );
  return [label.padEnd(16), ...cells].join('  ');
}

/** Starts a child that listens on `port`; resolves once `probe` answers. */
async function startChild(args, env, probe) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(child, probe);
  return child;
}

/** Resolves once something accepts connections on `port` (nginx started by `child`). */
async function listening(port, child) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode})`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

/** Builds the stack floor (apps/web/bench/floor) into `outDir`. */
function buildFloor(outDir) {
  const build = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--config', 'bench/floor/vite.config.ts', '--outDir', outDir],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`floor build failed (exit ${build.status})`);
}

/** `data` of a portal API answer (GET, default site). */
async function api(baseUrl, apiPath, init = {}) {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-site': 'jingan', ...init.headers },
  });
  const body = await response.json();
  if (body.code !== 0) throw new Error(`${apiPath}: code ${body.code} ${body.message}`);
  return body.data;
}

/** Logs the demo learner in through the account center (form, ticket, token exchange). */
async function loginLearner(baseUrl) {
  const sso = await fetch(`${baseUrl}/sso/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: '13800000001',
      password: 'Demo@2026',
      callback: `${baseUrl}/authPage`,
    }),
  });
  const ticket = new URL(sso.headers.get('location') ?? '', baseUrl).searchParams.get('ticket');
  if (!ticket) throw new Error(`no ticket from the account center (HTTP ${sso.status})`);
  return api(baseUrl, '/account/login', { method: 'POST', body: JSON.stringify({ ticket }) });
}

/**
 * A Chromium profile whose storage holds the learner's login on the origin the pages are
 * measured on (`pageUrl`); the login itself goes to the portal at `baseUrl`.
 */
async function loggedInProfile(baseUrl, pageUrl, dir) {
  const { chromium } = await import('playwright-core');
  const login = await loginLearner(baseUrl);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await page.goto(`${pageUrl}/favicon.svg`);
  await page.evaluate(({ token, userInfo }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
  }, login);
  await context.close();
  return dir;
}

/** Empties a profile's HTTP and code caches: every run downloads everything again. */
function emptyCaches(profile) {
  for (const cache of ['Cache', 'Code Cache', 'GPUCache'])
    fs.rmSync(path.join(profile, 'Default', cache), { recursive: true, force: true });
}

/** The ratio of a figure to the floor's, as `1.23x`. */
const ratio = (value, floor) => (floor > 0 ? `${(value / floor).toFixed(2)}x` : '-');

/** Builds what is needed, starts the portal and the floor, measures every page, prints. */
async function main() {
  if (!fs.existsSync(chromiumPath))
    throw new Error(
      `no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  const wanted = process.env.BENCH_WEB_PAGES?.split(',').map((key) => key.trim());
  const pages = PAGES.filter((page) => !wanted || wanted.includes(page.key));
  ensureWebBuild();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const floorDist = path.join(tempDir, 'floor');
  buildFloor(floorDist);

  const [portalPort, floorPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${portalPort}`;
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  const children = [];
  let running = null;
  let cleaning;
  /** Stops Lighthouse and the servers and removes the temp dir; safe to call more than once. */
  const cleanup = () => {
    cleaning ??= (async () => {
      if (running) await stopGroup(running.pid, 10_000);
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((child) => exited(child, 10_000)));
      fs.rmSync(tempDir, { recursive: true, force: true });
    })();
    return cleaning;
  };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])
    process.once(signal, () => cleanup().finally(() => process.exit(code)));

  try {
    children.push(
      await startChild(
        ['apps/server/src/server.ts'],
        {
          PORT: String(portalPort),
          DATA_DIR: path.join(tempDir, 'data'),
          // An inherited PostgreSQL URL would bench that database instead of a fresh SQLite one.
          DATABASE_URL: '',
        },
        `${baseUrl}/api/sites`,
      ),
    );
    children.push(
      await startChild(
        ['apps/server/bench/web-floor.ts'],
        { PORT: String(floorPort), FLOOR_DIST: floorDist },
        `${floorUrl}/floor-api/items`,
      ),
    );
    // As deployed: nginx in front, HTTPS and HTTP/2 (unless BENCH_WEB_DIRECT=1).
    let pageUrl = baseUrl;
    let floorPage = `${floorUrl}/`;
    if (process.env.BENCH_WEB_DIRECT !== '1') {
      if (!fs.existsSync(NGINX)) {
        throw new Error(`no nginx at ${NGINX} (apt-get install nginx, or BENCH_WEB_DIRECT=1)`);
      }
      const prefix = path.join(tempDir, 'nginx');
      fs.mkdirSync(prefix, { recursive: true });
      const tls = selfSignedCertificate(prefix);
      const upstreams = path.join(prefix, 'portal-upstreams.conf');
      writeUpstreams(upstreams, [portalPort]);
      const [portalTls, floorTls] = [await freePort(), await freePort()];
      writeNginxConfig(prefix, [
        portalSite({
          listen: portalTls,
          upstreams,
          distDir: path.join(root, 'apps/web/dist'),
          tls,
        }),
        proxySite({ listen: floorTls, port: floorPort, tls }),
      ]);
      const nginx = startNginx(prefix);
      children.push(nginx);
      for (const port of [portalTls, floorTls]) await listening(port, nginx);
      pageUrl = `https://127.0.0.1:${portalTls}`;
      floorPage = `https://127.0.0.1:${floorTls}/`;
    }
    const profile = pages.some((page) => page.login)
      ? await loggedInProfile(baseUrl, pageUrl, path.join(tempDir, 'profile'))
      : null;
    const targets = [{ key: 'floor', url: floorPage }];
    for (const page of pages) {
      const first = page.id && `${page.id}${page.id.includes('?') ? '&' : '?'}page=1&size=1`;
      const id = first ? (await api(baseUrl, first)).list[0]?.id : null;
      if (page.id && !id) throw new Error(`no item in ${page.id} to open ${page.path} with`);
      const url = `${pageUrl}${page.path}${id ? `?id=${id}` : ''}`;
      targets.push({ ...page, url, profile: page.login ? profile : null });
    }

    console.log(
      `Lighthouse ${LIGHTHOUSE.split('@')[1]} (mobile, simulated throttling), median of ${RUNS}`,
    );
    console.log(`Chromium: ${chromiumPath} (npx downloads Lighthouse on first use)`);
    console.log(
      pageUrl === baseUrl
        ? 'served by the Node servers directly (HTTP/1.1)\n'
        : 'served through nginx as deployed (HTTPS, HTTP/2; deploy/nginx/portal.conf)\n',
    );
    console.log(row('page'));
    const results = [];
    for (const target of targets) {
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        if (target.profile) emptyCaches(target.profile);
        const report = path.join(tempDir, `lighthouse-${target.key}-${run}.json`);
        const lhr = await withRetry(() =>
          lighthouse(
            target.url,
            report,
            (child) => {
              running = child;
            },
            target.profile,
          ),
        );
        runs.push(figures(lhr));
        if (process.env.BENCH_WEB_REPORTS) {
          fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
          fs.copyFileSync(report, path.join(process.env.BENCH_WEB_REPORTS, path.basename(report)));
        }
      }
      const medians = Object.fromEntries(
        KEYS.map((key) => [key, median(runs.map((figure) => figure[key]))]),
      );
      results.push({ ...target, medians });
      console.log(row(target.key, medians));
    }

    const floor = results[0].medians;
    console.log(`\nagainst the floor (${floorPage}), and the targets:`);
    const failures = [];
    for (const { key, medians, minScore, login } of results.slice(1)) {
      const misses = [];
      if (medians.score < minScore) misses.push(`score < ${minScore}`);
      if (medians.lcp > MAX_LCP) misses.push(`LCP > ${MAX_LCP} ms`);
      if (medians.cls > MAX_CLS) misses.push(`CLS > ${MAX_CLS}`);
      if (misses.length) failures.push(`${key}: ${misses.join(', ')}`);
      console.log(
        `${key.padEnd(16)} score ${medians.score.toFixed(0)} (floor ${floor.score.toFixed(0)}),` +
          ` LCP ${ratio(medians.lcp, floor.lcp)}, FCP ${ratio(medians.fcp, floor.fcp)},` +
          ` JS ${ratio(medians.js, floor.js)} of the floor${login ? ' [learner]' : ''}` +
          `  ${misses.length ? `MISSES ${misses.join(', ')}` : 'meets its targets'}`,
      );
    }
    if (failures.length) {
      console.error(`\n${failures.length} page(s) miss their targets`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(`bench:web failed: ${error.message}`);
  process.exitCode = 1;
});
