// Browser tests of the lobby (docs/web.md, "The lobby"): two players meet there (one
// creates a rated challenge, the other sees it arrive live and accepts it), both land in
// the game in their seats, play and one resigns; both ratings then move exactly as
// Glicko-2 says (computed here from the paper's formulas). A third person watches from
// "Playing now". A correspondence game (1 day per move) keeps its deadline across a
// server restart. Screenshots (desktop and phone; White, Black, a watcher, the lobby)
// land in e2e/out/lobby-*.png. Run: node --test e2e/lobby.test.mjs

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, explained, flatView, launchBrowser, newPlayer, openPage, playFlat, startServer, view } from './harness.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let browser;
const servers = [];

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
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

/** A new player with a name of their own (PUT /api/me/name). */
async function namedPlayer(base, prefix) {
  const id = newPlayer();
  const name = `${prefix}_${randomBytes(3).toString('hex')}`;
  const set = await apiAs(base, id, 'PUT', '/api/me/name', { name });
  assert.equal(set.status, 200, `name ${name}: ${JSON.stringify(set.json)}`);
  return { id, name };
}

const waitForView = (page, test, arg, timeout = 30000) =>
  explained(page, `the view to pass ${test}`, () =>
    page.waitForFunction(new Function('arg', `const v = window.__spacechess?.view(); return !!v && (${test})(v, arg);`), arg, { timeout }),
  );

/** The opening screen with the lobby read once. */
async function lobbyPage(base, player, options = {}) {
  const page = await openPage(browser, base, options, player);
  await page.goto(base + '/');
  await page.waitForSelector('.lobby .lobby-panel h3');
  await page.waitForFunction(() => !document.querySelector('.lobby-panel')?.textContent?.includes('Loading…'));
  return page;
}

/** Fills the lobby's create form and sends it; resolves once the own challenge is listed. */
async function createChallenge(page, { variant, time, rated = true, color = 'random', min, max, shot }) {
  await page.click('.create-challenge-open');
  await page.selectOption('.create-challenge select[name="variant"]', variant);
  await page.selectOption('.create-challenge select[name="time"]', time);
  await page.check(`.create-challenge input[name="rated"][value="${rated ? 'rated' : 'casual'}"]`);
  await page.check(`.create-challenge input[name="color"][value="${color}"]`);
  if (min !== undefined) await page.fill('.create-challenge input[name="min_rating"]', String(min));
  if (max !== undefined) await page.fill('.create-challenge input[name="max_rating"]', String(max));
  if (shot) await page.locator('.create-challenge').screenshot({ path: join(OUT, `lobby-${shot}.png`) });
  const before = await page.locator('.challenge.yours').count();
  await page.click('.create-submit');
  await page.waitForFunction((n) => document.querySelectorAll('.challenge.yours').length > n, before);
  return page.locator('.challenge.yours').last().getAttribute('data-challenge');
}

