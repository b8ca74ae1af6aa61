// Browser tests of seat-aware screens, options in sight and the game-over card: a watcher
// is offered nothing that plays; an online game's Oracle is off with its reason and is
// never asked for (not even across a reconnect); a declined draw offer is told to the
// offerer; the opening screen shows Tri-D's rook-pawn option at once; the game screen
// names its set-up; the game-over card's rematch (against the computer, and online as an
// offer the other player accepts), analysis and download work.
// Run: node --test e2e/seats.test.mjs (after npm run build and building the binary).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, chooseVariant, createGame, launchBrowser, newPlayer, openPage, startServer, view } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A page as `player` at `path` in the flat view; `saved` is put in its storage first, and
 * `watch` sees the page before it loads.
 */
async function pageAt(player, path, { options = {}, saved = null, watch = () => {} } = {}) {
  const page = await openPage(browser, server.base, options, player);
  page.on('dialog', (d) => void d.accept());
  watch(page);
  if (saved) await page.addInitScript((s) => window.localStorage.setItem('spacechess.saved', JSON.stringify(s)), saved);
  const url = new URL(path, server.base);
  url.searchParams.set('view', 'flat');
  await page.goto(url.href);
  await page.waitForFunction(() => !!window.__spacechess?.view());
  return page;
}

const waitForView = (page, test, arg, timeout = 30000) =>
  page.waitForFunction(new Function('arg', `const v = window.__spacechess?.view(); return !!v && (${test})(v, arg);`), arg, { timeout });

/** An online Fourfold game: the creator (White) and the friend who joined (Black). */
async function onlineGame() {
  const white = newPlayer();
  const black = newPlayer();
  const g = await createGame(server.base, { variant: 'fourfold', mode: 'online', human: 'white' }, white);
  const res = await fetch(new URL(g.invite, server.base), { method: 'POST', headers: { authorization: `Bearer ${black}` } });
  assert.equal(res.status, 200);
  return { id: g.id, white, black };
}

/** Counts a page's requests to the Oracle and its refused API answers. */
function countRefusals(page) {
  const seen = { oracle: 0, refused: [] };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/oracle')) seen.oracle += 1;
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/')) seen.refused.push(`${r.status()} ${r.url()}`);
  });
  return seen;
}

describe('seat-aware screens', () => {
  it('a watcher is offered no take back, draw, resignation or Oracle; nothing is refused across a reconnect', async () => {
    const g = await onlineGame();
    const saved = { id: g.id, visualizer: true, view: 'flat', oracle: true };
    const counts = {};
    const open = (who, player, options = {}) => pageAt(player, `/?game=${g.id}`, { saved, options, watch: (p) => (counts[who] = countRefusals(p)) });
    const pages = {
      white: await open('white', g.white),
      black: await open('black', g.black, PHONE),
      watcher: await open('watcher', newPlayer()),
      'watcher-phone': await open('watcher-phone', newPlayer(), PHONE),
    };
    for (const [who, page] of Object.entries(pages)) {
      const watching = who.startsWith('watcher');
      await page.waitForSelector('.setup-line');
      assert.equal(await page.locator('button.takeback').count(), watching ? 0 : 1, `${who}: take back`);
      assert.equal(await page.locator('button.offer-draw').count(), watching ? 0 : 1, `${who}: offer draw`);
      assert.equal(await page.locator('button.resign').count(), watching ? 0 : 1, `${who}: resign`);
      assert.equal(await page.isDisabled('button.oracle-button'), true, `${who}: the Oracle is off`);
      const reason = await page.locator('.oracle-off').textContent();
      assert.match(reason, watching ? /you are watching/ : /off for both players while an online game runs/);
      assert.match(await page.textContent('.setup-line'), watching ? /Online game: you are watching/ : new RegExp(`you play ${who === 'white' ? 'White' : 'Black'}`));
      await page.screenshot({ path: join(OUT, `seats-${who}.png`) });
    }
    // The server goes away and comes back: every page reconnects and asks for nothing refused.
    const port = Number(new URL(server.base).port);
    await server.kill();
    for (const page of Object.values(pages)) await page.waitForSelector('.connection:not([hidden])', { timeout: 20000 });
    server = await startServer({ port, data: server.data });
    for (const page of Object.values(pages)) await page.waitForSelector('.connection', { state: 'hidden', timeout: 30000 });
    await pages.white.waitForTimeout(1500);
    for (const [who, c] of Object.entries(counts)) {
      assert.equal(c.oracle, 0, `${who} never asked for the Oracle`);
      assert.deepEqual(c.refused, [], `${who} had nothing refused`);
    }
    for (const page of Object.values(pages)) await page.close();
  });

  it('a declined draw offer is told to the player who made it', async () => {
    const g = await onlineGame();
    const white = await pageAt(g.white, `/?game=${g.id}`);
    const black = await pageAt(g.black, `/?game=${g.id}`, { options: PHONE });
    await white.click('button.offer-draw');
    await white.waitForSelector('.message:has-text("waiting for your opponent")');
    await black.waitForSelector('.online .decline-offer');
    await black.screenshot({ path: join(OUT, 'seats-black-draw-offer.png') });
    await black.click('.online .decline-offer');
    await white.waitForSelector('.message:has-text("Your opponent declined your draw offer.")');
    await white.screenshot({ path: join(OUT, 'seats-white-draw-declined.png') });
    assert.equal((await view(white)).offer, null);
    await white.close();
    await black.close();
  });
});

