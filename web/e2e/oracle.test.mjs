// Browser tests of the Oracle panel against the real server's reports (engine.md,
// ui.md): the 🔮 button, the streamed and tagged moves, the line on both views.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  OUT,
  createGame,
  flatView,
  launchBrowser,
  openPage,
  playFlat,
  startServer,
  view,
  view3D,
  waitForMyTurn,
} from './harness.mjs';

let server;
let browser;

before(async () => {
  // The Oracle thinks 1.5 s a turn here, not the default 6 s: these tests check what it
  // shows, not how deep it looks, and wait for its final report a dozen times.
  server = await startServer({ args: ['--oracle-ms', '1500'] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const TAG_TEXT = {
  mate: (m) => `Mate in ${m.mate_in}`,
  mated: (m) => `Mated in ${m.mate_in}`,
  'draw-repetition': () => 'Draw (repetition)',
  'allows-repetition': () => 'Allows draw (repetition)',
};
const TAG_COLOUR = { mate: 'green', mated: 'red', eval: 'amber', 'draw-repetition': 'grey', 'allows-repetition': 'grey' };

/** Opens a game page that records the Oracle messages its WebSocket receives. */
async function openGame(id, query = 'view=flat') {
  const page = await openPage(browser, server.base);
  const reports = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(f.payload);
        if (m.type === 'oracle') reports.push(m);
      } catch {
        // not JSON
      }
    }),
  );
  await page.goto(`${server.base}/?game=${id}&${query}`);
  return { page, reports };
}

const region = (page) => page.getByRole('region', { name: 'Oracle' });

/** Waits for the Oracle's final report of this turn in the panel; returns its lines. */
async function finalLines(page) {
  await page.waitForFunction(() => /Best first/.test(document.querySelector('.oracle-status')?.textContent ?? ''), null, {
    timeout: 30000,
  });
  return page.$$eval('.oracle-line', (bs) =>
    bs.map((b) => ({
      token: b.dataset.token,
      move: b.querySelector('.oracle-move').textContent,
      tag: b.querySelector('.oracle-tag').textContent,
      dataTag: b.querySelector('.oracle-tag').dataset.tag,
      colour: [...b.querySelector('.oracle-tag').classList].find((c) => c.startsWith('tag-')),
      pressed: b.getAttribute('aria-pressed'),
    })),
  );
}

/** The flat view's Oracle marks: squares by kind. */
const flatMarks = (page) =>
  page.$$eval('.flatview [data-oracle]', (xs) =>
    Object.fromEntries(xs.map((x) => [x.dataset.oracle, x.dataset.square ?? x.dataset.board ?? x.dataset.to])),
  );

/** The flat marks once they show `hint` (or, after a few seconds, whatever they show). */
async function settledFlatMarks(page, hint) {
  const want = { from: hint.from ?? hint.board, to: hint.to && !hint.captured ? hint.to : undefined };
  await page
    .waitForFunction(
      ({ from, to }) => {
        const at = (kind) => {
          const x = document.querySelector(`.flatview [data-oracle="${kind}"]`);
          return x && (x.dataset.square ?? x.dataset.board ?? x.dataset.to);
        };
        return at('from') === from && (to === undefined || at('to') === to);
      },
      want,
      { timeout: 5000 },
    )
    .catch(() => {});
  return flatMarks(page);
}