/** Screenshots at both sizes (the page's context keeps its own size afterwards), `show` scrolled into view. */
async function shots(page, name, show) {
  await page.screenshot({ path: join(OUT, `lobby-${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  if (show) await page.locator(show).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(OUT, `lobby-${name}-phone.png`) });
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
}

// ---- Glicko-2, from Glickman's "Example of the Glicko-2 system" (steps 2 to 8) ----
// The rating crate rates each game as its own period with τ = 0.5 (DEFAULT_TAU), ε =
// 0.000001, and keeps RD within 30..350 and σ within 0.0001..0.1; a new player is
// 1500 / 350 / 0.06 and is not aged before their first game.
const SCALE = 173.7178;
function glicko2(player, games, tau = 0.5) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  let information = 0;
  let surprise = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.deviation / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    information += gJ * gJ * e * (1 - e);
    surprise += gJ * (score - e);
  }
  const v = 1 / information;
  const delta = v * surprise;
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 0.000001) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  return { rating: player.rating + SCALE * newPhi * newPhi * surprise, deviation: newPhi * SCALE, volatility: newSigma };
}
const NEW_PLAYER = { rating: 1500, deviation: 350, volatility: 0.06 };

/** The pool's rating on a player's profile, once the game is rated (waits a little for it). */
async function profileRating(base, name, pool) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${base}/api/players/${encodeURIComponent(name)}`);
    if (res.status === 200) {
      const profile = await res.json();
      const r = profile.ratings.find((x) => x.pool === pool);
      if (r && r.games > 0) return { rating: r, history: profile.history.filter((h) => h.pool === pool) };
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`${name} has no ${pool} rating after the game`);
}

describe('the lobby', () => {
  it('Glicko-2 of the test is the paper’s', () => {
    // The paper's example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300 (won, lost, lost).
    const r = glicko2({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300 }, score: 0 },
    ]);
    assert.ok(Math.abs(r.rating - 1464.06) < 0.01, `rating ${r.rating}`);
    assert.ok(Math.abs(r.deviation - 151.52) < 0.01, `deviation ${r.deviation}`);
    assert.ok(Math.abs(r.volatility - 0.05999) < 0.00001, `volatility ${r.volatility}`);
  });

  it('two players meet in the lobby, play a rated game and both ratings move as Glicko-2 says', async () => {
    const server = await startServer();
    servers.push(server);
    const { base } = server;
    const white = await namedPlayer(base, 'Ann');
    const black = await namedPlayer(base, 'Bo');
    // Black looks at the lobby first: the challenge must arrive there live.
    const b = await lobbyPage(base, black.id);
    const a = await lobbyPage(base, white.id);
    // A challenge out of Black's range is refused in words.
    const ranged = await createChallenge(a, { variant: 'stacked', time: '5+3', min: 1700, max: 2000 });
    const rangedRow = b.locator(`.challenge[data-challenge="${ranged}"]`);
    await rangedRow.waitFor({ timeout: 15000 });
    assert.match(await rangedRow.textContent(), /Ratings 1700–2000/);
    await rangedRow.locator('.accept-challenge').click();
    await b.waitForSelector('.lobby-error');
    assert.match(await b.textContent('.lobby-error'), /Your stacked rating, 1500, is outside the challenge's range \(1700 to 2000\)/);
    await a.locator(`.challenge[data-challenge="${ranged}"] .cancel-challenge`).click();
    await rangedRow.waitFor({ state: 'detached', timeout: 15000 });

    const id = await createChallenge(a, { variant: 'fourfold', time: '10+5', rated: true, color: 'white' });
    const mine = a.locator(`.challenge[data-challenge="${id}"]`);
    assert.match(await mine.textContent(), /Waiting for an opponent/);
    assert.match(await mine.textContent(), /You play White/);
    await a.screenshot({ path: join(OUT, 'lobby-waiting-desktop.png') });
    const row = b.locator(`.challenge[data-challenge="${id}"]`);
    await row.waitFor({ timeout: 15000 });
    const text = await row.textContent();
    for (const want of [white.name, '(1500?)', 'Fourfold', '10+5', 'Rated', 'You play Black']) assert.ok(text.includes(want), `"${want}" in "${text}"`);
    await b.setViewportSize(PHONE);
    await b.screenshot({ path: join(OUT, 'lobby-list-phone.png'), fullPage: true });
    await b.setViewportSize(DESKTOP);
    await row.locator('.accept-challenge').click();
    // The taker goes to the game at once, the creator when its lobby read says `matched`.
    await b.waitForURL(/\?game=/, { timeout: 15000 });
    await a.waitForURL(/\?game=/, { timeout: 15000 });
    const game = new URL(b.url()).searchParams.get('game');
    assert.equal(new URL(a.url()).searchParams.get('game'), game, 'both in the same game');
    await waitForView(a, (v) => v.you?.[0] === 'white' && v.seats.black.holder === 'player');
    await waitForView(b, (v) => v.you?.[0] === 'black');
    const va = await view(a);
    assert.equal(va.variant, 'fourfold');
    assert.equal(va.rated, true, 'the game is rated');
    assert.equal(va.clocks?.initial_ms, 600000);
    assert.equal(va.clocks?.increment_ms, 5000);
    // The challenge is gone from the lobby.
    const lobby = await apiAs(base, newPlayer(), 'GET', '/api/lobby');
    assert.ok(!lobby.json.challenges.some((c) => c.id === id), 'the accepted challenge left the lobby');
    await flatView(a);
    await flatView(b);
    // Two moves each, by taps.
    for (let ply = 0; ply < 4; ply++) {
      const page = ply % 2 === 0 ? a : b;
      await waitForView(page, (v, p) => v.ply === p && v.legal_moves.length > 0, ply);
      const v = await view(page);
      const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
      await playFlat(page, m);
    }
    await waitForView(a, (v) => v.ply === 4 && v.legal_moves.length > 0);
    await waitForView(b, (v) => v.ply === 4);
    // A third person watches from the lobby's "Playing now".
    const watcherPage = await lobbyPage(base, newPlayer());
    const link = watcherPage.locator(`.playing-game[data-game="${game}"]`);
    await link.waitFor({ timeout: 15000 });
    const playing = await link.textContent();
    assert.ok(playing.includes(white.name) && playing.includes(black.name), `both names in "${playing}"`);
    assert.match(playing, /Fourfold · 10\+5 · Rated · 4 half-moves/);
    await link.scrollIntoViewIfNeeded();
    await watcherPage.screenshot({ path: join(OUT, 'lobby-playing-now-desktop.png') });
    await link.click();
    await watcherPage.waitForURL(/\?game=/);
    await waitForView(watcherPage, (v) => Array.isArray(v.you) && v.you.length === 0 && v.ply === 4);
    await shots(a, 'game-white');
    await shots(b, 'game-black');
    await shots(watcherPage, 'game-watcher');
    // White resigns (confirmed), so Black wins.
    a.once('dialog', (d) => void d.accept());
    await a.click('button.resign');
    for (const p of [a, b, watcherPage]) await waitForView(p, (v) => v.status === 'over' && v.result?.winner === 'black');

    const [exWhite, exBlack] = [
      glicko2(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 0 }]),
      glicko2(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 1 }]),
    ];
    for (const [who, expected] of [
      [white, exWhite],
      [black, exBlack],
    ]) {
      const { rating, history } = await profileRating(base, who.name, 'fourfold');
      assert.equal(rating.games, 1, `${who.name}: one rated game`);
      // The profile shows whole points (the server rounds what it rated): the figure
      // Glicko-2 gives, rounded, exactly.
      assert.equal(rating.rating, Math.round(expected.rating), `${who.name}: rating against ${expected.rating}`);
      assert.equal(rating.deviation, Math.round(expected.deviation), `${who.name}: deviation against ${expected.deviation}`);
      assert.equal(rating.provisional, expected.deviation > 110);
      const last = history.at(-1);
      assert.ok(last, `${who.name}: a history point`);
      assert.equal(last.rating, Math.round(expected.rating), `${who.name}: the history's point against ${expected.rating}`);
    }
    // Opened again, the game's labels carry each side's rating change (rounded; ±1 for
    // rounding the two figures apart).
    await a.reload();
    await waitForView(a, (v) => v.status === 'over' && !!v.players);
    const { players } = await view(a);
    for (const [side, expected] of [
      ['white', exWhite],
      ['black', exBlack],
    ]) {
      const change = players[side].change;
      assert.ok(typeof change === 'number' && Math.abs(change - (expected.rating - 1500)) <= 1, `${side}'s change ${change} against ${expected.rating - 1500}`);
    }
    await a.screenshot({ path: join(OUT, 'lobby-game-over-white-desktop.png') });
    for (const p of [a, b, watcherPage]) await p.close();
  });

  it('two players pressing the same quick pairing meet in a game', async () => {
    const server = await startServer();
    servers.push(server);
    const c = await lobbyPage(server.base, (await namedPlayer(server.base, 'Ed')).id);
    const d = await lobbyPage(server.base, (await namedPlayer(server.base, 'Flo')).id);
    const button = (page) => page.locator('button.quick[data-pairing="fourfold-5+3"]');
    await button(c).click();
    // The first waits: their quick challenge is listed as theirs, the button says so.
    await c.waitForSelector('.challenge.yours');
    assert.match(await button(c).textContent(), /Waiting/);
    assert.equal(await button(c).isDisabled(), true);
    await c.screenshot({ path: join(OUT, 'lobby-quick-waiting-desktop.png') });
    await button(d).click();
    await d.waitForURL(/\?game=/, { timeout: 15000 });
    await c.waitForURL(/\?game=/, { timeout: 15000 });
    assert.equal(new URL(c.url()).searchParams.get('game'), new URL(d.url()).searchParams.get('game'));
    await waitForView(c, (v) => (v.you?.length ?? 0) === 1 && v.rated === true && v.clocks?.initial_ms === 300000);
    await waitForView(d, (v) => (v.you?.length ?? 0) === 1);
    assert.notDeepEqual((await view(c)).you, (await view(d)).you, 'one seat each');
    for (const p of [c, d]) await p.close();
  });

  it('a correspondence game keeps its deadline across a server restart', async () => {
    let server = await startServer();
    servers.push(server);
    const white = await namedPlayer(server.base, 'Cy');
    const black = await namedPlayer(server.base, 'Di');
    const a = await lobbyPage(server.base, white.id);
    const id = await createChallenge(a, { variant: 'stacked', time: 'd1', rated: false, color: 'white', shot: 'create-form-desktop' });
    assert.match(await a.locator(`.challenge[data-challenge="${id}"]`).textContent(), /1 day per move/);
    const b = await lobbyPage(server.base, black.id);
    await b.locator(`.challenge[data-challenge="${id}"] .accept-challenge`).click();
    await b.waitForURL(/\?game=/, { timeout: 15000 });
    await a.waitForURL(/\?game=/, { timeout: 15000 });
    await waitForView(a, (v) => v.you?.[0] === 'white' && v.legal_moves.length > 0);
    await flatView(a);
    await flatView(b);
    for (let ply = 0; ply < 3; ply++) {
      const page = ply % 2 === 0 ? a : b;
      await waitForView(page, (v, p) => v.ply === p && v.legal_moves.length > 0, ply);
      const v = await view(page);
      await playFlat(page, v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion));
    }
    await waitForView(b, (v) => v.ply === 3 && v.legal_moves.length > 0);
    const game = new URL(b.url()).searchParams.get('game');
    // Black's move: the deadline as the pages show it and as the server tells it.
    const deadline = async () => {
      const g = await apiAs(server.base, black.id, 'GET', `/api/games/${game}`);
      assert.equal(g.json.clocks.per_move, true, 'a correspondence clock');
      assert.equal(g.json.clocks.running, 'black');
      return Date.now() + g.json.clocks.black_ms;
    };
    const before = await deadline();
    const shown = async (page) => (await page.textContent('.clock.running .time')).trim();
    await b.waitForFunction(() => /\d+ h/.test(document.querySelector('.clock.running .time')?.textContent ?? ''));
    const beforeText = await shown(b);
    assert.match(beforeText, /^23 h( \d+ min)?$/, 'a day per move, as hours and minutes left');
    assert.match(await b.textContent('.setup-line'), /1 day per move/);
    await shots(b, 'correspondence-black');
    await shots(a, 'correspondence-white');

    const port = Number(new URL(server.base).port);
    await server.kill();
    server = await startServer({ port, data: server.data });
    servers.push(server);
    for (const p of [a, b]) await p.reload();
    await waitForView(b, (v) => v.ply === 3 && v.legal_moves.length > 0 && v.you?.[0] === 'black');
    await waitForView(a, (v) => v.ply === 3 && v.you?.[0] === 'white');
    const after = await deadline();
    assert.ok(Math.abs(after - before) < 5000, `the deadline moved by ${after - before} ms across the restart`);
    await b.waitForFunction(() => /\d+ h/.test(document.querySelector('.clock.running .time')?.textContent ?? ''));
    const afterText = await shown(b);
    assert.match(afterText, /^23 h( \d+ min)?$/);
    // My games lists it first for Black, marked as their turn with the time left.
    await b.goto(server.base + '/');
    const entry = b.locator(`.my-game[data-game="${game}"]`);
    await entry.waitFor({ timeout: 15000 });
    assert.equal(await b.locator('.my-game').first().getAttribute('data-game'), game, 'the game to move in comes first');
    assert.match(await entry.textContent(), /Your turn · 23 h/);
    assert.match(await entry.textContent(), new RegExp(`Online against ${white.name}`));
    assert.equal(await b.textContent('.my-games-jump a'), 'My games: your turn in 1');
    await b.locator('#my-games').scrollIntoViewIfNeeded();
    await shots(b, 'my-games', '#my-games');
    for (const p of [a, b]) await p.close();
  });
});
