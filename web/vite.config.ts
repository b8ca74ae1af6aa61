import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

// The server embeds web/dist; during development the API is proxied to a running server
// (SPACECHESS_API, default http://127.0.0.1:8080).
const api = process.env.SPACECHESS_API ?? 'http://127.0.0.1:8080';

// The static site (scripts/build-static, SPACECHESS_STATIC=1) also has engine.html: the
// engine running in the browser, which needs the WebAssembly module only that build has.
const pages: Record<string, string> = process.env.SPACECHESS_STATIC
  ? { index: 'index.html', engine: 'engine.html' }
  : { index: 'index.html' };

export default defineConfig({
  plugins: [preact()],
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
