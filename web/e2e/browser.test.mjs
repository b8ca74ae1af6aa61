// The static site as a player meets it (scripts/build-static, served by a plain file
// server, no spacechess server anywhere): the opening screen offers every variant and
// level from the rules in the browser; two players on one device play, reload and
// resume, and agree a draw; each variant's computer answers a move; a computer game is
// resumed after a reload and resigned; the site is installable and, once visited, works
// with its file server gone (the service worker). Nothing asks for /api. Skipped when the
// WebAssembly module has not been built (scripts/build-wasm).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { chooseVariant, CHROMIUM, CHROMIUM_ARGS, OUT, serveSite, view, waitForHistory, waitForMyTurn, waitForPly, watchPage, withProbes } from './harness.mjs';

const repo = resolve(import.meta.dirname, '../..');
const built = existsSync(join(repo, 'target/wasm/spacechess.wasm'));
const skip = !built && 'target/wasm/spacechess.wasm not built';
let site, profile, server, base, context, page;
const requests = [];

before(async () => {
  if (!built) return;
  site = mkdtempSync(join(tmpdir(), 'spacechess-site-'));
  const r = spawnSync(join(repo, 'scripts/build-static'), [site], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  server = await serveSite(site);
  base = `http://127.0.0.1:${server.address().port}`;
  // A profile of its own, not an incognito context: Chromium installs no app from incognito.
  profile = mkdtempSync(join(tmpdir(), 'spacechess-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
  await withProbes(context);
  // The context sees the service worker's requests too.
  context.on('request', (req) => requests.push(req.url()));
  page = context.pages()[0] ?? (await context.newPage());
  watchPage(page);
  page.on('dialog', (d) => d.accept());
});

after(async () => {
  await context?.close();
  server?.closeAllConnections?.();
  server?.close();
  for (const dir of [site, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Starts a game from the opening screen of the static site. */
async function start(variant, { mode = 'computer', level = '1', colour = 'white', rules } = {}) {
  await page.goto(base + '/');
  await page.waitForSelector('form.setup');
  await chooseVariant(page, variant);
  if (rules) await page.selectOption(`fieldset[data-variant="${variant}"] select[name="rules"]`, rules);
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === 'computer') {
    await page.check(`input[name="colour"][value="${colour}"]`);
    await page.selectOption('select[name="level"]', level);
  }
  await page.click('button.start');
  await page.waitForURL(/\?game=b-[0-9a-f]{16}&host=browser/);
  await page.waitForFunction(() => !!window.__spacechess?.view());
}

/** Plays a legal piece move (no promotion) by two taps in the flat view. */
async function playOne() {
  const v = await waitForMyTurn(page, 0);
  const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
  if (!(await page.isVisible('.flatview'))) {
    await page.click('button.toggle-view');
    await page.waitForSelector('.flatview [data-square]');
  }
  await page.click(`.flatview [data-square="${m.from}"]`);
  await page.click(`.flatview [data-square="${m.to}"]`);
  // At least one more move: the computer's reply may already be in.
  await waitForHistory(page, v.ply + 1);
  return m;
}

const apiRequests = () => requests.filter((u) => new URL(u).pathname.startsWith('/api'));

test('the opening screen offers every variant and level, and says what needs the server', { skip }, async () => {
  await page.goto(base + '/');
  await page.waitForSelector('form.setup');
  const variants = await page.$$eval('input[name="variant"]', (xs) => xs.map((x) => x.value));
  assert.deepEqual(variants, ['stacked', 'trid', 'quadlevel', 'fourfold']);
  const levels = await page.$$eval('select[name="level"] option', (xs) => xs.map((x) => x.textContent));
  assert.deepEqual(levels, ['1', '2', '3', '4', '5', '6', 'Max']);
  const modes = await page.$$eval('input[name="mode"]', (xs) => xs.map((x) => x.value));
  assert.deepEqual(modes, ['computer', 'local']);
  assert.match(await page.textContent('.host-note'), /Online play and the game archive need the spacechess server/);
  assert.match(await page.textContent('.host-note'), /the lessons, rules pages and analysis board work in this browser/);
  // The module answers the lessons and rules pages here: they are linked.
  assert.equal(await page.isVisible('.teach-links'), true);
  // Browser games keep clocks too.
  assert.equal(await page.isVisible('fieldset.time-control'), true);
  await page.screenshot({ path: join(OUT, 'static-opening.png') });
});

test('two players on one device play, reload and resume, ask the Oracle, and agree a draw', { skip }, async () => {
  await start('trid', { mode: 'local', rules: 'meder' });
  const played = [];
  for (let i = 0; i < 4; i++) played.push((await playOne()).token);
  // The moves' quick evaluations come from a worker of their own: all in before the reload.
  await page.waitForFunction(() => window.__spacechess.view()?.history.every((h) => h.eval_source === 'quick'));
  const before = await view(page);
  assert.equal(before.mode, 'local');
  assert.deepEqual(before.history.map((h) => h.token), played);
  await page.reload();
  const resumed = await waitForPly(page, 4);
  assert.deepEqual(resumed.history, before.history);
  assert.equal(resumed.position, before.position);
  // The Oracle answers from the browser too: a line per legal move, in the notation shown.
  await page.getByRole('button', { name: 'Oracle' }).click();
  await page.getByRole('region', { name: 'Oracle' }).locator('.oracle-move').first().waitFor({ timeout: 60000 });
  const named = await page.$$eval('.oracle-move', (xs) => xs.map((x) => x.textContent));
  const notations = resumed.legal_moves.map((m) => m.notation);
  assert.ok(named.length > 0 && named.every((n) => notations.some((t) => n.includes(t))), named.join(', '));
  played.push((await playOne()).token);
  await page.click('button.offer-draw');
  await page.waitForSelector('.game-over .card');
  assert.match(await page.textContent('.game-over .result-reason'), /agree/i);
  const over = await view(page);
  assert.equal(over.status, 'over');
  assert.deepEqual(over.history.map((h) => h.token), played);
  // The ended game stays ended after a reload.
  await page.reload();
  await page.waitForSelector('.game-over .card');
  assert.deepEqual(apiRequests(), []);
});

for (const [variant, rules] of [['stacked'], ['trid', 'federation'], ['quadlevel'], ['fourfold']]) {
  test(`the computer answers a move in ${variant}`, { skip }, async () => {
    await start(variant, { rules });
    await playOne();
    const replied = await waitForMyTurn(page, 2);
    assert.equal(replied.history.length, 2);
    assert.equal(replied.history[1].side, 'black');
    assert.equal(replied.turn, 'white');
  });
}

test('a computer game with Black resumes after a reload and is resigned', { skip }, async () => {
  await start('fourfold', { colour: 'black', level: '2' });
  // The computer moves first.
  await waitForMyTurn(page, 1);
  await playOne();
  await waitForMyTurn(page, 3);
  // Every move scored: the computer's by its search, the player's by the quick
  // evaluation the host runs in a worker of its own (it may come after the reply).
  await page.waitForFunction(() => window.__spacechess.view()?.history.every((h) => h.eval !== null));
  const mine = await view(page);
  assert.equal(mine.human, 'black');
  assert.deepEqual(mine.history.map((h) => h.eval_source), ['computer', 'quick', 'computer']);
  await page.screenshot({ path: join(OUT, 'static-game.png') });
  await page.reload();
  const resumed = await waitForMyTurn(page, 3);
  assert.deepEqual(resumed.history, mine.history);
  await page.click('button.resign');
  await page.waitForSelector('.game-over .card');
  assert.equal((await view(page)).result.winner, 'white');
  assert.deepEqual(apiRequests(), []);
});

test('the site is installable and plays on with its file server gone', { skip }, async () => {
  await page.goto(base + '/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30000 });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  assert.ok(url.endsWith('/manifest.webmanifest'), url);
  assert.deepEqual(errors, []);
  // No server at all: every file comes from the service worker's store.
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  server = null;
  await start('stacked', { mode: 'local' });
  await playOne();
  await page.reload();
  await waitForPly(page, 1);
  assert.deepEqual(apiRequests(), []);
});
