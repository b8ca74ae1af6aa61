// The static site (scripts/build-static) served by a plain file server with no
// spacechess server running: the rules and the engine answer from the browser's worker,
// a search stops at once, and nothing asks for /api. Skipped when the WebAssembly module
// has not been built (scripts/build-wasm needs Debian's Rust for the browser).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, serveSite } from './harness.mjs';

const repo = resolve(import.meta.dirname, '../..');
const built = existsSync(join(repo, 'target/wasm/spacechess.wasm'));
let site, server, browser, page;
const requests = [];

before(async () => {
  if (!built) return;
  site = mkdtempSync(join(tmpdir(), 'spacechess-static-'));
  const r = spawnSync(join(repo, 'scripts/build-static'), [site], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  server = await serveSite(site);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  page = await browser.newPage();
  page.on('request', (req) => requests.push(req.url()));
  await page.goto(`http://127.0.0.1:${server.address().port}/engine.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60000 });
});

after(async () => {
  await browser?.close();
  server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

test('the engine answers from the browser and stops at once', { skip: !built && 'target/wasm/spacechess.wasm not built' }, async () => {
  const perft = await page.evaluate(() => window.__engine.perft({ variant: 'stacked' }, 3));
  assert.equal(perft.value.nodes, 236485);
  const quick = await page.evaluate(() => window.__engine.lookahead({ variant: 'fourfold' }, { depth: 3 }));
  assert.equal(quick.value.depth, 3);
  assert.equal(quick.value.stopped, false);
  // No depth limit: only the stop ends this search (else the 15 s cap would).
  const stopped = await page.evaluate(() => window.__engine.stopAt({ variant: 'trid', rules: 'meder' }, 3));
  assert.equal(stopped.thought.stopped, true);
  assert.ok(stopped.thought.depth >= 3, JSON.stringify(stopped.thought));
  assert.ok(stopped.legal.includes(stopped.thought.best), stopped.thought.best);
  // The next search runs in a fresh worker.
  const next = await page.evaluate(() => window.__engine.lookahead({ variant: 'quadlevel' }, { depth: 2 }));
  assert.equal(next.value.depth, 2);
  assert.deepEqual(requests.filter((u) => new URL(u).pathname.startsWith('/api')), []);
});
