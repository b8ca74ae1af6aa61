// Browser tests of the 3D view's aids: the spread control, a board brought forward by its
// label, coordinates on the board edges, labels that never overlap, the pointer to a last
// move out of view, and moves that animate (on an arc between levels) unless the system
// asks for reduced motion. Screenshots of each variant in 3D, desktop and phone.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, createGame, launchBrowser, openPage, startServer, waitFor3D, waitForMyTurn } from './harness.mjs';

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

const SETUPS = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];
const SCREENS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};

async function open(setup, options = SCREENS.desktop) {
  const g = await createGame(server.base, { ...setup, mode: 'local' });
  const page = await openPage(browser, server.base, options);
  await page.goto(`${server.base}/?game=${g.id}`);
  await waitForMyTurn(page);
  await waitFor3D(page);
  return page;
}

const frames = (page, n = 2) =>
  page.evaluate((k) => new Promise((r) => {
    const step = (i) => (i ? requestAnimationFrame(() => step(i - 1)) : r());
    step(k);
  }), n);

/** The visible board labels' rectangles. */
const labelRects = (page) =>
  page.$$eval('.labels3d .level-label', (els) =>
    els
      .filter((e) => getComputedStyle(e).display !== 'none')
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
  );

for (const setup of SETUPS) {
  const name = setup.rules ? `${setup.variant}-${setup.rules}` : setup.variant;
  describe(`3D aids: ${name}`, () => {
    for (const [screen, options] of Object.entries(SCREENS)) {
      it(`${screen}: labels never overlap, from the default camera and turned; coordinates on every board`, async () => {
        const page = await open(setup, options);
        try {
          await page.screenshot({ path: join(OUT, `view3d-${name}-${screen}.png`) });
          for (let turn = 0; turn < 8; turn++) {
            const rects = await labelRects(page);
            assert.ok(rects.length > 0, 'labels are shown');
            for (let i = 0; i < rects.length; i++)
              for (let j = i + 1; j < rects.length; j++) {
                const [a, b] = [rects[i], rects[j]];
                const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
                assert.ok(!overlap, `turn ${turn}: "${a.text}" overlaps "${b.text}"`);
              }
            await page.evaluate(() => {
              const o = window.__spacechess.getOrbit();
              window.__spacechess.setOrbit({ ...o, azimuth: o.azimuth + Math.PI / 4 });
            });
            await frames(page);
          }
          const coords = await page.evaluate(() => window.__spacechess.coordinates());
          const v = await page.evaluate(() => window.__spacechess.view());
          for (const board of new Set(v.cells.map((c) => c.board))) {
            const texts = coords.filter((c) => c.board === board).map((c) => c.text);
            assert.ok(texts.some((t) => /^[a-h]$/.test(t)), `${board} shows file letters: ${texts}`);
            assert.ok(texts.some((t) => /^\d$/.test(t)), `${board} shows rank numbers: ${texts}`);
          }
        } finally {
          await page.context().close();
        }
      });
    }
  });
}

