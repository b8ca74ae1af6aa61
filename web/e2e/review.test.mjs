// Browser tests of review (stepping through the game, the record, the evaluation graph,
// captured pieces), records in and out, the moving comforts of the flat view (drag and
// drop, the move box, animation, sounds) and keyboard and screen-reader use.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, PLAYER, clickSquare, createGame, launchBrowser, openPage, startServer, view, waitForMyTurn, waitForPly } from './harness.mjs';

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

const api = async (path, init = {}) => {
  const res = await fetch(`${server.base}${path}`, {
    ...init,
    // The test acts as the player whose cookie its pages carry.
    headers: { authorization: `Bearer ${PLAYER}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
};

/** Plays `n` half-moves through the API: a capture when there is one, else varied moves. */
async function playThroughApi(id, n) {
  let g = (await api(`/api/games/${id}`)).json();
  for (let i = 0; i < n; i++) {
    const m = g.legal_moves.find((x) => x.capture && x.mover === 'piece') ?? g.legal_moves[(i * 7) % g.legal_moves.length];
    const r = await api(`/api/games/${id}/moves`, { method: 'POST', body: JSON.stringify({ move: m.token }) });
    assert.equal(r.status, 200, r.text);
    g = r.json();
  }
  return g;
}

/** A local game of `variant` with `n` half-moves played, open in the flat view. */
async function openLocal(variant, n, options = {}) {
  const g = await createGame(server.base, { variant, mode: 'local' });
  const live = await playThroughApi(g.id, n);
  const page = await openPage(browser, server.base, options);
  await page.goto(`${server.base}/?game=${g.id}&view=flat`);
  await page.waitForFunction((p) => window.__spacechess?.view()?.ply === p && !!document.querySelector('.flatview [data-square]'), n);
  return { page, id: g.id, live };
}

/** The pieces the flat view shows, by square (from the squares' accessible names). */
const flatPieces = (page) =>
  page.$$eval('.flatview [data-square]', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.square, b.getAttribute('aria-label')])));

const serverPieces = (cells) =>
  Object.fromEntries(
    cells.map((c) => [c.name, c.piece ? `${c.name}, ${c.piece === c.piece.toUpperCase() ? 'white' : 'black'}` : `${c.name}, empty`]),
  );

/** Every square of the flat view shows the piece (colour) the server's position has. */
async function assertBoardsShow(page, cells) {
  const expected = serverPieces(cells);
  // The boards redraw a frame after the state, a past position once its fetch is back:
  // wait for them (the check below still fails if they never show it).
  await page
    .waitForFunction(
      (want) => {
        const labels = Object.fromEntries([...document.querySelectorAll('.flatview [data-square]')].map((b) => [b.dataset.square, b.getAttribute('aria-label')]));
        return Object.entries(want).every(([name, label]) => labels[name]?.startsWith(label));
      },
      expected,
      { timeout: 10000 },
    )
    .catch(() => {});
  const shown = await flatPieces(page);
  for (const [name, want] of Object.entries(expected)) {
    assert.ok(shown[name]?.startsWith(want), `${name}: shown ${shown[name]}, position has ${want}`);
  }
}

describe('Review', () => {
  it('steps back and forward by keys, buttons and the record; the boards show that position and say so', async () => {
    const { page, id, live } = await openLocal('stacked', 6);
    // The record: numbered rows, White then Black.
    const rows = await page.$$eval('.record li', (lis) =>
      lis.map((li) => [li.querySelector('.num')?.textContent, li.querySelector('.white .mv')?.textContent, li.querySelector('.black .mv')?.textContent]),
    );
    assert.deepEqual(
      rows,
      [0, 1, 2].map((i) => [`${i + 1}.`, live.history[2 * i].notation, live.history[2 * i + 1].notation]),
    );
    // ← steps back one half-move (focus on the page, not on a square).
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => window.__spacechess.review() === 5);
    await page.waitForSelector('.review-banner');
    assert.match(await page.textContent('.review-banner'), /half-move 5 of 6/);
    const p5 = (await api(`/api/games/${id}/positions/5`)).json();
    await page.waitForFunction(() => document.querySelector('.board-area.reviewing'));
    await assertBoardsShow(page, p5.cells);
    // The live game is untouched: nothing was taken back.
    assert.equal((await api(`/api/games/${id}`)).json().ply, 6);
    // A click on a move in the record shows the position after it.
    await page.click('.record .mv[data-ply="2"]');
    await page.waitForFunction(() => window.__spacechess.review() === 2);
    const p2 = (await api(`/api/games/${id}/positions/2`)).json();
    await page.waitForFunction((to) => document.querySelector(`.flatview [data-square="${to}"].last-move`), p2.last_move.to);
    await assertBoardsShow(page, p2.cells);
    assert.equal(await page.getAttribute('.record .mv[data-ply="2"]', 'aria-current'), 'step');
    // Buttons and keys.
    await page.click('button.review-forward');
    await page.waitForFunction(() => window.__spacechess.review() === 3);
    await page.click('button.review-back');
    await page.waitForFunction(() => window.__spacechess.review() === 2);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.__spacechess.review() === 0);
    const p0 = (await api(`/api/games/${id}/positions/0`)).json();
    await page.waitForFunction(() => !document.querySelector('.flatview .last-move'));
    await assertBoardsShow(page, p0.cells);
    await page.screenshot({ path: join(OUT, 'review-desktop-flat.png') });
    await page.keyboard.press('End');
    await page.waitForFunction(() => window.__spacechess.review() === null && !document.querySelector('.review-banner'));
    await assertBoardsShow(page, live.cells);
    // "Back to the game" and a tap on the past board both return to the live position.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.review-banner');
    await page.click('button.review-to-live');
    await page.waitForFunction(() => window.__spacechess.review() === null);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => window.__spacechess.review() === 5);
    await clickSquare(page, live.legal_moves[0].from);
    await page.waitForFunction(() => window.__spacechess.review() === null);
    assert.equal((await page.evaluate(() => window.__spacechess.selection())).kind, 'idle', 'the tap did not pick up a piece');
    await page.close();
  });

  it('the 3D view shows the reviewed position too (desktop and phone screenshots)', async () => {
    const { page, id } = await openLocal('trid', 6);
    await page.click('button.toggle-view');
    await page.waitForFunction(() => window.__spacechess.ready() && !!document.querySelector('canvas.board3d'));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => window.__spacechess.review() === 4);
    await page.waitForSelector('.review-banner');
    // The 3D scene was handed the past position (the scene draws what the boards get).
    const p4 = (await api(`/api/games/${id}/positions/4`)).json();
    assert.match(await page.textContent('.review-banner'), /half-move 4 of 6/);
    assert.equal(p4.ply, 4);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, 'review-desktop-3d.png') });
    await page.close();
    const phone = await openLocal('stacked', 8, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.page.click('.panel-tab[data-tab="moves"]');
    await phone.page.click('.record .mv[data-ply="3"]');
    await phone.page.waitForFunction(() => window.__spacechess.review() === 3);
    await phone.page.waitForTimeout(200);
    await phone.page.screenshot({ path: join(OUT, 'review-phone-flat.png') });
    // Touch targets in the Moves tab stay at least 44 px high.
    const small = await phone.page.$$eval('.tab-moves button', (bs) =>
      bs.filter((b) => b.offsetParent && b.getBoundingClientRect().height < 44).map((b) => b.className),
    );
    assert.deepEqual(small, []);
    await phone.page.close();
  });

  it('one evaluation per move against the computer, each saying whose search gave it; the graph jumps', async () => {
    const g = await createGame(server.base, { variant: 'stacked', level: 1 });
    const page = await openPage(browser, server.base);
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    let v = await waitForMyTurn(page);
    for (let i = 0; i < 2; i++) {
      const m = v.legal_moves[i * 3];
      await clickSquare(page, m.from);
      await clickSquare(page, m.to);
      v = await waitForMyTurn(page, 2 * (i + 1));
    }
    await page.waitForFunction(() => window.__spacechess.view().history.every((h) => h.eval !== null));
    v = await view(page);
    assert.deepEqual(
      v.history.map((h) => h.eval_source),
      ['quick', 'computer', 'quick', 'computer'],
    );
    const sources = await page.$$eval('.record .eval', (es) => es.map((e) => [...e.classList].find((c) => c.startsWith('eval-'))));
    assert.deepEqual(sources, ['eval-quick', 'eval-computer', 'eval-quick', 'eval-computer']);
    const title = await page.getAttribute('.record .black .eval', 'title');
    assert.match(title, /the computer's search, depth \d+/);
    assert.equal(await page.$$eval('.eval-graph .graph-point', (ps) => ps.length), 4);
    // A click on the graph's left quarter shows the position after the first move.
    const box = await (await page.$('.eval-graph svg')).boundingBox();
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.waitForFunction(() => window.__spacechess.review() === 1);
    await page.close();
  });

  it('captured pieces and the material balance follow the position shown', async () => {
    const { page, id } = await openLocal('fourfold', 14);
    const live = (await api(`/api/games/${id}`)).json();
    const m = live.material;
    assert.ok(m.captured_by_white.length + m.captured_by_black.length > 0, 'the game had captures');
    const count = async (sel) => [...((await page.$(sel)) ? await page.textContent(sel) : '')].length;
    const glyphs = async () => [await count('.taken-by-white .pieces'), await count('.taken-by-black .pieces')];
    assert.deepEqual(await glyphs(), [m.captured_by_white.length, m.captured_by_black.length]);
    assert.equal(await page.getAttribute('.material .balance', 'data-balance'), String(m.balance));
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('.material .balance')?.dataset.balance === '0');
    assert.deepEqual(await glyphs(), [0, 0]);
    await page.close();
  });
});

describe('Records in and out', () => {
  it('downloads the record, and imports it from pasted text into a new game from any point', async () => {
    const { page, live } = await openLocal('quadlevel', 6);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button.download-record')]);
    assert.match(download.suggestedFilename(), /^spacechess-quadlevel-.*\.pgn$/);
    const text = readFileSync(await download.path(), 'utf8');
    assert.match(text, /\[Variant "quadlevel"\]/);
    assert.ok(text.includes(live.history[0].notation), text);
    // Import from the opening screen, from its fourth half-move, against the computer.
    await page.goto(`${server.base}/`);
    await page.click('button.import-record');
    await page.fill('.import-dialog textarea', text);
    await page.fill('.import-dialog input[name="record_ply"]', '4');
    await page.check('.import-dialog input[value="computer-white"]');
    await page.selectOption('.import-dialog select[name="level"]', '1');
    await page.screenshot({ path: join(OUT, 'review-import-dialog.png') });
    await page.click('.import-dialog .import-start');
    await page.waitForURL(/\?game=/);
    const v = await waitForMyTurn(page, 4);
    assert.equal(v.ply, 4);
    assert.equal(v.mode, 'computer');
    assert.deepEqual(
      v.history.map((h) => h.token),
      live.history.slice(0, 4).map((h) => h.token),
    );
    await page.close();
  });

  it('a bad record names its first bad move; a file can be opened too', async () => {
    const { page, id, live } = await openLocal('stacked', 4);
    const text = (await api(`/api/games/${id}/record`)).text;
    const bad = text.replace(live.history[2].notation, 'Qz9z9');
    await page.goto(`${server.base}/`);
    await page.click('button.import-record');
    await page.setInputFiles('.import-dialog input[type="file"]', { name: 'bad.pgn', mimeType: 'text/plain', buffer: Buffer.from(bad) });
    await page.waitForFunction(() => document.querySelector('.import-dialog textarea').value.includes('Qz9z9'));
    await page.click('.import-dialog .import-start');
    await page.waitForSelector('.import-dialog .error:not([hidden])');
    const error = await page.textContent('.import-dialog .error');
    assert.match(error, /move 2\. Qz9z9/);
    await page.close();
  });

  it('a past position can start a new game from there', async () => {
    const { page, live } = await openLocal('stacked', 6);
    await page.click('.record .mv[data-ply="3"]');
    await page.click('button.review-continue');
    await page.waitForURL((u) => !u.href.includes(live.id));
    const v = await waitForPly(page, 3);
    assert.deepEqual(
      v.history.map((h) => h.token),
      live.history.slice(0, 3).map((h) => h.token),
    );
    await page.close();
  });
});

describe('Moving in the flat view', () => {
  it('drag and drop plays a move; the piece slides there', async () => {
    const { page } = await openLocal('stacked', 0);
    const v = await view(page);
    const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
    const from = await (await page.$(`.flatview [data-square="${m.from}"]`)).boundingBox();
    const to = await (await page.$(`.flatview [data-square="${m.to}"]`)).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
    await page.waitForSelector('.drag-ghost');
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    // The animation runs on the piece that arrived (checked as soon as the move lands).
    const animated = page.waitForFunction(
      (sq) => {
        const piece = document.querySelector(`.flatview [data-square="${sq}"] .piece`);
        return piece && piece.getAnimations().length > 0;
      },
      m.to,
      { polling: 'raf' },
    );
    await page.mouse.up();
    const after = await waitForPly(page, 1);
    assert.equal(after.history[0].token, m.token);
    await animated;
    assert.equal(await page.$('.drag-ghost'), null);
    await page.close();
  });

  it('no animation when the system asks for reduced motion', async () => {
    const { page } = await openLocal('stacked', 0, { reducedMotion: 'reduce' });
    const v = await view(page);
    const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
    await page.evaluate(() => {
      window.__animations = 0;
      new window.MutationObserver(() => {
        for (const p of document.querySelectorAll('.flatview .piece')) window.__animations += p.getAnimations().length;
      }).observe(document.querySelector('.flatview'), { childList: true, subtree: true });
    });
    await clickSquare(page, m.from);
    await clickSquare(page, m.to);
    await waitForPly(page, 1);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    assert.equal(await page.evaluate(() => window.__animations), 0);
    await page.close();
  });

  it('the move box lists the legal moves that fit and plays the chosen one', async () => {
    const { page } = await openLocal('trid', 0);
    const v = await view(page);
    const m = v.legal_moves.find((x) => x.mover === 'piece' && x.piece === 'N');
    // Typed in plain letters, without the glyph: the knight's start square.
    await page.fill('.move-input', `N${m.from}`);
    await page.waitForSelector('.move-completions li[data-token]');
    const listed = await page.$$eval('.move-completions li[data-token]', (lis) => lis.map((l) => l.dataset.token));
    const expected = v.legal_moves.filter((x) => x.from === m.from).map((x) => x.token);
    assert.deepEqual([...listed].sort(), [...expected].sort());
    await page.screenshot({ path: join(OUT, 'review-move-box.png') });
    // Several fit, so none is highlighted until chosen: the first ↓ highlights the first
    // listed move. Down to the wanted move, Enter plays it.
    assert.equal(await page.$('.move-completions li.active'), null);
    const index = listed.indexOf(m.token);
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const after = await waitForPly(page, 1);
    assert.equal(after.history[0].token, m.token);
    // A token typed whole plays too; nonsense is refused with a message.
    await page.fill('.move-input', 'zzz');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /No legal move fits/.test(document.querySelector('.message')?.textContent ?? ''));
    const next = after.legal_moves[0];
    await page.fill('.move-input', next.token);
    await page.keyboard.press('Enter');
    const last = await waitForPly(page, 2);
    assert.equal(last.history[1].token, next.token);
    await page.close();
  });

  it('sounds for move, capture and game end, only when turned on', async () => {
    const { page, id } = await openLocal('fourfold', 0);
    const v = await view(page);
    await clickSquare(page, v.legal_moves[0].from);
    await clickSquare(page, v.legal_moves[0].to);
    await waitForPly(page, 1);
    assert.deepEqual(await page.evaluate(() => window.__spacechess.soundsPlayed()), [], 'off by default');
    await page.click('button.sound-toggle');
    assert.equal(await page.getAttribute('button.sound-toggle', 'aria-pressed'), 'true');
    const captureFirst = async () => {
      let g = (await api(`/api/games/${id}`)).json();
      for (let i = 0; i < 30 && !g.legal_moves.some((x) => x.capture); i++) {
        g = (await api(`/api/games/${id}/moves`, { method: 'POST', body: JSON.stringify({ move: g.legal_moves[(i * 5) % g.legal_moves.length].token }) })).json();
      }
      return g;
    };
    const g = await captureFirst();
    await page.waitForFunction((p) => window.__spacechess.view().ply === p, g.ply);
    const c = g.legal_moves.find((x) => x.capture);
    await clickSquare(page, c.from);
    await clickSquare(page, c.to);
    const last = (await waitForPly(page, g.ply + 1)).history.at(-1);
    // The sound plays with the move's announcement, a frame after the state: wait for that.
    const said = `${last.side === 'white' ? 'White' : 'Black'} played ${last.notation}.`;
    await page.waitForFunction((s) => document.querySelector('.announcer')?.textContent.includes(s), said);
    const played = await page.evaluate(() => window.__spacechess.soundsPlayed());
    assert.ok(played.includes('move'), `moves sound: ${played}`);
    assert.equal(played.at(-1), /[+#]$/.test(last.notation) ? 'check' : 'capture');
    await api(`/api/games/${id}/resign`, { method: 'POST', body: '{}' });
    await page.waitForFunction(() => window.__spacechess.soundsPlayed().at(-1) === 'end');
    await page.close();
  });
});

describe('Keyboard and screen reader', () => {
  it('arrows move between squares, Page Up/Down between boards, Enter picks up and puts down; all announced', async () => {
    const { page } = await openLocal('stacked', 0);
    // One tab stop for the boards.
    assert.equal(await page.$$eval('.flatview [data-square][tabindex="0"]', (bs) => bs.length), 1);
    const v = await view(page);
    const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
    await page.focus(`.flatview [data-square="${m.from}"]`);
    const at = () => page.evaluate(() => ({ sq: document.activeElement?.dataset.square, row: document.activeElement?.dataset.row, col: document.activeElement?.dataset.col, board: document.activeElement?.closest('.flat-panel')?.dataset.board }));
    const start = await at();
    await page.keyboard.press('ArrowUp');
    const up = await at();
    assert.equal(Number(up.row), Number(start.row) - 1, JSON.stringify([start, up]));
    assert.equal(up.col, start.col);
    assert.equal(up.board, start.board);
    // The arrows on a square never step the review.
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => window.__spacechess.review()), null);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal((await at()).sq, m.from);
    // Page Down goes to the next board in the page, Page Up back (from the last board,
    // the other way round).
    const boards = await page.$$eval('.flatview .flat-panel', (ps) => ps.map((p) => p.dataset.board));
    const last = boards.indexOf(start.board) === boards.length - 1;
    await page.keyboard.press(last ? 'PageUp' : 'PageDown');
    const other = await at();
    assert.equal(other.board, boards[boards.indexOf(start.board) + (last ? -1 : 1)]);
    assert.equal(other.row, start.row);
    assert.equal(other.col, start.col);
    await page.keyboard.press(last ? 'PageDown' : 'PageUp');
    assert.equal((await at()).sq, m.from);
    // Enter picks up, and it is announced.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Picked up/.test(document.querySelector('.announcer').textContent));
    assert.equal((await page.evaluate(() => window.__spacechess.selection())).square, m.from);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Put down/.test(document.querySelector('.announcer').textContent));
    await page.keyboard.press('Enter');
    await page.focus(`.flatview [data-square="${m.to}"]`);
    await page.keyboard.press('Enter');
    await waitForPly(page, 1);
    await page.waitForFunction(() => /White played .*Black to move/.test(document.querySelector('.announcer').textContent));
    assert.equal(await page.getAttribute('.announcer', 'aria-live'), 'polite');
    // The focus stays on the board after the move.
    assert.equal((await at()).sq, m.to);
    // The game's end is announced.
    page.once('dialog', (d) => d.accept());
    await page.click('button.resign');
    await page.waitForFunction(() => /Game over: .*resigned/.test(document.querySelector('.announcer').textContent));
    await page.close();
  });

  it('every control is reachable with Tab', async () => {
    const { page } = await openLocal('stacked', 2);
    const controls = await page.$$eval(
      'button:not([disabled]), input:not([disabled]), select',
      (es) => es.filter((e) => e.offsetParent && !e.closest('[data-square]') && !e.matches('[data-square]')).length,
    );
    const reached = new Set();
    for (let i = 0; i < controls + 10; i++) {
      await page.keyboard.press('Tab');
      const key = await page.evaluate(() => {
        const e = document.activeElement;
        return e && e !== document.body ? `${e.tagName}.${e.className}.${e.dataset.ply ?? ''}${e.dataset.tab ?? ''}` : null;
      });
      if (key) reached.add(key);
    }
    const unreached = await page.$$eval(
      'button:not([disabled]), input:not([disabled]), select',
      (es, seen) =>
        es
          .filter((e) => e.offsetParent && !e.matches('[data-square]'))
          .map((e) => `${e.tagName}.${e.className}.${e.dataset.ply ?? ''}${e.dataset.tab ?? ''}`)
          .filter((k) => !seen.includes(k)),
      [...reached],
    );
    assert.deepEqual(unreached, []);
    await page.close();
  });
});