describe('options in sight', () => {
  it('the opening screen shows the rook-pawn option as soon as Tri-D is chosen', async () => {
    for (const [name, options] of [
      ['desktop', {}],
      ['phone', PHONE],
    ]) {
      const page = await openPage(browser, server.base, options);
      await page.goto(server.base + '/');
      await chooseVariant(page, 'trid');
      const rookPawns = page.locator('label.option:has(input[name="rook-pawns"])');
      assert.equal(await rookPawns.isVisible(), true, `${name}: the rook-pawn option with Federation`);
      await page.selectOption('select[name="rules"]', 'meder');
      assert.equal(await rookPawns.isVisible(), false, 'not with Meder rules (it applies to Federation only)');
      await page.selectOption('select[name="rules"]', 'federation');
      await page.check('input[name="rook-pawns"]');
      // The look-ahead wherever an engine serves the game: the computer's and the Oracle's,
      // the Oracle's alone on one device; none online.
      const level = page.locator('select[name="level"]');
      assert.equal(await level.isVisible(), true, 'against the computer');
      await page.check('input[name="mode"][value="local"]');
      assert.equal(await level.isVisible(), true, 'two players on one device (the Oracle)');
      assert.match(await page.locator('.level-line:visible').textContent(), /Oracle/);
      await page.check('input[name="mode"][value="online"]');
      assert.equal(await level.isVisible(), false, 'online: no engine helps');
      await page.check('input[name="mode"][value="computer"]');
      await rookPawns.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `seats-opening-trid-${name}.png`) });
      await page.close();
    }
  });

  it('the game screen names the variant, rule set, options, colours, level and time control', async () => {
    const g = await createGame(server.base, {
      variant: 'trid',
      rules: 'federation',
      options: ['rook-pawns'],
      human: 'black',
      level: 2,
      time_control: { minutes: 5, increment_seconds: 3 },
    });
    const page = await pageAt(undefined, `/?game=${g.id}`);
    await page.waitForSelector('.setup-line:has-text("Rook-pawn rule")');
    assert.equal(await page.textContent('.game-title'), 'Tri-D');
    assert.equal(
      await page.textContent('.setup-line'),
      'Federation rules · Rook-pawn rule · You play Black against the computer (look-ahead 2) · Clock 5 min + 3 s a move',
    );
    await page.screenshot({ path: join(OUT, 'seats-setup-line-black.png') });
    await page.close();
  });
});