describe('3D aids: levels', () => {
  it('the spread control moves the levels apart and together', async () => {
    const page = await open({ variant: 'stacked' });
    try {
      const gap = () =>
        page.evaluate(() => {
          const hook = window.__spacechess;
          return hook.piecePosition('Ta8').y - hook.piecePosition('Ba1').y;
        });
      const before = await gap();
      await page.locator('input[name="spread"]').fill('2');
      await frames(page);
      assert.equal(await page.evaluate(() => window.__spacechess.spread()), 2);
      const wide = await gap();
      assert.ok(Math.abs(wide - 2 * before) < 1e-6, `levels twice as far apart: ${before} → ${wide}`);
      await page.locator('input[name="spread"]').fill('0.5');
      await frames(page);
      const narrow = await gap();
      assert.ok(Math.abs(narrow - 0.5 * before) < 1e-6, `levels half as far apart: ${before} → ${narrow}`);
      // Every square of the board still has a tap point at either extreme.
      await page.screenshot({ path: join(OUT, 'view3d-stacked-spread-0.5.png') });
    } finally {
      await page.context().close();
    }
  });

  it('a tap on a level label brings it forward: the others fade and every square of it can be tapped', async () => {
    const page = await open({ variant: 'quadlevel' }, SCREENS.phone);
    try {
      await page.locator('input[name="spread"]').fill('0.5'); // crowd the levels first
      await frames(page);
      await page.click('.labels3d .level-label[data-board="L3"]');
      await frames(page);
      assert.equal(await page.evaluate(() => window.__spacechess.focusedBoard()), 'L3');
      assert.equal(await page.getAttribute('.level-label[data-board="L3"]', 'aria-pressed'), 'true');
      for (const b of ['L1', 'L2', 'L4']) assert.match((await page.getAttribute(`.level-label[data-board="${b}"]`, 'class')) ?? '', /faded/);
      const missed = await page.evaluate(() => {
        const hook = window.__spacechess;
        return hook
          .view()
          .cells.filter((c) => c.board === 'L3')
          .map((c) => c.name)
          .filter((n) => !hook.findTapPoint(n));
      });
      assert.deepEqual(missed, [], 'every square of the level brought forward has a tap point');
      await page.screenshot({ path: join(OUT, 'view3d-quadlevel-phone-L3-forward.png') });
      await page.click('.labels3d .level-label[data-board="L3"]');
      await frames(page);
      assert.equal(await page.evaluate(() => window.__spacechess.focusedBoard()), null);
    } finally {
      await page.context().close();
    }
  });

  it('the last move is pointed at when it lies out of view', async () => {
    const page = await open({ variant: 'stacked' });
    try {
      const v = await page.evaluate(() => window.__spacechess.view());
      const m = v.legal_moves.find((x) => x.mover === 'piece');
      await page.evaluate((mv) => {
        window.__spacechess.tapSquare(mv.from);
        window.__spacechess.tapSquare(mv.to);
      }, m);
      await page.waitForFunction(() => window.__spacechess.view().ply === 1);
      await frames(page, 3);
      assert.ok(await page.isHidden('.lastmove-pointer'), 'no pointer while the last move is in view');
      // Look straight down, zoomed in on the middle of the boards: the move lies outside.
      await page.evaluate(() => window.__spacechess.setOrbit({ azimuth: 0, elevation: 1.45, distance: 1 }));
      await frames(page, 3);
      assert.ok(await page.isVisible('.lastmove-pointer'), 'a pointer shows the way');
      assert.match(await page.textContent('.lastmove-pointer'), new RegExp(m.to));
      await page.click('text=Reset view');
      await page.waitForFunction(() => document.querySelector('.lastmove-pointer')?.hidden === true);
    } finally {
      await page.context().close();
    }
  });
});

/** Plays a level-changing move by taps; returns its flight (null: none) and the piece's heights over frames. */
async function playLevelChange(page) {
  const v = await page.evaluate(() => window.__spacechess.view());
  const board = new Map(v.cells.map((c) => [c.name, c.board]));
  const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion && board.get(x.from) !== board.get(x.to));
  assert.ok(m, 'a level-changing move exists');
  return page.evaluate(async (mv) => {
    const hook = window.__spacechess;
    hook.tapSquare(mv.from);
    hook.tapSquare(mv.to);
    const ys = [];
    const start = performance.now();
    while (performance.now() - start < 3000 && ys.length < 12) {
      await new Promise((r) => requestAnimationFrame(r));
      const p = hook.view().ply === 1 ? hook.piecePosition(mv.to) : null;
      if (p) ys.push(p.y);
    }
    return { flight: hook.lastFlight(), ys, move: mv.token, to: mv.to };
  }, m);
}

describe('3D aids: moves animate', () => {
  it('a piece changing level travels on an arc', async () => {
    const page = await open({ variant: 'stacked' });
    try {
      const { flight, ys, move, to } = await playLevelChange(page);
      assert.ok(flight, `${move} flies`);
      assert.equal(flight.square, to);
      const peak = Math.max(...flight.heights);
      assert.ok(peak > Math.max(flight.from, flight.to) + 0.3, `${move}: the piece rises above both levels (${flight.heights})`);
      assert.ok(Math.abs(flight.heights[0] - flight.from) < 1e-9 && Math.abs(flight.heights[10] - flight.to) < 1e-9, 'it starts and ends on the squares');
      // And the piece drawn lands on its square.
      assert.ok(Math.abs(ys[ys.length - 1] - flight.to) < 1e-6, `it lands: ${ys}`);
    } finally {
      await page.context().close();
    }
  });

  it('with prefers-reduced-motion the piece stands on its square at once', async () => {
    const page = await open({ variant: 'stacked' }, { ...SCREENS.desktop, reducedMotion: 'reduce' });
    try {
      const { flight, ys, move } = await playLevelChange(page);
      assert.equal(flight, null, `${move}: no flight`);
      assert.ok(ys.length > 3, `frames sampled: ${ys.length}`);
      assert.equal(new Set(ys.map((y) => y.toFixed(3))).size, 1, `${move}: no animation, heights ${ys}`);
    } finally {
      await page.context().close();
    }
  });
});
