import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

// The server embeds web/dist; during development the API is proxied to a running server
// (SPACECHESS_API, default http://127.0.0.1:8080).
const api = process.env.SPACECHESS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': { target: api, ws: true } },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
