// `npm test`: every check, in order — lint and format, typecheck, unit and API integration tests
// (SQLite, and PostgreSQL when it answers), the reliability runner, the web build with its bundle
// budget, and end-to-end tests in Chromium. It never skips a suite silently (ARCHITECTURE.md,
// runtime contract).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers, maskedUrl, postgresUrl } from './postgres-url.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const started = Date.now();

function run(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

function chromiumPath() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(wanted)) return wanted;
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');
  if (isRoot && isDebian && !process.env.CHROMIUM_PATH) {
    console.log('Chromium not found: installing the Debian package `chromium`...');
    run('apt-get update', 'apt-get', ['update', '-qq']);
    run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    `✖ No Chromium at ${wanted}. Install one (Debian/Ubuntu: \`sudo apt-get install chromium\`) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

/** Debian's ffmpeg for the media pipeline's transcoding (its tests make real ladders). */
function ensureFfmpeg() {
  const found = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  if (found) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');
  if (isRoot && isDebian) {
    console.log('ffmpeg not found: installing the Debian package `ffmpeg`...');
    run('apt-get update', 'apt-get', ['update', '-qq']);
    run('install ffmpeg', 'apt-get', ['install', '-y', '-qq', 'ffmpeg'], {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error("✖ No ffmpeg for the media pipeline's tests. Install Debian's `ffmpeg`.");
  process.exit(1);
}

/** Debian's nginx (and its brotli module) for the deployment test; installed when missing. */
function ensureNginx() {
  if (fs.existsSync(process.env.NGINX_PATH || '/usr/sbin/nginx')) return;
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');
  if (isRoot && isDebian && !process.env.NGINX_PATH) {
    console.log('nginx not found: installing the Debian packages `nginx` and its brotli module...');
    run('apt-get update', 'apt-get', ['update', '-qq']);
    run(
      'install nginx',
      'apt-get',
      ['install', '-y', '-qq', 'nginx', 'libnginx-mod-http-brotli-static'],
      { env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } },
    );
    if (fs.existsSync('/usr/sbin/nginx')) return;
  }
  console.error(
    "✖ No nginx for the deployment test. Install Debian's `nginx` (and " +
      '`libnginx-mod-http-brotli-static`), or set NGINX_PATH.',
  );
  process.exit(1);
}

run('lint and format (biome)', 'npx', ['biome', 'check', '.']);
run('typecheck (all workspaces)', 'npm', ['run', 'typecheck', '--silent']);

const pgUrl = await postgresUrl();
if (pgUrl) {
  env.TEST_DATABASE_URL = pgUrl;
  console.log(`\nPostgreSQL suite: ${maskedUrl(pgUrl)}`);
} else {
  delete env.TEST_DATABASE_URL;
  console.log(
    '\nSKIPPED postgres suite (no PostgreSQL answered at TEST_DATABASE_URL or 127.0.0.1:5432)',
  );
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error('✖ REQUIRE_POSTGRES=1 but no PostgreSQL answered');
    process.exit(1);
  }
}
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
if (await answers(redisUrl, 6379)) env.TEST_REDIS_URL = redisUrl;
else console.log('SKIPPED redis counter store tests (no Redis answered; it is optional)');

ensureFfmpeg();
run('unit and API integration tests', 'npx', ['vitest', 'run']);
// Real servers on loopback (SQLite, PostgreSQL, two instances): seats, ledger; figures table.
run('reliability (npm run test:reliability)', 'npm', ['run', 'test:reliability', '--silent']);
run('build the web app', 'npm', ['run', 'build', '--silent']);
run('bundle budget', 'node', ['scripts/check-bundle.mjs']);
// nginx from deploy/ in front of two instances, PostgreSQL, Redis and a local S3: an upload
// served across instances, per-client limits, a rolling restart losing nothing.
if (pgUrl) {
  ensureNginx();
  run('deployment (npm run test:deploy)', 'npm', ['run', 'test:deploy', '--silent']);
} else {
  console.log('\nSKIPPED deployment test (it needs PostgreSQL)');
}
env.CHROMIUM_PATH = chromiumPath();
run(
  'end-to-end tests (Chromium, phone emulation)',
  'npx',
  ['vitest', 'run', '--config', 'vitest.e2e.config.ts'],
  {
    cwd: path.join(root, 'apps/web'),
  },
);

console.log(`\n✔ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
