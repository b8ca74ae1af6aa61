// Browser tests of names and accounts (docs/api.md, "Players and accounts"): on one
// device (context A, desktop) an anonymous player is refused a name that breaks a rule
// and one that is taken, chooses a name, creates an account (passwords twice), starts a
// game and logs out; a fresh device (context B, phone) logs in with the name and password
// and finds the same games in My games and the same ratings on the profile. The game
// screen shows both players' names, ratings and the rated game's changes; the
// leaderboard page has a tab per pool. Turn notifications: asked for by a click, shown
// for the opponent's move only while the page is hidden. Screenshots `accounts-*.png`.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, newPlayer, openPage, OUT, startFromOpening, startServer } from './harness.mjs';

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

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function apiAs(player, method, path, body) {
  const res = await fetch(new URL(path, server.base), {
    method,
    headers: { authorization: `Bearer ${player}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function ok(player, method, path, body) {
  const r = await apiAs(player, method, path, body);
  assert.ok(r.status >= 200 && r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json;
}

/**
 * A rated Stacked game between `white` and `black` (players' ids) through the lobby's
 * routes: each side moves once, then Black resigns. Its id.
 */
async function ratedGame(white, black) {
  // Black's challenge, accepted by White (a page of the challenger would be sent to the game).
  const challenge = await ok(black, 'POST', '/api/lobby/challenges', {
    variant: 'stacked',
    time_control: { minutes: 10, increment_seconds: 5 },
    rated: true,
    color: 'black',
  });
  const { game } = await ok(white, 'POST', `/api/lobby/challenges/${challenge.id}/accept`);
  for (const [player, ply] of [
    [white, 0],
    [black, 1],
  ]) {
    const v = await ok(player, 'GET', `/api/games/${game}`);
    assert.equal(v.ply, ply);
    await ok(player, 'POST', `/api/games/${game}/moves`, { move: v.legal_moves[0].token, ply });
  }
  await ok(black, 'POST', `/api/games/${game}/resign`);
  return game;
}

const bar = (page) => page.locator('.identity');

/** The controls inside `scope` smaller than a 44 px tap target (none expected on a phone). */
const smallTargets = (page, scope) =>
  page.evaluate((scope) => {
    const out = [];
    for (const e of document.querySelectorAll(`${scope} :is(button, a[href], input, select)`)) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || e.closest('.sr-only, [hidden]')) continue;
      if (r.width < 44 || r.height < 44) out.push(`"${e.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  }, scope);

/** Waits for the identity bar to say who plays here. */
async function barSays(page, { name, account }) {
  const sel = `.identity[data-account="${account}"]${name ? `[data-name="${name}"]` : ':not([data-name])'}`;
  await page.waitForSelector(sel).catch(async (e) => {
    const shown = await page.evaluate(() => document.querySelector('.identity')?.outerHTML ?? document.body.innerHTML.slice(0, 2000));
    throw new Error(`${e.message}\nthe page shows: ${shown}`);
  });
}

describe('names and accounts', () => {
  it('an account made on one device logs in on another and finds its games and ratings', async () => {
    const name = `Astra${Date.now() % 100000}`;
    const password = 'correct horse 37';
    const playerA = newPlayer();
    const a = await openPage(browser, server.base, {}, playerA);
    await a.context().grantPermissions(['notifications'], { origin: server.base });
    await a.goto(server.base + '/');
    // A new player: anonymous, told what names and accounts are for.
    await barSays(a, { name: null, account: false });
    assert.equal((await bar(a).locator('.identity-name').textContent()).trim(), 'Anonymous');
    assert.match(await bar(a).locator('.identity-intro').textContent(), /You can play without an account\. Choose a name so opponents see who you are; create an account to sign in on another device\./);
    await a.screenshot({ path: join(OUT, 'accounts-anonymous-desktop.png') });
    // Turn notifications are off until asked for.
    assert.equal(await a.getAttribute('.identity .notify-toggle', 'aria-pressed'), 'false');
    await a.click('.identity .notify-toggle');
    await a.waitForSelector('.identity .notify-toggle[aria-pressed="true"]');

    // A name that breaks a rule is refused before it is sent, with the rule.
    await a.click('.identity .choose-name');
    assert.match(await a.textContent('.identity #name-rules'), /3 to 20 characters/);
    await a.fill('.identity input[name="name"]', '2fast');
    await a.click('.identity .save-name');
    assert.match(await a.textContent('.identity .name-form .identity-error'), /starts with a letter/);
    // A taken name is refused by the server (any case).
    const other = newPlayer();
    await ok(other, 'PUT', '/api/me/name', { name: `${name}x` });
    await a.fill('.identity input[name="name"]', `${name}X`.toLowerCase());
    await a.click('.identity .save-name');
    await a.waitForSelector('.identity .name-form .identity-error:text("That name is taken")');
    await a.screenshot({ path: join(OUT, 'accounts-name-taken-desktop.png') });
    await a.fill('.identity input[name="name"]', name);
    await a.click('.identity .save-name');
    await barSays(a, { name, account: false });
    assert.match(await a.textContent('.identity .identity-said'), new RegExp(`You are now ${name}`));

    // An account: the password twice (a mismatch is caught first).
    await a.click('.identity .open-account');
    await a.fill('.identity input[name="password"]', password);
    await a.fill('.identity input[name="password-again"]', password + '!');
    await a.click('.identity .create-account');
    assert.match(await a.textContent('.identity .account-form .identity-error'), /differ/);
    await a.screenshot({ path: join(OUT, 'accounts-create-desktop.png') });
    await a.fill('.identity input[name="password-again"]', password);
    await a.click('.identity .create-account');
    await barSays(a, { name, account: true });
    assert.match(await a.textContent('.identity .identity-as'), /Logged in as/);
    await a.screenshot({ path: join(OUT, 'accounts-logged-in-desktop.png') });

    // A game started here (against the computer), and a rated game the account played
    // with a stranger (through the lobby's routes, as the account's player id).
    await startFromOpening(a, server.base, 'fourfold');
    const computerGame = new URL(a.url()).searchParams.get('game');
    const stranger = newPlayer();
    await ok(stranger, 'PUT', '/api/me/name', { name: `Rival${Date.now() % 100000}` });
    const rated = await ratedGame(playerA, stranger);
    // The game screen names both sides, with ratings and the changes after the game.
    await a.goto(`${server.base}/?game=${rated}&view=flat`);
    await a.waitForSelector('.players .player-white .player-change');
    assert.match(await a.textContent('.players .player-white .player-name'), new RegExp(`${name}.*\\(you\\)`));
    assert.match(await a.textContent('.players .rated-badge'), /Rated/);
    assert.match(await a.textContent('.players .player-white .player-change'), /^\+\d+$/);
    assert.match(await a.textContent('.players .player-black .player-change'), /^\u2212\d+$/);
    assert.match(await a.textContent('.players .player-white .player-rating'), /^\d+\?$/);
    await a.screenshot({ path: join(OUT, 'accounts-game-labels-desktop.png') });
    const ratingsA = (await ok(playerA, 'GET', '/api/me')).ratings;
    assert.equal(ratingsA.length, 1);

    // Log out: this device is anonymous again, with none of the account's games.
    await a.goto(server.base + '/');
    await barSays(a, { name, account: true });
    await Promise.all([a.waitForEvent('framenavigated'), a.click('.identity .log-out')]);
    await barSays(a, { name: null, account: false });
    assert.equal(await a.locator(`.my-game[data-game="${rated}"]`).count(), 0);

    // Another device (a phone, a fresh anonymous player): logs in, wrong password first.
    const b = await openPage(browser, server.base, PHONE, newPlayer());
    await b.goto(server.base + '/');
    await barSays(b, { name: null, account: false });
    await b.click('.identity .open-login');
    await b.fill('.identity input[name="login-name"]', name.toLowerCase());
    await b.fill('.identity input[name="login-password"]', 'not the password');
    await b.click('.identity .log-in');
    await b.waitForSelector('.identity .login-form .identity-error:text("Wrong name or password.")');
    await b.screenshot({ path: join(OUT, 'accounts-login-phone.png'), fullPage: true });
    await b.fill('.identity input[name="login-password"]', password);
    await Promise.all([b.waitForEvent('framenavigated'), b.click('.identity .log-in')]);
    await barSays(b, { name, account: true });
    // The same games in My games.
    for (const id of [rated, computerGame]) await b.waitForSelector(`.my-game[data-game="${id}"]`);
    await b.locator('#my-games').scrollIntoViewIfNeeded();
    await b.screenshot({ path: join(OUT, 'accounts-my-games-phone.png') });
    assert.deepEqual(await smallTargets(b, '.identity'), []);

    // The profile, from the bar: the same ratings ("?" while provisional) and a graph.
    await Promise.all([b.waitForURL(/\?player=/), b.click('.identity a.identity-name')]);
    await b.waitForSelector(`.profile[data-player="${name}"] .ratings-table`);
    const row = b.locator('.ratings-table tr[data-pool="stacked"]');
    const shown = (await row.locator('.rating-value').textContent()).trim();
    assert.equal(shown, `${ratingsA[0].rating}${ratingsA[0].provisional ? '?' : ''}`);
    assert.equal((await row.locator('td').nth(1).textContent()).trim(), '1');
    assert.match(await b.textContent('.ratings-legend'), /\? = provisional/);
    assert.match(await b.textContent('.player-sub'), /This is you/);
    assert.equal(await b.locator('.history-graph[data-pool="stacked"] circle').count(), 1);
    await b.screenshot({ path: join(OUT, 'accounts-profile-phone.png'), fullPage: true });
    assert.deepEqual(await smallTargets(b, '.player-page'), []);

    // The leaderboard: a tab per pool; a provisional rating is not listed yet.
    await Promise.all([b.waitForURL(/\?leaderboard=stacked/), row.locator('a:text("Leaderboard")').click()]);
    await b.waitForSelector('.leaderboard .pool-tabs a[aria-current="page"][data-pool="stacked"]');
    assert.equal(await b.locator('.leaderboard .pool-tabs a').count(), 6);
    await b.waitForSelector('.leaderboard .empty, .leaderboard .ratings-table');
    await b.screenshot({ path: join(OUT, 'accounts-leaderboard-phone.png'), fullPage: true });
    assert.deepEqual(await smallTargets(b, '.player-page'), []);
    // A full board (the server's answer stood in for: settled ratings take dozens of games):
    // ranks, names linking to profiles, the player's own row marked.
    const players = [
      { name: 'Vega', rating: 1834, deviation: 62, games: 48 },
      { name, rating: 1702, deviation: 80, games: 31 },
      { name: 'Lyra_7', rating: 1655, deviation: 95, games: 22 },
    ];
    await b.route('**/api/ratings/quadlevel', (r) => r.fulfill({ json: { pool: 'quadlevel', players } }));
    await Promise.all([b.waitForURL(/\?leaderboard=quadlevel/), b.click('.pool-tabs a[data-pool="quadlevel"]')]);
    await b.waitForSelector('.leaderboard[data-pool="quadlevel"] .ratings-table');
    const rows = await b.locator('.leaderboard tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent.trim())));
    assert.deepEqual(rows, [
      ['1', 'Vega', '1834', '48'],
      ['2', name, '1702', '31'],
      ['3', 'Lyra_7', '1655', '22'],
    ]);
    assert.equal(await b.getAttribute('.leaderboard tbody tr.you a', 'href'), `/?player=${name}`);
    await b.screenshot({ path: join(OUT, 'accounts-leaderboard-rows-phone.png'), fullPage: true });
    const desk = await openPage(browser, server.base, {}, newPlayer());
    await desk.goto(`${server.base}/?player=${name}`);
    await desk.waitForSelector('.history-graph');
    await desk.screenshot({ path: join(OUT, 'accounts-profile-desktop.png'), fullPage: true });
    // A watcher sees the players' names and ratings too.
    await desk.goto(`${server.base}/?game=${rated}&view=flat`);
    await desk.waitForSelector('.players .player-black .player-change');
    assert.match(await desk.textContent('.players .player-white .player-name'), new RegExp(`^${name}`));
    assert.doesNotMatch(await desk.textContent('.players'), /\(you\)/);
    // The rated game on the phone, from My games.
    await b.goto(server.base + '/');
    await Promise.all([b.waitForURL(/\?game=/), b.click(`.my-game[data-game="${rated}"]`)]);
    await b.waitForSelector('.players .player-white .player-change');
    await b.screenshot({ path: join(OUT, 'accounts-game-labels-phone.png') });
    assert.deepEqual(await smallTargets(b, '.players'), []);
    await desk.close();
    await b.close();
    await a.close();
  });

  it('a player who asked for turn notifications is notified while the page is hidden', async () => {
    const me = newPlayer();
    const page = await openPage(browser, server.base, {}, me);
    // The page's visibility and the Notification API, under the test's control.
    await page.context().addInitScript(() => {
      window.__hidden = false;
      window.__notes = [];
      Object.defineProperty(window.Document.prototype, 'hidden', { configurable: true, get: () => window.__hidden });
      // The browser keeps a permission for the site: so does the fake, across pages.
      class FakeNotification {
        static get permission() {
          return window.localStorage.getItem('test.permission') ?? 'default';
        }
        static async requestPermission() {
          window.__asked = (window.__asked ?? 0) + 1;
          window.localStorage.setItem('test.permission', 'granted');
          return 'granted';
        }
        constructor(title, options) {
          window.__notes.push({ title, body: options?.body ?? '' });
        }
        close() {}
      }
      window.Notification = FakeNotification;
    });
    await page.goto(server.base + '/');
    await barSays(page, { name: null, account: false });
    assert.equal(await page.evaluate(() => window.__asked ?? 0), 0, 'no permission asked before the click');
    await page.click('.identity .notify-toggle');
    await page.waitForSelector('.identity .notify-toggle[aria-pressed="true"]');
    assert.equal(await page.evaluate(() => window.__asked), 1);
    // An online game where the opponent (White) moves first.
    const opponent = newPlayer();
    const challenge = await ok(opponent, 'POST', '/api/lobby/challenges', {
      variant: 'fourfold',
      time_control: { minutes: 10, increment_seconds: 5 },
      rated: false,
      color: 'white',
    });
    const { game } = await ok(me, 'POST', `/api/lobby/challenges/${challenge.id}/accept`);
    await page.goto(`${server.base}/?game=${game}&view=flat`);
    await page.waitForFunction(() => window.__spacechess?.view()?.ply === 0);
    assert.match(await page.textContent('.players .rated-badge'), /Casual/);
    assert.equal(await page.getAttribute('.turn-notify .notify-toggle', 'aria-pressed'), 'true');
    await page.screenshot({ path: join(OUT, 'accounts-notify-game-desktop.png') });
    // Visible: a move brings no notification.
    let v = await ok(opponent, 'GET', `/api/games/${game}`);
    await ok(opponent, 'POST', `/api/games/${game}/moves`, { move: v.legal_moves[0].token, ply: 0 });
    await page.waitForFunction(() => window.__spacechess?.view()?.ply === 1);
    const mine = (await page.evaluate(() => window.__spacechess.view().legal_moves))[0];
    await page.click(`.flatview [data-square="${mine.from}"]`);
    await page.click(`.flatview [data-square="${mine.to}"]`);
    await page.waitForFunction(() => window.__spacechess?.view()?.ply === 2);
    assert.deepEqual(await page.evaluate(() => window.__notes), []);
    // Hidden: the opponent's move is notified, naming the game and the move.
    await page.evaluate(() => (window.__hidden = true));
    v = await ok(opponent, 'GET', `/api/games/${game}`);
    await ok(opponent, 'POST', `/api/games/${game}/moves`, { move: v.legal_moves[0].token, ply: 2 });
    await page.waitForFunction(() => window.__notes.length > 0);
    const [note] = await page.evaluate(() => window.__notes);
    const played = (await ok(me, 'GET', `/api/games/${game}`)).history[2].notation;
    assert.equal(note.title, 'Your turn');
    assert.equal(note.body, `Fourfold: your opponent played ${played}. It is your move.`);
    await page.close();
  });
});
