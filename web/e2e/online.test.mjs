// Browser tests of online play (docs/api.md, "Online games"): two browser contexts (two
// players, each with their own cookie) play to checkmate while a third watches; a
// stranger's move, resignation and deletion are refused; a server restart mid-game
// loses nothing. Run: node --test e2e/online.test.mjs (after rebuilding the release binary).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, createGame, launchBrowser, newPlayer, openPage, playFlat, startServer, view } from './harness.mjs';

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

/** A page as `player` at `path` (flat view, so moves are taps on real buttons). */
async function pageAt(player, path, options = {}) {
  const page = await openPage(browser, server.base, options, player);
  const url = new URL(path, server.base);
  url.searchParams.set('view', 'flat');
  await page.goto(url.href);
  await page.waitForFunction(() => !!window.__spacechess?.view());
  return page;
}

const waitForView = (page, test, arg, timeout = 30000) =>
  page.waitForFunction(new Function('arg', `const v = window.__spacechess?.view(); return !!v && (${test})(v, arg);`), arg, {
    timeout,
  });

async function apiAs(player, method, path, body) {
  const res = await fetch(new URL(path, server.base), {
    method,
    headers: { authorization: `Bearer ${player}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** A mate in one of the lessons: its setup, position and the mating move. */
async function mateInOne() {
  const { lessons } = await (await fetch(`${server.base}/api/lessons`)).json();
  const l = lessons.find((x) => x.kind === 'mate' && x.goal.moves === 1 && x.variant === 'stacked');
  assert.ok(l, 'a mate-in-one lesson');
  return l;
}

describe('online play', () => {
  it('two players play to checkmate by the invitation while a third watches', async () => {
    const lesson = await mateInOne();
    const creator = newPlayer();
    const setup = { variant: lesson.variant, rules: lesson.rules, options: lesson.options, position: lesson.position };
    const mover = (await createGame(server.base, { ...setup, mode: 'local' }, creator)).turn;
    const g = await createGame(
      server.base,
      { ...setup, mode: 'online', human: mover },
      creator,
    );
    assert.ok(g.invite, 'the creator gets an invitation');
    const a = await pageAt(creator, `/?game=${g.id}`);
    await a.waitForSelector('.online .invite-link');
    assert.match(await a.textContent('.online'), /Waiting for your friend/);
    await a.screenshot({ path: join(OUT, 'online-invite.png') });
    // The friend opens the invitation in their own browser and takes the other seat.
    const friend = newPlayer();
    const b = await pageAt(friend, g.invite);
    let vb = await view(b);
    assert.deepEqual(vb.you, [mover === 'white' ? 'black' : 'white']);
    assert.equal(new URL(b.url()).searchParams.get('game'), g.id, 'the address becomes the game');
    // The creator sees the seat taken live; the invitation goes away.
    await waitForView(a, (v) => v.seats.white.holder === 'player' && v.seats.black.holder === 'player');
    await a.waitForSelector('.online .invite-link', { state: 'detached' });
    // A third person watches.
    const watcher = await pageAt(newPlayer(), `/?game=${g.id}`);
    await watcher.waitForSelector('.online[data-watching="true"]');
    assert.equal((await view(watcher)).legal_moves.length, 0, 'a watcher has nothing to move');
    assert.equal((await view(b)).legal_moves.length, 0, 'not the friend’s turn');
    // The mate, played by taps on the creator's page.
    const va = await waitForView(a, (v) => v.legal_moves.length > 0).then(() => view(a));
    const mate = va.legal_moves.find((m) => m.token === lesson.solution[0]);
    assert.ok(mate, `the mating move ${lesson.solution[0]} is legal`);
    await playFlat(a, mate);
    for (const p of [a, b, watcher]) {
      await waitForView(p, (v) => v.status === 'over' && v.result?.reason === 'checkmate');
    }
    vb = await view(b);
    assert.equal(vb.result.winner, mover);
    assert.equal(vb.history.at(-1).token, mate.token);
    await watcher.screenshot({ path: join(OUT, 'online-watcher-mate.png') });
    for (const p of [a, b, watcher]) await p.context().close();
  });

  it("refuses a stranger's move, resignation and deletion", async () => {
    const creator = newPlayer();
    const g = await createGame(server.base, { variant: 'fourfold', mode: 'online' }, creator);
    const friend = newPlayer();
    const joined = await apiAs(friend, 'POST', g.invite);
    assert.equal(joined.status, 200);
    const stranger = newPlayer();
    const move = await apiAs(stranger, 'POST', `/api/games/${g.id}/moves`, { move: joined.json.legal_moves[0].token });
    assert.equal(move.status, 403);
    assert.equal(move.json.error.code, 'not_your_seat');
    const resign = await apiAs(stranger, 'POST', `/api/games/${g.id}/resign`);
    assert.equal(resign.json.error.code, 'not_your_seat');
    const del = await apiAs(stranger, 'DELETE', `/api/games/${g.id}`);
    assert.equal(del.json.error.code, 'not_your_seat');
    // In a stranger's browser the game is there to watch, with nothing to move.
    const page = await pageAt(stranger, `/?game=${g.id}`);
    await page.waitForSelector('.online[data-watching="true"]');
    assert.equal((await view(page)).legal_moves.length, 0);
    const still = await apiAs(creator, 'GET', `/api/games/${g.id}`);
    assert.equal(still.json.status, 'in-progress');
    assert.equal(still.json.ply, 0);
    await page.context().close();
  });

  it('a server restart mid-game loses nothing: both pages reconnect and play on', async () => {
    const creator = newPlayer();
    const friend = newPlayer();
    const g = await createGame(server.base, { variant: 'fourfold', mode: 'online' }, creator);
    const a = await pageAt(creator, `/?game=${g.id}`);
    const b = await pageAt(friend, g.invite);
    let va = await waitForView(a, (v) => v.legal_moves.length > 0).then(() => view(a));
    await playFlat(a, va.legal_moves[0]);
    const vb = await waitForView(b, (v) => v.ply === 1 && v.legal_moves.length > 0).then(() => view(b));
    await playFlat(b, vb.legal_moves[0]);
    await waitForView(a, (v) => v.ply === 2 && v.legal_moves.length > 0);
    const port = new URL(server.base).port;
    await server.kill();
    await a.waitForSelector('.connection:not([hidden])', { timeout: 20000 });
    server = await startServer({ port: Number(port), data: server.data });
    await a.waitForSelector('.connection', { state: 'hidden', timeout: 30000 });
    va = await waitForView(a, (v) => v.ply === 2 && v.legal_moves.length > 0, undefined, 30000).then(() => view(a));
    assert.deepEqual(va.you, ['white'], 'still the same seat');
    assert.equal(va.history.length, 2, 'nothing was lost');
    await playFlat(a, va.legal_moves[0]);
    // The friend's page, reconnected on its own, sees the move live.
    await waitForView(b, (v) => v.ply === 3 && v.legal_moves.length > 0, undefined, 30000);
    const after = await view(b);
    assert.equal(after.history[2].token, va.legal_moves[0].token);
    for (const p of [a, b]) await p.context().close();
  });
});
