// The web build, made only when it is missing or older than its sources (npm start, bench:web).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
/** What the web build is made from. */
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-boot-script.ts',
  'apps/web/vite-precompress.ts',
  'packages/contract/src',
];

/** Newest modification time of a file or, recursively, of a directory's contents (0 if absent). */
function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the web app when its build is missing or older than its sources; throws if it fails. */
export function ensureWebBuild() {
  const builtAt = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (changedAt <= builtAt) return;
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@portal/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`web build failed (exit ${build.status})`);
}
