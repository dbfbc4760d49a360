// Bundle budget of the web app, checked by `npm test` after the build: the script a phone
// downloads when it opens /index/home, until the network is idle (issue 27: at most 150 KB), in
// bytes as the server sends them. That is the entry chunk, the home page's chunk (the boot script
// preloads it beside the entry's) and everything they import statically; the home page loads
// nothing else before a touch (e2e/network.e2e.test.ts counts the same in Chromium, from the
// network, headers included, and fails too when it is over). The server sends each file's
// brotli copy made at build time (vite-precompress.ts); a file without one, as it would compress
// it on the fly (brotli quality 4 from 1 KB on, else as it is).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const BUDGET = {
  /** Bytes of JavaScript a phone downloads on /index/home until the network is idle. */
  homeJs: 150 * 1024,
  /** Bytes of CSS loaded before the first screen. */
  initialCss: 30 * 1024,
};

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('no entry chunk in the Vite manifest');
const HOME_PAGE = 'src/features/home/pages/home-page.tsx';
const home = manifest[HOME_PAGE];
if (!home) throw new Error(`no chunk for ${HOME_PAGE} in the Vite manifest`);

const seen = new Set();
const files = { js: new Set(), css: new Set() };
function walk(chunk) {
  if (seen.has(chunk.file)) return;
  seen.add(chunk.file);
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const key of chunk.imports ?? []) walk(manifest[key]);
}
walk(entry);
walk(home);
// The service worker (issue 32) registers after the first paint, before the network is idle:
// its registration's chunk and the worker's own script count.
const SERVICE_WORKER = 'src/platform/service-worker.ts';
if (!manifest[SERVICE_WORKER])
  throw new Error(`no chunk for ${SERVICE_WORKER} in the Vite manifest`);
walk(manifest[SERVICE_WORKER]);
if (!fs.existsSync(path.join(dist, 'sw.js'))) throw new Error('no sw.js in the build');
files.js.add('sw.js');
// Stylesheets the HTML links itself (the app's one stylesheet: `cssCodeSplit` is off).
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)) {
  files.css.add(href);
}

/** The bytes the server sends for a built file to a browser that takes brotli. */
function sent(file) {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  const data = fs.readFileSync(full);
  if (data.length < 1024) return data.length;
  return zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
  }).length;
}
const sum = (set) => [...set].reduce((total, file) => total + sent(file), 0);
const js = sum(files.js);
const css = sum(files.css);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `bundle: home's JS ${kb(js)} as sent, in ${files.js.size} files (budget ${kb(BUDGET.homeJs)}),` +
    ` initial CSS ${kb(css)} (budget ${kb(BUDGET.initialCss)})`,
);
if (js > BUDGET.homeJs || css > BUDGET.initialCss) {
  console.error('bundle budget exceeded');
  process.exit(1);
}

// zod stays on the server: the web app takes the contract's values from
// `@portal/contract/constants` (types cost nothing). A schema in a chunk costs about 60 KB, and
// zod's eval probe breaks the CSP (a `script-src` violation on every page that loads it).
const withZod = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .filter((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8').includes('$ZodType'));
if (withZod.length > 0) {
  console.error(
    `zod is in the web bundle (${withZod.join(', ')}): import values from @portal/contract/constants`,
  );
  process.exit(1);
}
