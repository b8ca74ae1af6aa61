// Browser tests of My games and of online play's time rules and views: the opening
// screen lists this player's games and opens each into the game or its review; a
// watcher turns the boards to either side (flat and 3D); an online game whose side
// makes no first move aborts, live; a player whose opponent has gone claims the win.
// The server's online times are set small (--first-move-ms, --gone-ms); the tests wait
// for what happens, never for how fast. Screenshots of the online panel and of the
// list on desktop (1280x800) and phone (390x844) land in e2e/out/.
// Run: node --test e2e/mygames.test.mjs

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, PLAYER, createGame, launchBrowser, newPlayer, openPage, startServer, view3D } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let server;
let browser;

before(async () => {
  // Absence counts after 1.5 s here; the first move keeps the usual 30 s.
  server = await startServer({ args: ['--gone-ms', '1500'] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function apiAs(base, player, method, path, body) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { authorization: `Bearer ${player}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const waitForView = (page, test, arg, timeout = 30000) =>
  page.waitForFunction(new Function('arg', `const v = window.__spacechess?.view(); return !!v && (${test})(v, arg);`), arg, {
    timeout,
  });

/** A page as `player` at `path` in the flat view. */
async function pageAt(player, path, options = {}, base = server.base) {
  const page = await openPage(browser, base, options, player);
  const url = new URL(path, base);
  if (!url.searchParams.has('view')) url.searchParams.set('view', 'flat');
  await page.goto(url.href);
  return page;
}

/** An online game of `white` joined by a new player (Black); both have moved once. */
async function startedOnline(base, white) {
  const g = await createGame(base, { variant: 'fourfold', mode: 'online', human: 'white' }, white);
  const black = newPlayer();
  const joined = await apiAs(base, black, 'POST', g.invite);
  assert.equal(joined.status, 200);
  const w = await apiAs(base, white, 'POST', `/api/games/${g.id}/moves`, { move: joined.json.legal_moves[0].token });
  const b = await apiAs(base, black, 'POST', `/api/games/${g.id}/moves`, { move: (await apiAs(base, black, 'GET', `/api/games/${g.id}`)).json.legal_moves[0].token });
  assert.equal(w.status, 200);
  assert.equal(b.status, 200);
  return { id: g.id, black };
}

describe('my games', () => {
  it('lists running and finished games on the opening screen and opens each into the game or its review', async () => {
    const running = await createGame(server.base, { variant: 'trid', level: 1 });
    const done = await createGame(server.base, { variant: 'stacked', mode: 'local' });
    const mv = await apiAs(server.base, PLAYER, 'POST', `/api/games/${done.id}/moves`, { move: done.legal_moves[0].token });
    assert.equal(mv.status, 200);
    await apiAs(server.base, PLAYER, 'POST', `/api/games/${done.id}/resign`, { side: 'black' });
    const online = await createGame(server.base, { variant: 'fourfold', mode: 'online' });
    const page = await pageAt(PLAYER, '/');
    await page.waitForSelector('.my-games:not([hidden]) a.my-game');
    // At the top, a way down to the list.
    assert.equal(await page.isVisible('.my-games-jump a[href="#my-games"]'), true);
    const entries = await page.$$eval('.my-games a.my-game', (as) =>
      as.map((a) => ({ id: a.dataset.game, status: a.dataset.status, text: a.textContent.replace(/\s+/g, ' ').trim(), href: a.getAttribute('href') })),
    );
    assert.deepEqual(new Set(entries.map((e) => e.id)), new Set([running.id, done.id, online.id]));
    const finished = entries.find((e) => e.id === done.id);
    assert.equal(finished.status, 'over');
    assert.match(finished.text, /Stacked Boards/);
    assert.match(finished.text, /White wins: Black resigned/);
    assert.match(finished.text, /Two players on this device/);
    const live = entries.find((e) => e.id === running.id);
    assert.match(live.text, /Tri-D/);
    assert.match(live.text, /Against the computer, look-ahead 1/);
    assert.match(live.text, /In progress/);
    assert.match(entries.find((e) => e.id === online.id).text, /waiting for your friend/);
    await page.screenshot({ path: join(OUT, 'mygames-desktop.png'), fullPage: true });
    const phone = await pageAt(PLAYER, '/', PHONE);
    await phone.waitForSelector('.my-games:not([hidden]) a.my-game');
    await phone.locator('.my-games').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(OUT, 'mygames-phone.png') });
    await phone.context().close();

    // A running game opens to be played on.
    await page.click(`a.my-game[data-game="${running.id}"]`);
    await page.waitForURL((u) => u.searchParams.get('game') === running.id);
    // (It opens in 3D, whose first frames keep a loaded machine busy for a while.)
    await waitForView(page, (v, id) => v.id === id && v.legal_moves.length > 0, running.id, 90000);
    assert.equal(await page.isVisible('.game-over .card'), false);
    // A finished one opens for review: no game-over card, the review tools at hand.
    await page.goto(server.base + '/');
    await page.click(`a.my-game[data-game="${done.id}"]`);
    await page.waitForURL((u) => u.searchParams.get('game') === done.id && u.searchParams.has('review'));
    await waitForView(page, (v) => v.status === 'over');
    assert.equal(await page.isVisible('.game-over .card'), false, 'the result is shown, not a card in the way');
    assert.equal(await page.evaluate(() => window.__spacechess.panelTab()), 'moves');
    await page.click('button.review-first');
    await page.waitForSelector('.review-banner');
    assert.equal(await page.evaluate(() => window.__spacechess.review()), 0);
    assert.match(await page.textContent('.review-banner'), /half-move 0 of 1/);
    await page.context().close();
  });
});

describe('online play: views and time rules', () => {
  it('a watcher turns the boards to either side, flat and 3D; a player starts from their own side', async () => {
    const white = newPlayer();
    const { id, black } = await startedOnline(server.base, white);
    const watcher = await pageAt(newPlayer(), `/?game=${id}`);
    await watcher.waitForSelector('.online[data-watching="true"]');
    assert.equal(await watcher.evaluate(() => window.__spacechess.orientation()), 'white');
    const firstRow = () => watcher.$eval('.flatview [data-square]', (b) => b.dataset.square);
    const before = await firstRow();
    await watcher.click('button.turn-boards');
    await watcher.waitForFunction(() => window.__spacechess.orientation() === 'black');
    // The boards redraw on the next render, after the orientation has changed: wait for it.
    await watcher.waitForFunction((b) => document.querySelector('.flatview [data-square]')?.dataset.square !== b, before);
    assert.notEqual(await firstRow(), before, 'the flat boards turned');
    assert.match(await watcher.textContent('button.turn-boards'), /View from White/);
    // In 3D too: the camera goes round to Black's side.
    await view3D(watcher);
    const az = await watcher.evaluate(() => window.__spacechess.getOrbit().azimuth);
    assert.ok(Math.abs(Math.abs(az) - Math.PI) < 0.2, `azimuth ${az}`);
    await watcher.click('button.turn-boards');
    await watcher.waitForFunction(() => window.__spacechess.orientation() === 'white');
    await watcher.waitForFunction(() => Math.abs(window.__spacechess.getOrbit().azimuth) < 0.2);
    await watcher.context().close();
    const blackPage = await pageAt(black, `/?game=${id}`);
    await waitForView(blackPage, (v) => v.you?.[0] === 'black');
    assert.equal(await blackPage.evaluate(() => window.__spacechess.orientation()), 'black');
    await blackPage.context().close();
  });

  it('shows the first-move count and the invitation; an online game without a first move aborts for everyone', async () => {
    // The panel at the first move (30 s here), on desktop and phone.
    const creator = newPlayer();
    const g = await createGame(server.base, { variant: 'fourfold', mode: 'online' }, creator);
    const desk = await pageAt(creator, `/?game=${g.id}`);
    await desk.waitForSelector('.online .invite-link');
    await desk.click('.online .copy-invite');
    await desk.waitForSelector('.online .copy-invite:text("Copied")');
    assert.equal(await desk.evaluate(() => navigator.clipboard.readText()), new URL(g.invite, server.base).href);
    await desk.screenshot({ path: join(OUT, 'online-panel-invite-desktop.png') });
    const phoneInvite = await pageAt(creator, `/?game=${g.id}`, PHONE);
    await phoneInvite.waitForSelector('.online .invite-link');
    await phoneInvite.screenshot({ path: join(OUT, 'online-panel-invite-phone.png') });
    await phoneInvite.context().close();
    await apiAs(server.base, newPlayer(), 'POST', g.invite);
    await desk.waitForSelector('.online .abort-count');
    assert.match(await desk.textContent('.online .abort-count'), /Make your first move within \d+ s, or the game is aborted/);
    await desk.screenshot({ path: join(OUT, 'online-panel-first-move-desktop.png') });
    await desk.context().close();

    // A server where the first move must come within 1.5 s: nobody moves.
    const quick = await startServer({ args: ['--first-move-ms', '1500'] });
    try {
      const a = newPlayer();
      const q = await createGame(quick.base, { variant: 'fourfold', mode: 'online' }, a);
      const b = newPlayer();
      const player = await pageAt(a, `/?game=${q.id}`, {}, quick.base);
      await pageAt(b, q.invite, {}, quick.base).then(async (friend) => {
        const watcher = await pageAt(newPlayer(), `/?game=${q.id}`, {}, quick.base);
        for (const p of [player, friend, watcher]) {
          await waitForView(p, (v) => v.status === 'over' && v.result?.reason === 'aborted');
        }
        await watcher.waitForSelector('.game-over .card');
        assert.match(await watcher.textContent('.game-over .result-reason'), /Game aborted: nobody wins or loses/);
        for (const p of [friend, watcher]) await p.context().close();
      });
      await player.context().close();
    } finally {
      await quick.stop();
    }
  });

  it('a player whose opponent has gone claims the win, and both the claimant and a watcher see it live', async () => {
    const white = newPlayer();
    const { id, black } = await startedOnline(server.base, white);
    const a = await pageAt(white, `/?game=${id}`);
    const b = await pageAt(black, `/?game=${id}`);
    await waitForView(a, (v) => v.seats.black.connected && v.seats.white.connected);
    assert.match(await a.textContent('.online .presence'), /Your opponent is connected/);
    const watcher = await pageAt(newPlayer(), `/?game=${id}`);
    await watcher.waitForSelector('.online .watchers');
    // Black closes the page: White sees them disconnected, then gone, and may claim.
    await b.context().close();
    await waitForView(a, (v) => !v.seats.black.connected);
    await a.waitForSelector('.online .claim button.claim-win', { timeout: 30000 });
    assert.match(await a.textContent('.online .presence'), /Your opponent has left the game/);
    // The watcher hears of it on its own socket, maybe after White: wait on its page.
    await watcher.waitForFunction(() => /Black has left the game/.test(document.querySelector('.online .presence')?.textContent ?? ''), null, {
      timeout: 30000,
    });
    assert.match(await watcher.textContent('.online .presence'), /Black has left the game/);
    assert.equal(await watcher.isVisible('.online .claim'), false, 'a watcher claims nothing');
    await a.screenshot({ path: join(OUT, 'online-panel-claim-desktop.png') });
    const phone = await pageAt(white, `/?game=${id}`, PHONE);
    await phone.waitForSelector('.online .claim button.claim-win', { timeout: 30000 });
    await phone.screenshot({ path: join(OUT, 'online-panel-claim-phone.png') });
    await phone.context().close();
    await a.click('.online button.claim-win');
    for (const p of [a, watcher]) await waitForView(p, (v) => v.status === 'over' && v.result?.reason === 'abandoned' && v.result.winner === 'white');
    await watcher.waitForSelector('.game-over .card');
    assert.match(await watcher.textContent('.game-over .result-reason'), /White wins: Black left the game/);
    for (const p of [a, watcher]) await p.context().close();
  });
});
