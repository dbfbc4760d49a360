import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { LANDINGS } from './src/app/landing-data.ts';

const BOOT_ENTRY = fileURLToPath(new URL('./src/boot/boot.ts', import.meta.url));
const SRC = fileURLToPath(new URL('./src', import.meta.url));

type LandingChunks = Record<string, { js: string[]; css: string[] }>;

const isChunk = (item: OutputBundle[string] | undefined): item is OutputChunk =>
  item?.type === 'chunk';

/**
 * For each landing page module (and the other modules it loads at once), the chunks it needs that
 * the entry does not already bring (those Vite preloads from the HTML itself), and its
 * stylesheets, as URLs.
 */
export function landingChunks(bundle: OutputBundle): LandingChunks {
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.find((chunk) => chunk.isEntry);
  const withImports = (start: OutputChunk) => {
    const found = new Set<OutputChunk>();
    const visit = (chunk: OutputChunk) => {
      if (found.has(chunk)) return;
      found.add(chunk);
      for (const name of chunk.imports) {
        const imported = bundle[name];
        if (isChunk(imported)) visit(imported);
      }
    };
    visit(start);
    return found;
  };
  const initial = entry ? withImports(entry) : new Set<OutputChunk>();
  const result: LandingChunks = {};
  const chunkOf = (facade: string, what: string) => {
    const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(facade));
    if (!chunk) throw new Error(`no chunk for ${what} (${facade})`);
    return chunk;
  };
  for (const { page, modules = [] } of Object.values(LANDINGS)) {
    if (!page || result[page]) continue;
    const [area, name] = page.split('/');
    const starts = [
      chunkOf(`/src/features/${area}/pages/${name}-page.tsx`, `the landing page ${page}`),
      ...modules.map((module) => chunkOf(`/src/${module}`, `a module of ${page}`)),
    ];
    const found = new Set(starts.flatMap((start) => [...withImports(start)]));
    const needed = [...found].filter((item) => !initial.has(item));
    const css = needed.flatMap((item) => [...(item.viteMetadata?.importedCss ?? [])]);
    result[page] = {
      js: needed.map((item) => `/${item.fileName}`),
      css: [...new Set(css)].map((file) => `/${file}`),
    };
  }
  return result;
}

/** The boot script as one small classic script (an IIFE, minified). */
async function bundleBoot(chunks: LandingChunks): Promise<string> {
  const { output } = await build({
    input: BOOT_ENTRY,
    write: false,
    resolve: { alias: { '@': SRC } },
    transform: { target: 'es2020', define: { __LANDING_CHUNKS__: JSON.stringify(chunks) } },
    output: { format: 'iife', minify: true },
  });
  const code = output[0].code.trim();
  if (code.includes('</script')) throw new Error('the boot script may not contain </script');
  return code;
}

/**
 * Inlines `src/boot/boot.ts` first in the `<head>` of index.html, before the stylesheets that
 * would hold it back: the token refresh, the landing page's data and its chunks start while the
 * bundle is still on its way. The server allows exactly this script by its hash in the
 * Content-Security-Policy (`apps/server/src/http/web-host.ts`). The dev server has no bundle:
 * there it preloads no chunks.
 */
export function inlineBootScript(): Plugin {
  return {
    name: 'portal-inline-boot-script',
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        const chunks = context.bundle ? landingChunks(context.bundle as OutputBundle) : {};
        return [
          {
            tag: 'script',
            attrs: { id: 'portal-boot' },
            children: await bundleBoot(chunks),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
