// The browser tests' probes (web/src/probes: window.__spacechess and what it measures of
// the 3D view) are built here, apart from the app, into one script that every page a test
// opens runs before its own (`withProbes`). The app's bundle holds none of it: it only
// offers its game session to probes that are there (web/src/game/probe-port.ts).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let script = null;

/** The probes as one classic script (built once per test process, from the sources as they are). */
export function probesScript() {
  script ??= (async () => {
    const { build } = await import('vite');
    const out = mkdtempSync(join(tmpdir(), 'spacechess-probes-'));
    try {
      await build({
        configFile: false,
        root: web,
        logLevel: 'warn',
        build: {
          outDir: out,
          emptyOutDir: true,
          minify: false,
          lib: { entry: join(web, 'src/probes/index.ts'), formats: ['iife'], name: 'spacechessProbes', fileName: () => 'probes.js' },
        },
      });
      return readFileSync(join(out, 'probes.js'), 'utf8');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  })();
  return script;
}

/** Makes every page of `target` (a browser or a browser context) run the probes first. */
export async function withProbes(target) {
  const content = await probesScript();
  if (typeof target.addInitScript === 'function') {
    await target.addInitScript({ content });
    return target;
  }
  // A browser: each new context (Browser.newPage makes one too) gets them.
  const newContext = target.newContext.bind(target);
  target.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript({ content });
    return context;
  };
  return target;
}
