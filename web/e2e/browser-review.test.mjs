// Review, records and clocks of games in this browser, on the static site (scripts/
// build-static, a plain file server, no spacechess server anywhere): a game's record is
// downloaded and imported from its fourth half-move against the computer, with the
// evaluation it wrote; the computer's scores fill the evaluation graph; stepping back
// shows past positions with their material; a bad record names its first bad move; a
// clocked game counts down and keeps its clocks over a reload. Nothing asks for /api.
// Skipped when the WebAssembly module has not been built (scripts/build-wasm).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { chooseVariant, CHROMIUM, CHROMIUM_ARGS, flatView, OUT, playFlat, serveSite, view, waitForHistory, waitForMyTurn, waitForPly, watchPage, withProbes } from './harness.mjs';

const repo = resolve(import.meta.dirname, '../..');
const built = existsSync(join(repo, 'target/wasm/spacechess.wasm'));
const skip = !built && 'target/wasm/spacechess.wasm not built';
let site, server, base, browser, context, page;
const requests = [];

before(async () => {
  if (!built) return;
  site = mkdtempSync(join(tmpdir(), 'spacechess-site-'));
  const r = spawnSync(join(repo, 'scripts/build-static'), [site], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  server = await serveSite(site);
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await withProbes(await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true }));
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  context.on('request', (req) => requests.push(req.url()));
  page = await context.newPage();
  watchPage(page);
});

