// The analysis board for games kept in this browser: on the static site (scripts/
// build-static, a plain file server, no spacechess server anywhere) review's "Analyse this
// position" (desktop) and the game-over card's "Analyse the final position" (phone) open
// the board kept in this browser on the very position shown, built by the WebAssembly
// module from the game's record, and its engine gives lines; "Back to the game" returns.
// Nothing asks for /api. On the served app a game played "In this browser" gets the same
// board, again without a request to /api. Screenshots `browser-analysis-*.png`.
// Skipped when the WebAssembly module has not been built (scripts/build-wasm); the served
// app's part needs it in web/dist and the server binary (npm run build, cargo build).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { chooseVariant, CHROMIUM, CHROMIUM_ARGS, flatView, OUT, playFlat, serveSite, startServer, view, waitForHistory, waitForMyTurn, watchPage, withProbes } from './harness.mjs';

const repo = resolve(import.meta.dirname, '../..');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
let browser;

before(async () => {
  browser = await withProbes(await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true }));
});

after(async () => {
  await browser?.close();
});

/** A page in a fresh context whose requests are collected in `requests`. */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  watchPage(page);
  page.on('dialog', (d) => void d.accept());
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('close', () => void context.close().catch(() => {}));
  return { page, requests };
}

const apiRequests = (requests) => requests.filter((u) => new URL(u).pathname.startsWith('/api'));

/** The position the flat boards show, square by square as read aloud (the order does not matter). */
const shownSquares = (page, root) =>
  page.$$eval(`${root} .flatview [data-square]`, (bs) => bs.map((b) => b.getAttribute('aria-label')).sort());

/** Starts a game "In this browser" from the opening screen. */
async function startGame(page, base, { variant, mode, colour = 'white' }) {
  await page.goto(base + '/');
  await page.waitForSelector('form.setup');
  const host = page.locator('input[type="radio"][name="host"][value="browser"]');
  if ((await host.count()) > 0) await host.check();
  await chooseVariant(page, variant);
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === 'computer') {
    await page.check(`input[name="colour"][value="${colour}"]`);
    await page.selectOption('select[name="level"]', '1');
  }
  await page.click('button.start');
  await page.waitForURL(/\?game=b-[0-9a-f]{16}&host=browser/);
  await page.waitForFunction(() => !!window.__spacechess?.view());
  await flatView(page);
}

/** Plays `n` moves by taps in the flat view (both sides: two players on one device). */
async function playMoves(page, n) {
  let v = await view(page);
  for (let i = 0; i < n; i++) {
    v = await waitForMyTurn(page, v.ply);
    const pieces = v.legal_moves.filter((m) => m.mover === 'piece' && !m.promotion);
    await playFlat(page, pieces[(i * 7 + 2) % pieces.length]);
    v = await waitForHistory(page, v.ply + 1);
  }
  return v;
}

/** Waits for the board's engine to give at least one line, some depth in. */
async function waitForLines(page) {
  await page.waitForFunction(
    () => document.querySelectorAll('.engine-line').length >= 1 && Number(document.querySelector('.analysis-status')?.getAttribute('data-depth')) >= 2,
    null,
    { timeout: 60000 },
  );
  assert.match(await page.locator('.engine-line .line-score').first().textContent(), /^([+-]?\d+\.\d|White mates in \d+|Black mates in \d+)$/);
}

/** Resigns the game shown and waits for the game-over card. */
async function resign(page) {
  await page.click('button.resign');
  await page.waitForSelector('.game-over .card');
}

/** Opens the card's analysis and checks the board shows `squares`, the game's last position, with engine lines. */
async function analyseFinal(page, gameId, squares, ply) {
  await page.click('.game-over button.analyse-game');
  await page.waitForURL(/\?analysis=b-[0-9a-f]{16}&host=browser/);
  await page.waitForSelector('.analysis .flatview [data-square]');
  assert.deepEqual(await shownSquares(page, '.analysis'), squares);
  assert.equal(await page.getAttribute('.analysis', 'data-ply'), String(ply));
  assert.match(await page.textContent('.analysis-source'), new RegExp(`A position of your game, after half-move ${ply}\\.`));
  await waitForLines(page);
  assert.equal(await page.locator('.analysis-seconds').count(), 0, 'no server seconds to count');
  return gameId;
}

/** "Back to the game" leads to the browser game, finished as it was. */
async function backToGame(page, gameId) {
  await page.click('button.analysis-to-game');
  await page.waitForURL((u) => u.searchParams.get('game') === gameId && u.searchParams.get('host') === 'browser');
  await page.waitForSelector('.game-over .card');
}

