// The web builds (the portal and the operators' console), each made only when it is missing or
// older than its sources (npm start, bench:web).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each app: its workspace, its built page, and what it is made from. */
const apps = [
  {
    workspace: '@portal/web',
    name: 'the web app',
    builtIndex: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite-boot-script.ts',
      'apps/web/vite-precompress.ts',
      'packages/contract/src',
    ],
  },
  {
    workspace: '@portal/admin',
    name: 'the operators’ console',
    builtIndex: 'apps/admin/dist/index.html',
    sources: [
      'apps/admin/src',
      'apps/admin/public',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'packages/contract/src',
    ],
  },
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

/** Builds each app whose build is missing or older than its sources; throws if one fails. */
export function ensureWebBuild() {
  for (const app of apps) {
    const builtAt =
      fs.statSync(path.join(root, app.builtIndex), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const changedAt = Math.max(
      ...app.sources.map((source) => newestMtime(path.join(root, source))),
    );
    if (changedAt <= builtAt) continue;
    console.log(`Building ${app.name}...`);
    const build = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`${app.name}: build failed (exit ${build.status})`);
  }
}
