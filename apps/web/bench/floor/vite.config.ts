import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The stack floor's build (see main.tsx): the portal's own Vite settings, nothing else.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { target: 'es2020', sourcemap: false, emptyOutDir: true },
  logLevel: 'warn',
});
