// `npm run bench:web`: Lighthouse (mobile, simulated throttling, performance only) against
// /index/home of a freshly started portal on an empty, freshly seeded SQLite database.
// Lighthouse is fetched by npx on demand rather than installed: it brings ~400 packages that
// every `npm ci` would otherwise pay for.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = 3;
const PAGE = '/index/home';
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

/** Polls `GET /api/sites` until the server answers, failing if it exits or takes over 60 s. */
async function waitForServer(server, baseUrl) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/sites`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs the Lighthouse CLI once and returns its parsed JSON report (the LHR). */
async function lighthouse(url, reportPath, track) {
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
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
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
  return [label.padEnd(8), ...cells].join('  ');
}

/** Builds if needed, starts the portal, runs Lighthouse RUNS times and prints the table. */
async function main() {
  if (!fs.existsSync(chromiumPath))
    throw new Error(
      `no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  ensureWebBuild();

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir,
      LOG_LEVEL: 'warn',
      // An inherited PostgreSQL URL would bench that database instead of a fresh SQLite one.
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let running = null;
  let cleaning;
  /** Stops Lighthouse and the server and removes the temp dir; safe to call more than once. */
  const cleanup = () => {
    cleaning ??= (async () => {
      if (running) await stopGroup(running.pid, 10_000);
      server.kill('SIGTERM');
      await exited(server, 10_000);
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
    await waitForServer(server, baseUrl);
    const url = `${baseUrl}${PAGE}`;
    console.log(
      `Lighthouse ${LIGHTHOUSE.split('@')[1]} (mobile, simulated throttling) x${RUNS} on ${url}`,
    );
    console.log(`Chromium: ${chromiumPath} (npx downloads Lighthouse on first use)\n`);
    console.log(row('run'));
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const report = path.join(tempDir, `lighthouse-${run}.json`);
      const lhr = await lighthouse(url, report, (child) => {
        running = child;
      });
      runs.push(figures(lhr));
      console.log(row(`#${run}`, runs.at(-1)));
    }
    const medians = Object.fromEntries(
      KEYS.map((key) => [key, median(runs.map((figure) => figure[key]))]),
    );
    console.log(row('median', medians));
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(`bench:web failed: ${error.message}`);
  process.exitCode = 1;
});
