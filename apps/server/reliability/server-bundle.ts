import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { type Resources, serverDir } from '../bench/harness.ts';

/**
 * Every file of the server keeps its own `import.meta.url` (config, media and fonts find their
 * folders from it), and only the workspace's own packages are bundled: the rest (native
 * modules among them) load from node_modules as usual.
 */
const keepServerShape: Plugin = {
  name: 'keep-server-shape',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * `src/server.ts` as one ES module, run with plain node: the same code tsx runs, started in
 * half the CPU time (no per-file loader), which ten restarts in a time-boxed suite need. It is
 * written under `apps/server/node_modules/.cache` (so packages resolve as from the sources) and
 * removed with the run's resources.
 */
export function bundleServer(resources: Resources): Promise<string> {
  let bundle = bundles.get(resources);
  if (!bundle) {
    bundle = writeBundle(resources);
    bundles.set(resources, bundle);
  }
  return bundle;
}

/** One bundle per run (its resources), whichever scenarios ask. */
const bundles = new WeakMap<Resources, Promise<string>>();

async function writeBundle(resources: Resources): Promise<string> {
  const dir = path.join(serverDir, 'node_modules', '.cache', `reliability-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, 'server.mjs');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  resources.onCleanup(async () => remove(), remove);
  await build({
    entryPoints: [path.join(serverDir, 'src', 'server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    plugins: [keepServerShape],
  });
  return outfile;
}
