import fs from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The files of the app shell: what the built `index.html` loads (the entry's script, the
 * stylesheet), and the chunks the entry imports (not those it loads on demand, a page's own)
 * with their stylesheets, from Vite's build manifest in `dist`.
 */
export function shellFiles(dist: string): Set<string> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (file) files.add(file);
  }
  return files;
}

/**
 * Keeps only the app shell in the service worker's precache: a phone downloads it once, beside
 * nothing else; every other chunk is kept as it is first loaded (see `sw/sw.ts`).
 */
export const precacheShellOnly =
  (dist: string): ManifestTransform =>
  async (entries) => {
    const shell = shellFiles(dist);
    return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
  };
