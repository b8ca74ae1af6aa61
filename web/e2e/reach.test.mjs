// Everything reachable in 3D: from the default camera, at least 95 % of the pieces that can
// move and of their legal destinations have a pixel whose tap picks them (the page's
// `findTapPoint`, which runs the real picking rules), in every variant and rule set, as
// White and as Black, at the start and after 12 and 30 plies of a seeded game (Black: one
// ply later), on a 1280×800 desktop and a 390×844 phone. White plays a game on one device
// (White's view); Black plays against the computer from the seeded game's record, so the
// view is the one a Black player gets by default. Destinations are measured with their
// piece lifted (the visualizer on), as a player taps them. The last move's square is in
// view and tappable too, and two real clicks (piece, destination) play a move. The figures
// go to e2e/out/reach.json.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, launchBrowser, openPage, startServer, waitFor3D, waitForMyTurn } from './harness.mjs';
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
  writeFileSync(join(OUT, 'reach.json'), JSON.stringify(figures, null, 2));
  for (const f of figures) {
    const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) : '-');
    console.error(
      `${f.setup.padEnd(16)} ${f.side.padEnd(5)} ${f.screen.padEnd(7)} ply ${String(f.ply).padStart(2)}: pieces ${pct(f.pieces, f.piecesTotal)} % (${f.pieces}/${f.piecesTotal}), destinations ${pct(f.dests, f.destsTotal)} % (${f.dests}/${f.destsTotal})`,
    );
  }
});

const SETUPS = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'trid', rules: 'meder' },
  { variant: 'trid', rules: 'stepwise' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];
const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};
const PLIES = { white: [0, 12, 30], black: [1, 13, 31] };

/** Lifts a movable piece and taps one of its destinations with real clicks; the ply the move made. */
async function playByClicks(page) {
  const v = await page.evaluate(() => window.__spacechess.view());
  for (const m of v.legal_moves.filter((x) => x.mover === 'piece' && !x.promotion)) {
    const from = await page.evaluate((s) => window.__spacechess.findTapPoint(s), m.from);
    if (!from) continue;
    await page.mouse.click(from.x, from.y);
    const to = await page.evaluate((s) => window.__spacechess.findTapPoint(s), m.to);
    if (!to) {
      await page.mouse.click(from.x, from.y);
      continue;
    }
    await page.mouse.click(to.x, to.y);
    await page.waitForFunction(
      ([ply, token]) => window.__spacechess.view().history[ply]?.token === token,
      [v.ply, m.token],
      { timeout: 20000 },
    );
    return m.token;
  }
  return null;
}

/** In the page: which movable pieces and which of their destinations a tap can reach. */
const measureReach = (page) =>
  page.evaluate(async () => {
    const hook = window.__spacechess;
    const v = hook.view();
    const moves = v.legal_moves.filter((m) => m.mover === 'piece');
    const froms = [...new Set(moves.map((m) => m.from))];
    const missedPieces = froms.filter((f) => !hook.findTapPoint(f));
    let destsTotal = 0;
    const missedDests = [];
    for (const from of froms) {
      hook.tapSquare(from);
      await new Promise((r) => requestAnimationFrame(r));
      const sel = hook.selection();
      if (sel.kind !== 'piece' || sel.square !== from) throw new Error(`could not lift ${from}: ${JSON.stringify(sel)}`);
      for (const to of new Set(moves.filter((m) => m.from === from).map((m) => m.to))) {
        destsTotal++;
        if (!hook.findTapPoint(to)) missedDests.push(`${from}-${to}`);
      }
      hook.tapSquare(from); // put it back
      await new Promise((r) => requestAnimationFrame(r));
    }
    // The last move (the opponent's, the computer's in a game against it) is in view and tappable.
    const lastTo = v.last_move?.to ?? null;
    const lastMoveInView = lastTo === null || (!!hook.squareToScreen(lastTo) && !!hook.findTapPoint(lastTo));
    return { lastTo, lastMoveInView, piecesTotal: froms.length, pieces: froms.length - missedPieces.length, missedPieces, destsTotal, dests: destsTotal - missedDests.length, missedDests };
  });

for (const setup of SETUPS) {
  const name = setup.rules ? `${setup.variant}-${setup.rules}` : setup.variant;
  describe(`reach in 3D: ${name}`, () => {
    for (const side of ['white', 'black']) {
      for (const [screen, options] of Object.entries(SCREENS)) {
        it(`${side}, ${screen}: 95 % of movable pieces and destinations tappable at plies ${PLIES[side].join(', ')}; a tap plays`, async () => {
          const page = await openPage(browser, server.base, options);
          const results = [];
          const games = [];
          try {
            for (const plies of PLIES[side]) {
              const g = await seededGameFor(server.base, side, setup, plies, 1000 + plies - (side === 'black' ? 1 : 0));
              games.push(g.id);
              await page.goto(`${server.base}/?game=${g.id}`);
              await waitForMyTurn(page, g.ply);
              await waitFor3D(page);
              const orientation = await page.evaluate(() => window.__spacechess.orientation());
              const r = { setup: name, side, screen, ply: g.ply, orientation, ...(await measureReach(page)) };
              await page.screenshot({ path: join(OUT, `reach-${name}-${side}-${screen}-ply${g.ply}.png`) });
              r.played = await playByClicks(page);
              figures.push(r);
              results.push(r);
            }
            // Every position is measured before the first failure is reported.
            for (const r of results) {
              const at = `${name} ${side} ${screen} ply ${r.ply}`;
              assert.equal(r.orientation, side, `${at}: ${side}'s side at the bottom`);
              assert.ok(r.piecesTotal > 0, 'the position has movable pieces');
              assert.ok(r.lastMoveInView, `${at}: the last move's square ${r.lastTo} is in view and tappable`);
              assert.ok(r.pieces / r.piecesTotal >= 0.95, `${at}: pieces ${r.pieces}/${r.piecesTotal}, missed ${r.missedPieces.join(' ')}`);
              assert.ok(r.dests / r.destsTotal >= 0.95, `${at}: destinations ${r.dests}/${r.destsTotal}, missed ${r.missedDests.join(' ')}`);
              assert.ok(r.played, `${at}: two clicks (a piece, then its destination) play a move`);
            }
          } finally {
            await page.context().close();
            for (const id of games) await forget(server.base, id);
          }
        });
      }
    }
  });
}
