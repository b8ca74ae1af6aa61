// Everything reachable in 3D: from the default camera, at least 95 % of the pieces that can
// move and of their legal destinations have a pixel whose tap picks them (the page's
// `findTapPoint`, which runs the real picking rules), in every variant and rule set, at the
// start and after 12 and 30 plies of a seeded game, on a 1280×800 desktop and a 390×844
// phone. Destinations are measured with their piece lifted (the visualizer on), as a player
// taps them. The last move's square is in view and tappable too. The figures go to
// e2e/out/reach.json.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, PLAYER, createGame, launchBrowser, openPage, startServer, waitFor3D, waitForMyTurn } from './harness.mjs';

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
      `${f.setup.padEnd(16)} ${f.screen.padEnd(7)} ply ${String(f.ply).padStart(2)}: pieces ${pct(f.pieces, f.piecesTotal)} % (${f.pieces}/${f.piecesTotal}), destinations ${pct(f.dests, f.destsTotal)} % (${f.dests}/${f.destsTotal})`,
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
const PLIES = [0, 12, 30];

/** A small seeded generator (mulberry32), so every run plays the same games. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A two-player game of `setup` after `plies` seeded random legal moves (the next seed when one ends early). */
async function seededGame(setup, plies, seed) {
  for (let attempt = 0; attempt < 8; attempt++) {
    let g = await createGame(server.base, { ...setup, mode: 'local' });
    const next = random(seed + attempt * 7919);
    while (g.ply < plies && g.legal_moves.length > 0) {
      const m = g.legal_moves[Math.floor(next() * g.legal_moves.length)];
      const res = await fetch(`${server.base}/api/games/${g.id}/moves`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${PLAYER}` },
        body: JSON.stringify({ move: m.token, ply: g.ply }),
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`move ${m.token}: ${res.status} ${JSON.stringify(body)}`);
      g = body;
    }
    if (g.legal_moves.length > 0) return g;
  }
  throw new Error(`no seeded game of ${JSON.stringify(setup)} lasted ${plies} plies`);
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
    for (const [screen, options] of Object.entries(SCREENS)) {
      it(`${screen}: 95 % of movable pieces and destinations tappable at plies ${PLIES.join(', ')}`, async () => {
        const page = await openPage(browser, server.base, options);
        const results = [];
        try {
          for (const plies of PLIES) {
            const g = await seededGame(setup, plies, 1000 + plies);
            await page.goto(`${server.base}/?game=${g.id}`);
            await waitForMyTurn(page, g.ply);
            await waitFor3D(page);
            const r = { setup: name, screen, ply: g.ply, ...(await measureReach(page)) };
            figures.push(r);
            results.push(r);
            await page.screenshot({ path: join(OUT, `reach-${name}-${screen}-ply${g.ply}.png`) });
          }
          // Every position is measured before the first failure is reported.
          for (const r of results) {
            assert.ok(r.piecesTotal > 0, 'the position has movable pieces');
            assert.ok(r.lastMoveInView, `${name} ${screen} ply ${r.ply}: the last move's square ${r.lastTo} is in view and tappable`);
            assert.ok(r.pieces / r.piecesTotal >= 0.95, `${name} ${screen} ply ${r.ply}: pieces ${r.pieces}/${r.piecesTotal}, missed ${r.missedPieces.join(' ')}`);
            assert.ok(r.dests / r.destsTotal >= 0.95, `${name} ${screen} ply ${r.ply}: destinations ${r.dests}/${r.destsTotal}, missed ${r.missedDests.join(' ')}`);
          }
        } finally {
          await page.context().close();
        }
      });
    }
  });
}