const wasmBuilt = existsSync(join(repo, 'target/wasm/spacechess.wasm'));

describe('static site', { skip: !wasmBuilt && 'target/wasm/spacechess.wasm not built' }, () => {
  let site, server, base;

  before(async () => {
    site = mkdtempSync(join(tmpdir(), 'spacechess-site-'));
    const r = spawnSync(join(repo, 'scripts/build-static'), [site], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    server = await serveSite(site);
    base = `http://127.0.0.1:${server.address().port}`;
  });

  after(() => {
    server?.closeAllConnections?.();
    server?.close();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  it('review: "Analyse this position" opens this browser\'s board on the position shown', async () => {
    const { page, requests } = await newPage();
    await startGame(page, base, { variant: 'stacked', mode: 'local' });
    const v = await playMoves(page, 5);
    const live = await shownSquares(page, '.game');
    // Two steps back: the position after half-move 3.
    await page.click('button.review-back');
    await page.click('button.review-back');
    await page.waitForFunction(() => window.__spacechess.review() === 3);
    await page.waitForFunction((before) => {
      const now = [...document.querySelectorAll('.game .flatview [data-square]')].map((b) => b.getAttribute('aria-label')).sort();
      return JSON.stringify(now) !== JSON.stringify(before);
    }, live);
    const past = await shownSquares(page, '.game');
    await page.click('.review-banner button.review-analyse');
    await page.waitForURL(/\?analysis=b-[0-9a-f]{16}&host=browser/);
    await page.waitForSelector('.analysis .flatview [data-square]');
    assert.deepEqual(await shownSquares(page, '.analysis'), past, 'the board shows the position reviewed');
    assert.equal(await page.getAttribute('.analysis', 'data-ply'), '3');
    assert.match(await page.textContent('.analysis-source'), /A position of your game, after half-move 3\./);
    assert.match(await page.textContent('.analysis-from'), /Black to move/);
    await waitForLines(page);
    await page.screenshot({ path: join(OUT, 'browser-analysis-review-desktop.png') });
    // A move on the side line never changes the game.
    const first = await page.getAttribute('.engine-line', 'data-first');
    await page.click(`.engine-line[data-first="${first}"] .line-first`);
    await page.waitForSelector(`.side-line li[data-token="${first}"]`);
    await page.click('button.analysis-to-game');
    await page.waitForURL((u) => u.searchParams.get('game') === v.id && u.searchParams.get('host') === 'browser');
    await page.waitForFunction(() => !!window.__spacechess?.view());
    assert.equal((await view(page)).history.length, 5);
    assert.deepEqual(apiRequests(requests), []);
    await page.close();
  });

  it('game over on a phone: "Analyse the final position" opens this browser\'s board there', async () => {
    const { page, requests } = await newPage(PHONE);
    await startGame(page, base, { variant: 'quadlevel', mode: 'local' });
    const v = await playMoves(page, 4);
    const final = await shownSquares(page, '.game');
    await resign(page);
    await page.screenshot({ path: join(OUT, 'browser-analysis-game-over-phone.png') });
    await analyseFinal(page, v.id, final, 4);
    await page.screenshot({ path: join(OUT, 'browser-analysis-final-phone.png') });
    await backToGame(page, v.id);
    assert.deepEqual(apiRequests(requests), []);
    await page.close();
  });
});

const distBuilt = existsSync(join(repo, 'web/dist/spacechess.wasm'));

describe('served app, a game "In this browser"', { skip: !distBuilt && 'no WebAssembly module in web/dist' }, () => {
  let server;

  before(async () => {
    server = await startServer();
  });

  after(async () => {
    await server?.stop();
  });

  it('the game-over card opens this browser\'s board, with no request to /api', async () => {
    const { page, requests } = await newPage();
    await startGame(page, server.base, { variant: 'trid', mode: 'computer', colour: 'black' });
    const v = await page
      .waitForFunction(() => {
        const x = window.__spacechess.view();
        return x.ply >= 1 && !x.computer_thinking && x;
      })
      .then((h) => h.jsonValue());
    const final = await shownSquares(page, '.game');
    await resign(page);
    const before = requests.length;
    await analyseFinal(page, v.id, final, v.ply);
    await page.screenshot({ path: join(OUT, 'browser-analysis-final-desktop.png') });
    await backToGame(page, v.id);
    assert.deepEqual(apiRequests(requests.slice(before)), []);
    await page.close();
  });
});