describe('the game-over card', () => {
  it('against the computer: download, review, rematch with the colours swapped, analysis', async () => {
    const setup = { variant: 'trid', rules: 'federation', options: ['rook-pawns'], level: 1, time_control: { minutes: 5, increment_seconds: 3 } };
    const g = await createGame(server.base, { ...setup, human: 'black' });
    const page = await pageAt(undefined, `/?game=${g.id}`);
    await waitForView(page, (v) => v.ply >= 1 && !v.computer_thinking);
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    await page.screenshot({ path: join(OUT, 'seats-game-over-desktop.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.game-over button.download-record')]);
    assert.match(readFileSync(await download.path(), 'utf8'), /\[Variant "trid/);
    // Review: the card goes, the game is shown from its start.
    await page.click('.game-over button.review-game');
    await page.waitForSelector('.game-over .card', { state: 'detached' });
    await page.waitForSelector('.review-banner');
    await page.reload();
    await page.waitForSelector('.game-over .card');
    // The rematch: the same set-up, now as White.
    assert.match(await page.textContent('.game-over button.rematch'), /you play White/);
    await page.click('.game-over button.rematch');
    await page.waitForURL((u) => u.searchParams.get('game') !== g.id && u.searchParams.has('game'));
    const v = await waitForView(page, (x, old) => x.id !== old, g.id).then(() => view(page));
    assert.equal(v.human, 'white');
    assert.deepEqual([v.variant, v.rules, v.options, v.level, v.clocks.initial_ms, v.clocks.increment_ms], ['trid', 'federation', ['rook-pawns'], 1, 300000, 3000]);
    // Analysis of the finished game: the analysis board on its final position.
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    await page.waitForSelector('.game-over button.analyse-game');
    await page.click('.game-over button.analyse-game');
    await page.waitForURL(/\?analysis=/);
    await page.waitForSelector('.analysis .flatview [data-square]');
    await page.close();
  });

  it('a game kept in this browser: the rematch is a new game here, colours swapped; analysis and review offered', { skip: !existsSync(new URL('../dist/spacechess.wasm', import.meta.url)) && 'no WebAssembly module in web/dist' }, async () => {
    const page = await openPage(browser, server.base);
    page.on('dialog', (d) => void d.accept());
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    await page.check('input[name="host"][value="browser"]');
    await chooseVariant(page, 'quadlevel');
    await page.check('input[name="destroy-both-kings"]');
    await page.check('input[name="colour"][value="black"]');
    await page.selectOption('select[name="level"]', '1');
    await page.click('button.start');
    await page.waitForURL(/host=browser/);
    const first = await waitForView(page, (v) => v.ply >= 1 && !v.computer_thinking).then(() => view(page));
    assert.match(await page.textContent('.setup-line'), /^Destroy both kings · You play Black against the computer \(look-ahead 1\) · No clock$/);
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    // The board in this browser (browser-analysis.test.mjs opens it).
    assert.equal(await page.locator('.game-over button.analyse-game').count(), 1);
    assert.equal(await page.locator('.game-over button.review-game').count(), 1);
    await page.click('.game-over button.rematch');
    await page.waitForURL((u) => u.searchParams.get('host') === 'browser' && u.searchParams.get('game') !== first.id);
    const next = await waitForView(page, (v, old) => v.id !== old, first.id).then(() => view(page));
    assert.deepEqual([next.variant, next.options, next.human, next.level], ['quadlevel', ['destroy-both-kings'], 'white', 1]);
    await page.close();
  });

  it('on a phone the card fits and offers the same', async () => {
    const g = await createGame(server.base, { variant: 'stacked', human: 'black', level: 1 });
    const page = await pageAt(undefined, `/?game=${g.id}`, { options: PHONE });
    await waitForView(page, (v) => v.ply >= 1 && !v.computer_thinking);
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    for (const sel of ['button.rematch', 'button.analyse-game', 'button.review-game', 'button.download-record']) {
      assert.equal(await page.locator(`.game-over ${sel}`).isVisible(), true, sel);
    }
    await page.screenshot({ path: join(OUT, 'seats-game-over-phone.png') });
    await page.close();
  });

  it('online: a rematch offered by one player and accepted by the other takes both to the new game', async () => {
    const g = await onlineGame();
    const white = await pageAt(g.white, `/?game=${g.id}`);
    const black = await pageAt(g.black, `/?game=${g.id}`, { options: PHONE });
    const watcher = await pageAt(newPlayer(), `/?game=${g.id}`);
    await white.click('button.resign');
    for (const p of [white, black, watcher]) await p.waitForSelector('.game-over .card');
    assert.equal(await watcher.locator('.game-over button.rematch').count(), 0, 'a watcher offers no rematch');
    await white.click('.game-over button.rematch');
    await white.waitForSelector('.game-over .rematch-waiting');
    await black.waitForSelector('.game-over .accept-rematch');
    assert.match(await black.textContent('.game-over .rematch-offer'), /White offers a rematch/);
    await black.screenshot({ path: join(OUT, 'seats-rematch-offer-phone.png') });
    await white.screenshot({ path: join(OUT, 'seats-rematch-waiting.png') });
    await black.click('.game-over .accept-rematch');
    const gone = (u) => u.searchParams.has('game') && u.searchParams.get('game') !== g.id;
    await Promise.all([white.waitForURL(gone), black.waitForURL(gone)]);
    const vw = await waitForView(white, (v, old) => v.id !== old, g.id).then(() => view(white));
    const vb = await waitForView(black, (v, old) => v.id !== old, g.id).then(() => view(black));
    assert.equal(vw.id, vb.id);
    assert.deepEqual([vw.you, vb.you], [['black'], ['white']], 'colours swapped');
    assert.equal(vw.variant, 'fourfold');
    // The watcher is shown the way to the new game.
    await watcher.waitForSelector('.game-over a.watch-rematch');
    await black.waitForSelector('.setup-line:has-text("you play White")');
    await black.screenshot({ path: join(OUT, 'seats-rematch-black-phone.png') });
    for (const p of [white, black, watcher]) await p.close();
  });
});