/** RGB of the 3D canvas at a client point. */
const pixelAt = (page, p) =>
  page.evaluate(({ x, y }) => {
    const src = document.querySelector('canvas.board3d');
    const r = src.getBoundingClientRect();
    const c = document.createElement('canvas');
    c.width = src.width;
    c.height = src.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(src, 0, 0);
    const d = ctx.getImageData(Math.round(((x - r.left) / r.width) * src.width), Math.round(((y - r.top) / r.height) * src.height), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, p);

function expectedHint(v, token) {
  const m = v.legal_moves.find((x) => x.token === token);
  if (m.mover === 'board') return { from: null, to: null, captured: null, board: m.from, boardTo: m.to };
  return { from: m.from, to: m.to, captured: m.capture ? (m.captured_square ?? m.to) : null, board: null, boardTo: null };
}

describe('the Oracle', () => {
  it('streams ranked, tagged moves, shows the chosen line on both views, never moves, and stays on duty', async () => {
    const g = await createGame(server.base, { variant: 'fourfold', level: 2 });
    const { page, reports } = await openGame(g.id);
    let v = await waitForMyTurn(page);
    assert.equal(await region(page).count(), 0, 'closed until asked');
    await page.getByRole('button', { name: 'Oracle' }).click();
    await region(page).waitFor();
    const lines = await finalLines(page);
    // Exactly the server's final report, in its order (best first), with the spec's tags.
    const last = reports.filter((r) => r.done).at(-1);
    assert.ok(last, 'a final report came over the WebSocket');
    assert.deepEqual(
      lines.map((l) => l.token),
      last.moves.map((m) => m.token),
    );
    assert.equal(lines.length, v.legal_moves.length, 'every legal move is weighed');
    for (const [i, m] of last.moves.entries()) {
      assert.equal(lines[i].move, m.notation);
      assert.equal(lines[i].dataTag, m.tag);
      assert.equal(lines[i].colour, `tag-${TAG_COLOUR[m.tag]}`);
      if (m.tag === 'eval') assert.match(lines[i].tag, /^[+-]?\d+\.\d$/);
      else assert.equal(lines[i].tag, TAG_TEXT[m.tag](m));
    }
    assert.ok(reports.length >= 2, 'reports stream as they improve');
    assert.match(await page.textContent('.oracle-fine'), /^Looked \d+ moves? ahead at most \(look-ahead setting 2\)/);
    assert.equal(lines[0].pressed, 'true', 'the best line is shown first');

    // The best line on the flat boards: purple where the piece is, gold where it lands.
    const best = expectedHint(v, lines[0].token);
    let marks = await settledFlatMarks(page, best);
    assert.equal(marks.from, best.from);
    assert.equal(marks[best.captured ? 'capture' : 'to'], best.captured ?? best.to);
    await page.screenshot({ path: join(OUT, 'oracle-fourfold-flat.png') });

    // Tapping another line shows that one instead.
    await page.click(`.oracle-line[data-token="${lines[1].token}"]`);
    const second = expectedHint(v, lines[1].token);
    // The boards redraw on the next frame, not within the click: wait for the new marks.
    marks = await settledFlatMarks(page, second);
    assert.equal(marks.from, second.from);
    assert.equal(marks[second.captured ? 'capture' : 'to'], second.captured ?? second.to);
    assert.equal(await page.getAttribute(`.oracle-line[data-token="${lines[1].token}"]`, 'aria-pressed'), 'true');

    // And in 3D: the scene draws that line; where the piece would land is gold.
    await view3D(page);
    assert.deepEqual(await page.evaluate(() => window.__spacechess.oracleDrawn()), second);
    if (!second.captured) {
      const p = await page.evaluate((s) => window.__spacechess.squareToScreen(s), second.to);
      const [r, gr, b] = await pixelAt(page, p);
      assert.ok(r > 150 && gr > 100 && b < 100, `gold at ${second.to}: ${[r, gr, b]}`);
    }
    await page.screenshot({ path: join(OUT, 'oracle-fourfold-3d.png') });

    // The Oracle never moves for the player.
    await page.waitForTimeout(500);
    assert.equal((await view(page)).ply, 0);

    // A reload keeps the panel open, and it reports again.
    await page.reload();
    await waitForMyTurn(page);
    await region(page).waitFor();
    await flatView(page);
    assert.ok((await finalLines(page)).length > 0);

    // On duty at the start of the next turn, without asking again.
    v = await view(page);
    await playFlat(page, v.legal_moves.find((m) => m.mover === 'piece' && !m.promotion));
    v = await waitForMyTurn(page, 2);
    assert.equal(v.oracle, true);
    const next = await finalLines(page);
    assert.ok(next.every((l) => v.legal_moves.some((m) => m.token === l.token)), "the report is for this turn's moves");

    // Closing takes it off duty, also after a reload. (Its DELETE /oracle is not awaited
    // by the page: let it land before the reload reads the game.)
    const off = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/games/${g.id}/oracle`));
    await page.click('.oracle-close');
    assert.equal(await region(page).count(), 0);
    await off;
    await page.reload();
    v = await waitForMyTurn(page, 2);
    assert.equal(v.oracle, false);
    assert.equal(await region(page).count(), 0);
    await page.close();
  });

  it('tags a mate green and being mated red; on one device it advises whoever is to move', async () => {
    // Back rank: ♖Ta1–Ta8 mates (the king's way down to Mh8 is blocked by its own knight).
    const position = '8/8/8/8/8/8/8/4K*3|7n*/8/8/8/8/8/8/8|7k*/5ppp/8/8/8/8/8/R*7 w 0 1';
    // Look-ahead 2: seeing that a Black move allows the mate takes the move and the reply.
    const g = await createGame(server.base, { variant: 'stacked', mode: 'local', level: 2, position });
    const { page } = await openGame(g.id);
    let v = await waitForMyTurn(page);
    await page.getByRole('button', { name: 'Oracle' }).click();
    let lines = await finalLines(page);
    assert.equal(lines[0].token, 'Ta1Ta8');
    assert.equal(lines[0].tag, 'Mate in 1');
    assert.equal(lines[0].colour, 'tag-green');
    // White plays something else; now Black is advised, and some moves lose at once.
    await playFlat(page, v.legal_moves.find((m) => m.from === 'Be1'));
    v = await waitForMyTurn(page, 1);
    assert.equal(v.turn, 'black');
    lines = await finalLines(page);
    assert.ok(lines.every((l) => v.legal_moves.some((m) => m.token === l.token)), "Black's moves");
    const mated = lines.filter((l) => l.dataTag === 'mated');
    assert.ok(mated.length > 0, 'some Black moves allow the mate');
    assert.ok(mated.every((l) => l.colour === 'tag-red' && /^Mated in \d+$/.test(l.tag)));
    assert.notEqual(lines[0].dataTag, 'mated', 'a saving move ranks first');
    await page.screenshot({ path: join(OUT, 'oracle-stacked-mated.png') });
    await page.close();
  });

  it('looks as many moves ahead as the look-ahead setting, never deeper, and says so', async () => {
    // A few pieces: setting 3 is reached well within the budget, and a deeper look would
    // have time to go on.
    const position = '8/8/8/8/8/8/8/4K*3|8/8/8/8/8/8/8/8|4k*3/8/8/8/8/8/8/R*7 w 0 1';
    const g = await createGame(server.base, { variant: 'stacked', level: 3, position });
    const { page, reports } = await openGame(g.id);
    await waitForMyTurn(page);
    await page.getByRole('button', { name: 'Oracle' }).click();
    await finalLines(page);
    const depths = reports.flatMap((r) => r.moves.map((m) => m.depth));
    assert.ok(depths.length > 0);
    assert.ok(
      depths.every((d) => d >= 1 && d <= 3),
      `every report at most 3 moves ahead: ${[...new Set(depths)]}`,
    );
    assert.equal(await page.textContent('.oracle-fine'), `Looked 3 moves ahead at most (look-ahead setting 3), ${reports.at(-1).moves.length} moves weighed.`);
    await page.screenshot({ path: join(OUT, 'oracle-setting-3.png') });
    await page.close();
  });

  it('weighs attack-board moves in Tri-D and shows one on both views', async () => {
    const position = 'Ke0(3),Pc2(2),pc7(6),ke9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1';
    const g = await createGame(server.base, { variant: 'trid', rules: 'federation', position });
    const { page } = await openGame(g.id);
    const v = await waitForMyTurn(page);
    await page.getByRole('button', { name: 'Oracle' }).click();
    const lines = await finalLines(page);
    const boardLine = lines.find((l) => v.legal_moves.find((m) => m.token === l.token)?.mover === 'board');
    assert.ok(boardLine, 'attack-board moves are among the lines');
    await page.click(`.oracle-line[data-token="${boardLine.token}"]`);
    const hint = expectedHint(v, boardLine.token);
    await page.waitForSelector(`.flat-panel.oracle-board[data-board="${hint.board}"]`);
    await page.waitForSelector(`.oracle-board-dest[data-to="${hint.boardTo}"]`);
    await page.screenshot({ path: join(OUT, 'oracle-trid-board-flat.png') });
    await view3D(page);
    assert.deepEqual(await page.evaluate(() => window.__spacechess.oracleDrawn()), hint);
    await page.screenshot({ path: join(OUT, 'oracle-trid-board-3d.png') });
    await page.close();
  });

  for (const setup of [
    { variant: 'stacked' },
    { variant: 'trid', rules: 'federation' },
    { variant: 'trid', rules: 'meder' },
    { variant: 'trid', rules: 'stepwise' },
    { variant: 'quadlevel' },
  ]) {
    it(`advises in ${setup.variant}${setup.rules ? ` (${setup.rules})` : ''}`, async () => {
      const g = await createGame(server.base, setup);
      const { page } = await openGame(g.id);
      const v = await waitForMyTurn(page);
      await page.getByRole('button', { name: 'Oracle' }).click();
      const lines = await finalLines(page);
      assert.equal(lines.length, v.legal_moves.length, 'every legal move is weighed');
      const best = expectedHint(v, lines[0].token);
      const marks = await settledFlatMarks(page, best);
      assert.equal(marks.from ?? null, best.from ?? best.board);
      await page.close();
    });
  }
});
