// Nothing hidden in 3D: from the default camera every piece is seen whole, also one under
// an upper board (the board above opens around it), as White and as Black, on a desktop
// and a phone. Measured on the rendered picture (the page's `visibility`: the share of the
// piece's outline that the boards let through, other pieces left out). A move landing
// under a board, a king in check there and a promoted piece there are seen too, and the
// last-move pointer stays away (the square is in view). Figures go to e2e/out/see-through.json.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, createGame, launchBrowser, openPage, startServer, tap3D, waitFor3D, waitForMyTurn, waitForPly } from './harness.mjs';
import { forget, seededGameFor } from './seeded.mjs';

let server;
let browser;
const figures = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  writeFileSync(join(OUT, 'see-through.json'), JSON.stringify(figures, null, 2));
  for (const f of figures) console.error(`${f.what.padEnd(34)} least seen ${f.least.square} ${(100 * f.least.share).toFixed(0)} %, opened ${f.opened}`);
});

const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};

/** A piece counts as seen when at least this share of its outline shows (a Tri-D post may cross it). */
const SEEN = 0.6;

/** Every piece's share seen from the current camera, least first. */
const shares = (page) =>
  page.evaluate(() => {
    const hook = window.__spacechess;
    return hook
      .view()
      .cells.filter((c) => c.piece)
      .map((c) => ({ square: c.name, share: hook.visibility(c.name) }))
      .sort((a, b) => a.share - b.share);
  });

async function record(page, what) {
  const all = await shares(page);
  const opened = (await page.evaluate(() => window.__spacechess.openSquares())).length;
  figures.push({ what, least: all[0], opened, hidden: all.filter((s) => s.share < SEEN) });
  await page.screenshot({ path: join(OUT, `see-through-${what.replace(/[^a-z0-9]+/gi, '-')}.png`) });
  return all;
}

async function openGame(options, g) {
  const page = await openPage(browser, server.base, options);
  await page.goto(`${server.base}/?game=${g.id}`);
  await waitForMyTurn(page, g.ply);
  await waitFor3D(page);
  return page;
}

const hiddenOnes = (all) => all.filter((s) => s.share < SEEN).map((s) => `${s.square} ${(100 * s.share).toFixed(0)} %`);

describe('nothing hidden in 3D', () => {
  for (const variant of ['stacked', 'fourfold', 'quadlevel', 'trid']) {
    for (const side of ['white', 'black']) {
      for (const [screen, options] of Object.entries(SCREENS)) {
        it(`${variant}, ${side}, ${screen}: every piece is seen after 30 plies of play`, async () => {
          const g = await seededGameFor(server.base, side, { variant }, side === 'white' ? 30 : 31, 1030);
          const page = await openGame(options, g);
          try {
            assert.equal(await page.evaluate(() => window.__spacechess.orientation()), side);
            const all = await record(page, `${variant} ${side} ${screen} ply ${g.ply}`);
            assert.deepEqual(hiddenOnes(all), [], 'pieces the boards hide');
          } finally {
            await page.context().close();
            await forget(server.base, g.id);
          }
        });
      }
    }
  }

  it('Fourfold: a king on a4@00, under the Z0 W1 board, is seen from both sides', async () => {
    // Kings on a4@00 and d4@11, a pawn each.
    const position = 'K3/4/4/4|4/4/1P2/4|4/1p2/4/4|3k/4/4/4';
    for (const side of ['white', 'black']) {
      const g = await createGame(server.base, { variant: 'fourfold', human: side, position: `${position} ${side === 'white' ? 'w' : 'b'} 0 1` });
      for (const [screen, options] of Object.entries(SCREENS)) {
        const page = await openGame(options, g);
        try {
          const all = await record(page, `fourfold a4@00 ${side} ${screen}`);
          const king = all.find((s) => s.square === 'a4@00');
          assert.ok(king.share >= SEEN, `${side} ${screen}: the king on a4@00 shows ${(100 * king.share).toFixed(0)} %`);
          assert.deepEqual(hiddenOnes(all), []);
        } finally {
          await page.context().close();
        }
      }
      await forget(server.base, g.id);
    }
  });

  it('Stacked: a promotion under the top board, the check it gives and the reply are all seen', async () => {
    // White: king Be1, pawn Md7; Black: king Mh8, rook Ta8. d8=Q checks the king along rank 8.
    const position = '8/8/8/8/8/8/8/4K3|7k/3P4/8/8/8/8/8/8|r7/8/8/8/8/8/8/8 w 0 1';
    for (const [screen, options] of Object.entries(SCREENS)) {
      const g = await createGame(server.base, { variant: 'stacked', mode: 'local', position });
      const page = await openGame(options, g);
      try {
        const before = await record(page, `stacked promotion ${screen} before`);
        assert.deepEqual(hiddenOnes(before), []);
        // The promotion by two taps; the queen is chosen where the app asks.
        assert.ok(await tap3D(page, 'Md7'), 'the pawn on Md7 can be tapped');
        assert.ok(await tap3D(page, 'Md8'), 'its promotion square Md8 can be tapped');
        const choose = page.locator('button', { hasText: /queen/i }).first();
        await choose.waitFor({ timeout: 5000 });
        await choose.click();
        const v = await waitForPly(page, 1);
        assert.equal(v.cells.find((c) => c.name === 'Md8')?.piece, 'Q', 'a queen stands on Md8');
        assert.deepEqual(v.checked_kings, ['Mh8'], 'the queen checks the king on Mh8');
        await page.evaluate(() => new Promise((r) => setTimeout(r, 600)));
        const after1 = await record(page, `stacked promotion ${screen} after`);
        for (const square of ['Md8', 'Mh8']) {
          const s = after1.find((x) => x.square === square);
          assert.ok(s.share >= SEEN, `${screen}: the piece on ${square} shows ${(100 * s.share).toFixed(0)} %`);
        }
        assert.equal(await page.evaluate(() => window.__spacechess.lastMovePointer()), false, 'the last move is in view: no pointer');
        // Black's reply lands on the middle board's far rank, under the top board.
        assert.ok(v.legal_moves.some((m) => m.from === 'Mh8' && m.to === 'Mg7'), 'the king may step to Mg7');
        assert.ok(await tap3D(page, 'Mh8'), 'the king in check can be tapped');
        assert.ok(await tap3D(page, 'Mg7'), 'Mg7 can be tapped');
        await waitForPly(page, 2);
        await page.evaluate(() => new Promise((r) => setTimeout(r, 600)));
        const after2 = await record(page, `stacked reply under the top board ${screen}`);
        assert.ok(after2.find((x) => x.square === 'Mg7').share >= SEEN, 'the king on Mg7 is seen');
        assert.equal(await page.evaluate(() => window.__spacechess.lastMovePointer()), false, 'no pointer: Mg7 is in view');
      } finally {
        await page.context().close();
        await forget(server.base, g.id);
      }
    }
  });
});
