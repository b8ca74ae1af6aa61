// Browser tests of the puzzle screen against the server: a puzzle solved by playing its
// solution (the reply comes by itself), the rating up; another failed by a wrong legal
// move (marked red, "missed"), the rating down, and its solution stepped through; the
// phone layout with a hint. Screenshots `puzzles-*.png`.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, openPage, OUT, PLAYER, startServer } from './harness.mjs';

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

async function api(path, body) {
  const r = await fetch(server.base + path, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${PLAYER}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.equal(r.status, 200, `${path}: ${r.status}`);
  return r.json();
}

/** The puzzle the page shows, once it is ready for a move. */
async function shownPuzzle(page, not = null) {
  await page.waitForFunction((old) => {
    const card = document.querySelector('.puzzle-card[data-puzzle]');
    return card && card.dataset.puzzle !== old && document.querySelector('.puzzles-page')?.dataset.phase === 'solving';
  }, not);
  return page.getAttribute('.puzzle-card', 'data-puzzle');
}

/** Plays `token` of `screen` by taps on the flat boards (and the chooser or board buttons). */
async function playMove(page, screen, token) {
  const m = screen.legal_moves.find((x) => x.token === token);
  assert.ok(m, `${token} is legal`);
  if (m.mover === 'board') {
    await page.click('.puzzle-panel button.board-move');
    await page.click(`.puzzle-panel button.pick-board[data-board="${m.from}"]`);
    await page.click(`.puzzle-panel button.board-dest[data-to="${m.to}"]`);
  } else {
    await page.click(`.flatview [data-square="${m.from}"]`);
    await page.click(`.flatview [data-square="${m.to}"]`);
  }
  const choice = page.locator(`.puzzle-panel .chooser button[data-token="${token}"]`);
  if (await choice.count()) await choice.click();
}

const ratingOf = async (page, cls) => Number((await page.textContent(`.puzzle-result .${cls}`)).replace('?', ''));

describe('puzzles', () => {
  it('a puzzle solved by its solution raises the rating; a wrong move is missed and lowers it', async () => {
    const page = await openPage(browser, server.base);
    await page.goto(`${server.base}/?puzzles=fourfold`);
    const id = await shownPuzzle(page);
    const view = await api(`/api/puzzles/${encodeURIComponent(id)}`);
    assert.equal(await page.getAttribute('.puzzle-card', 'data-side'), view.side);
    assert.match(await page.textContent('.puzzle-goal'), new RegExp(`You play ${view.side === 'white' ? 'White' : 'Black'}`));
    // The solver sits at the bottom: the flat boards are drawn from their side.
    const solution = await api(`/api/puzzles/${encodeURIComponent(id)}/solution`);
    // The solution's screens are pictures (no moves listed): each move is found on the
    // screen the host answers before it.
    let screen = view.screen;
    for (let i = 0; i < solution.moves.length; i += 2) {
      await playMove(page, screen, solution.moves[i]);
      if (i + 1 < solution.moves.length) {
        // The reply comes by itself, then the player moves again.
        await page.waitForSelector('.puzzles-page[data-phase="reply"]');
        await page.waitForSelector('.puzzles-page[data-phase="solving"]');
        screen = (await api(`/api/puzzles/${encodeURIComponent(id)}/check`, { moves: solution.moves.slice(0, i + 1) })).screen;
      }
    }
    await page.waitForSelector('.puzzle-message.solved');
    await page.waitForSelector('.puzzle-result[data-solved="true"][data-rated="true"]');
    const before = await ratingOf(page, 'rating-before');
    const after = await ratingOf(page, 'rating-after');
    assert.equal(before, 1500);
    assert.ok(after > before, `solved: ${before} -> ${after}`);
    await page.waitForSelector('.set-ratings tr[data-set="fourfold"]');
    await page.screenshot({ path: join(OUT, 'puzzles-solved-desktop.png') });

    // The next puzzle: a legal move the host calls wrong.
    await page.click('button.next-puzzle');
    const second = await shownPuzzle(page, id);
    assert.notEqual(second, id);
    const next = await api(`/api/puzzles/${encodeURIComponent(second)}`);
    let wrong = null;
    for (const m of next.screen.legal_moves) {
      if ((await api(`/api/puzzles/${encodeURIComponent(second)}/check`, { moves: [m.token] })).status === 'missed') {
        wrong = m;
        break;
      }
    }
    assert.ok(wrong, 'a wrong move exists');
    await playMove(page, next.screen, wrong.token);
    await page.waitForSelector('.puzzle-message.missed');
    assert.equal(await page.locator(`.flatview [data-square="${wrong.to}"].wrong-move`).count(), 1);
    await page.waitForSelector('.puzzle-result[data-solved="false"]');
    const before2 = await ratingOf(page, 'rating-before');
    const after2 = await ratingOf(page, 'rating-after');
    assert.equal(before2, after);
    assert.ok(after2 < before2, `missed: ${before2} -> ${after2}`);
    await page.screenshot({ path: join(OUT, 'puzzles-missed-desktop.png') });
    // The solution, a step at a time.
    await page.click('button.show-solution');
    await page.waitForSelector('.solution[data-step="0"]');
    await page.click('button.solution-next');
    await page.waitForSelector('.solution[data-step="1"]');
    const sol2 = await api(`/api/puzzles/${encodeURIComponent(second)}/solution`);
    const moved = sol2.screens[1].last_move;
    assert.equal(await page.locator(`.flatview [data-square="${moved.to}"].last-move`).count(), 1);
    // The history lists both attempts, newest first.
    assert.deepEqual(await page.locator('.puzzle-history li').evaluateAll((l) => l.map((x) => x.className)), ['missed', 'solved']);
    const me = await api('/api/puzzles/me');
    assert.equal(me.history.length, 2);
    await page.screenshot({ path: join(OUT, 'puzzles-solution-desktop.png') });
    await page.close();
  });

  it('on a phone: a hint marks where the move starts; the 3D view draws the puzzle', async () => {
    const page = await openPage(browser, server.base, PHONE);
    await page.goto(`${server.base}/?rules=fourfold`);
    await page.click('a.practise-puzzles');
    const id = await shownPuzzle(page);
    const hint = await api(`/api/puzzles/${encodeURIComponent(id)}/hint`, { moves: [] });
    await page.click('button.puzzle-hint');
    await page.waitForSelector(`.flatview [data-square="${hint.square}"].oracle-from`);
    assert.match(await page.textContent('.puzzle-message'), /Hint/);
    await page.screenshot({ path: join(OUT, 'puzzles-hint-phone.png') });
    await page.click('button.toggle-view');
    await page.waitForSelector('.view3d canvas.board3d');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(OUT, 'puzzles-3d-phone.png') });
    await page.close();
  });
});
