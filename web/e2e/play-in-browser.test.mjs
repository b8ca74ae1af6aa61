// The served app's choice to play in this browser: the server is the default; a browser
// game sends no game request to the server and plays on when the server is gone; server
// games and browser games are resumed separately. Skipped when the WebAssembly module
// has not been built (scripts/build-wasm; `npm run build` then carries it).

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, withProbes, OUT, startServer, view, waitForHistory, waitForMyTurn, watchPage } from './harness.mjs';

const repo = resolve(import.meta.dirname, '../..');
const built = existsSync(join(repo, 'web/dist/spacechess.wasm'));
const skip = !built && 'web/dist/spacechess.wasm missing (scripts/build-wasm, then npm run build)';
let server, context, page, profile;
const requests = [];

before(async () => {
  if (!built) return;
  server = await startServer();
  profile = mkdtempSync(join(tmpdir(), 'spacechess-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
  await withProbes(context);
  context.on('request', (req) => requests.push(new URL(req.url()).pathname));
  page = context.pages()[0] ?? (await context.newPage());
  watchPage(page);
});

after(async () => {
  await context?.close();
  await server?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function playOne() {
  const v = await waitForMyTurn(page, 0);
  const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
  if (!(await page.isVisible('.flatview'))) {
    await page.click('button.toggle-view');
    await page.waitForSelector('.flatview [data-square]');
  }
  await page.click(`.flatview [data-square="${m.from}"]`);
  await page.click(`.flatview [data-square="${m.to}"]`);
  await waitForHistory(page, v.history.length + 1);
}

test('a browser game asks the server nothing and plays on without it; the two kinds resume apart', { skip }, async () => {
  await page.goto(server.base + '/');
  await page.waitForSelector('form.setup');
  // The server is the default.
  assert.equal(await page.isChecked('input[name="host"][value="server"]'), true);
  assert.equal(await page.isVisible('fieldset.time-control'), true);
  await page.screenshot({ path: join(OUT, 'opening-hosts-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(OUT, 'opening-hosts-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.check('input[name="host"][value="browser"]');
  assert.equal(await page.isVisible('fieldset.time-control'), true);
  await page.check('input[name="mode"][value="local"]');
  const before = requests.length;
  await page.click('button.start');
  await page.waitForURL(/\?game=b-[0-9a-f]{16}&host=browser/);
  const browserGame = new URL(page.url()).searchParams.get('game');
  await playOne();
  await playOne();
  assert.deepEqual(requests.slice(before).filter((p) => p.startsWith('/api')), []);
  // The server goes away: the game goes on in this browser.
  await server.kill();
  await playOne();
  assert.equal((await view(page)).history.length, 3);
  assert.equal(await page.isVisible('.connection'), false);
  // Back again (same address: the browser keeps its games per origin): a server game; the
  // opening screen offers both games to resume.
  server = await startServer({ port: Number(new URL(server.base).port), data: server.data });
  await page.goto(server.base + '/');
  await page.waitForSelector('form.setup');
  await page.check('input[name="mode"][value="local"]');
  await page.click('button.start');
  await page.waitForURL(/\?game=(?!b-)[^&]+$/);
  await playOne();
  await page.click('button.new-game');
  await page.waitForSelector('form.setup');
  await page.waitForSelector('.resume-game', { state: 'visible' });
  await page.click('.resume-browser-game');
  await page.waitForURL(new RegExp(`game=${browserGame}&host=browser`));
  assert.equal((await waitForHistory(page, 3)).history.length, 3);
});