after(async () => {
  await browser?.close();
  server?.closeAllConnections?.();
  server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

const apiRequests = () => requests.filter((u) => new URL(u).pathname.startsWith('/api'));

/** Starts a two-player game on this device from the opening screen. */
async function startLocal(variant, setup = async () => {}) {
  await page.goto(base + '/');
  await page.waitForSelector('form.setup');
  await chooseVariant(page, variant);
  await page.check('input[name="mode"][value="local"]');
  await setup();
  await page.click('button.start');
  await page.waitForURL(/\?game=b-[0-9a-f]{16}&host=browser/);
  await page.waitForFunction(() => !!window.__spacechess?.view());
  await flatView(page);
}

/** Plays `n` moves (a capture when one is on offer) by taps in the flat view. */
async function playMoves(n) {
  let v = await view(page);
  for (let i = 0; i < n; i++) {
    v = await waitForMyTurn(page, v.ply);
    const pieces = v.legal_moves.filter((m) => m.mover === 'piece' && !m.promotion);
    const m = pieces.find((x) => x.capture) ?? pieces[(i * 5 + 3) % pieces.length];
    await playFlat(page, m);
    v = await waitForHistory(page, v.ply + 1);
  }
  return v;
}

/** Opens the import dialog and submits `text` with the given choices. */
async function importRecord(text, { ply = '', opponent = 'local' } = {}) {
  await page.click('button.import-record');
  await page.fill('.import-dialog textarea', text);
  await page.fill('.import-dialog input[name="record_ply"]', ply);
  await page.check(`.import-dialog input[value="${opponent}"]`);
  await page.selectOption('.import-dialog select[name="level"]', '1');
  await page.click('.import-dialog .import-start');
}

test('a record goes out and comes back in from its fourth half-move; the graph and review work in the browser', { skip }, async () => {
  await startLocal('stacked');
  const live = await playMoves(8);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button.download-record')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /\[Variant "stacked"\]/);
  // Evaluations are written as comments after the moves (the browser's own quick ones
  // too, as the server's); a record with one of them only brings that one along.
  assert.match(text, /\{[+-]\d+\.\d\d\}/);
  const second = live.history[1].notation;
  const withEval = text.replace(/ \{[^}]*\}/g, '').replace(second, `${second} {-0.35}`);
  await page.goto(base + '/');
  await page.waitForSelector('form.setup');
  await importRecord(withEval, { ply: '4', opponent: 'computer-white' });
  await page.waitForURL((u) => u.searchParams.get('game') !== live.id && u.searchParams.get('host') === 'browser');
  let v = await waitForMyTurn(page, 4);
  assert.equal(v.mode, 'computer');
  assert.deepEqual(
    v.history.map((h) => h.token),
    live.history.slice(0, 4).map((h) => h.token),
  );
  // The record's one evaluation (the last imported move gets a quick one, which may
  // already be in).
  assert.deepEqual(v.history.slice(0, 3).map((h) => h.eval_source), [null, 'record', null]);
  // One move each: the computer's search scores its own move.
  await flatView(page);
  const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
  await playFlat(page, m);
  v = await waitForMyTurn(page, 6);
  assert.equal(v.history[5].eval_source, 'computer');
  assert.equal(v.history[5].eval_depth, 1);
  // The record's evaluation, the computer's, and the quick evaluations of the moves no
  // search scored (the last imported move, the player's), as the server gives them.
  await page.waitForFunction(() => document.querySelectorAll('.eval-graph .graph-point').length === 4);
  assert.deepEqual((await view(page)).history.map((h) => h.eval_source), [null, 'record', null, 'quick', 'quick', 'computer']);
  // Stepping back: the position and its material come from the module.
  await page.click('button.review-first');
  await page.waitForFunction(() => window.__spacechess.review() === 0);
  await page.waitForSelector('.review-banner');
  assert.match(await page.textContent('.review-banner'), /at the start \(half-move 0 of 6\)/);
  await page.waitForFunction(() => document.querySelector('.material .balance')?.dataset.balance === '0');
  await page.click('button.review-forward');
  await page.waitForFunction(() => window.__spacechess.review() === 1);
  assert.match(await page.textContent('.review-banner'), /half-move 1 of 6/);
  assert.equal(await page.$('.review-error'), null);
  // A click on the graph's right half shows a later position.
  const box = await (await page.$('.eval-graph svg')).boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.waitForFunction(() => window.__spacechess.review() === 3);
  await page.screenshot({ path: join(OUT, 'browser-review-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(OUT, 'browser-review-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // A new game from the position shown, kept in this browser too.
  const before = new URL(page.url()).searchParams.get('game');
  await page.click('button.review-continue');
  await page.waitForURL((u) => u.searchParams.get('game') !== before && u.searchParams.get('host') === 'browser');
  const continued = await waitForPly(page, 3);
  assert.deepEqual(
    continued.history.map((h) => h.token),
    live.history.slice(0, 3).map((h) => h.token),
  );
  assert.deepEqual(apiRequests(), []);
});

test('a bad record names its first bad move, as the server does', { skip }, async () => {
  await startLocal('quadlevel');
  const live = await playMoves(4);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button.download-record')]);
  const record = readFileSync(await download.path(), 'utf8');
  const bad = record.replace(live.history[2].notation, 'Qz9z9');
  // From inside a browser game: the import dialog of the game screen.
  await page.click('button.import-record');
  await page.setInputFiles('.import-dialog input[type="file"]', { name: 'bad.pgn', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.waitForFunction(() => document.querySelector('.import-dialog textarea').value.includes('Qz9z9'));
  await page.click('.import-dialog .import-start');
  await page.waitForSelector('.import-dialog .error:not([hidden])');
  assert.match(await page.textContent('.import-dialog .error'), /move 2\. Qz9z9/);
  await page.screenshot({ path: join(OUT, 'browser-import-error.png') });
  assert.deepEqual(apiRequests(), []);
});

test('a clocked game counts down in the browser and keeps its clocks over a reload', { skip }, async () => {
  await startLocal('trid', async () => {
    assert.equal(await page.isVisible('fieldset.time-control'), true);
    await page.check('input[name="timed"][value="on"]');
    await page.fill('input[name="minutes"]', '3');
    await page.fill('input[name="increment"]', '0');
  });
  let v = await view(page);
  assert.deepEqual(v.clocks, { initial_ms: 180_000, white_ms: 180_000, black_ms: 180_000, increment_ms: 0, running: null, per_move: false });
  await page.waitForSelector('.clocks .clock-white');
  v = await playMoves(3);
  assert.equal(v.clocks.running, 'black');
  // Black's clock started with White's third move: a few milliseconds before the view.
  assert.ok(v.clocks.black_ms <= 180_000 && v.clocks.black_ms > 170_000, JSON.stringify(v.clocks));
  assert.equal(v.clocks.white_ms <= 180_000, true);
  // Black's clock runs on the page.
  await page.waitForFunction(() => document.querySelector('.clock-black.running .time')?.textContent !== '3:00', null, { timeout: 10000 });
  await page.screenshot({ path: join(OUT, 'browser-clocks-desktop.png') });
  const ply = v.ply;
  const white = (await view(page)).clocks.white_ms;
  await page.reload();
  const resumed = await waitForPly(page, ply);
  assert.equal(resumed.clocks.running, 'black');
  // The clocks go on from where White's move left them (the table's rule: as after a
  // server restart, time while the game was not open is not charged).
  assert.ok(resumed.clocks.black_ms > 170_000, JSON.stringify(resumed.clocks));
  assert.equal(resumed.clocks.white_ms, white);
  assert.deepEqual(apiRequests(), []);
});
