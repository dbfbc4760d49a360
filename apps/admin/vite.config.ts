import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressAssets } from '../web/vite-precompress.ts';

// The operators' console: its own app and bundle, served by the server under /admin.
export default defineConfig({
  base: '/admin/',
  // Brotli and gzip copies of the assets made once, at the highest quality (as the portal's).
  plugins: [react(), precompressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sso': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
    },
  },
  // Unit tests beside the code (pure logic); the walkthroughs in e2e/ have their own config.
  test: {
    name: 'admin',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
