import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { inlineBootScript } from './vite-boot-script.ts';
import { precompressAssets } from './vite-precompress.ts';
import { precacheShellOnly } from './vite-shell-precache.ts';

const dist = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    inlineBootScript(),
    precompressAssets(),
    // The service worker (`sw/sw.ts`, issue 32): Workbox with the app shell's files injected.
    // The app registers it itself after the first paint; each site's manifest is the server's.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css}'],
        manifestTransforms: [precacheShellOnly(dist)],
        minify: true,
        sourcemap: false,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // One stylesheet for the whole app (about 12 KB gzip), in the HTML: a page's own styles
    // would cost it one or two more requests on its first screen, each a round trip on a
    // phone, for a few hundred bytes each.
    cssCodeSplit: false,
    // Fewer, larger chunks for what every page needs: over HTTP/1.1 a phone opens six
    // connections, so 20 small chunks cost several round trips where two cost one. React, the
    // router, TanStack Query and ky make one `vendor` chunk; the app's shared platform code (and
    // the contract's) one `base` chunk. UI kit components stay split by page: grouping them
    // would make every page download every component (measured: +50 KB on home). The outbox
    // (issue 32) stays out of `base`: it loads on demand, with its IndexedDB wrapper.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|ky)[\\/]/,
              priority: 2,
            },
            {
              name: 'base',
              test: /[\\/]src[\\/](platform[\\/](?!outbox[\\/]outbox(-core)?\.ts)|lib[\\/])|[\\/]src[\\/]ui[\\/](line-icon|after-paint|progress-bar|rich-html|detail-page|panel|badge|list-row|actions|content-card)|[\\/]contract[\\/]src[\\/]|tslib|preload-helper|antd-mobile[\\/]es[\\/](global[\\/]|utils[\\/](native-props|with-default-props|can-use-dom))|[\\/]classnames[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sso': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
