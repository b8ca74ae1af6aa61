import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { offlineSite, wasmModule } from './build/site-plugins.ts';

// The server embeds web/dist; during development the API is proxied to a running server
// (SPACECHESS_API, default http://127.0.0.1:8080).
const api = process.env.SPACECHESS_API ?? 'http://127.0.0.1:8080';

// The static site (scripts/build-static, SPACECHESS_STATIC=1): games only in this browser,
// a manifest and a service worker (installable, offline after the first visit), and
// engine.html (the engine's timed check in the browser).
const isStatic = !!process.env.SPACECHESS_STATIC;
const pages: Record<string, string> = isStatic
  ? { index: 'index.html', engine: 'engine.html' }
  : { index: 'index.html' };
const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [
    preact(),
    // Both builds carry the module: the served app plays in the browser too.
    wasmModule(path('../target/wasm/spacechess.wasm')),
    ...(isStatic ? [offlineSite(path('public'))] : []),
  ],
  define: { __SPACECHESS_STATIC__: JSON.stringify(isStatic) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      input: pages,
    },
  },
  server: {
    proxy: { '/api': { target: api, ws: true } },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
