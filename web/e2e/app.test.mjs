// Browser tests of the real app against the real server (see harness.mjs).
// Run: npm run e2e (needs target/release/spacechess built with web/dist embedded).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import {
  OUT,
  canvasStats,
  clickSquare,
  createGame,
  flatView,
  launchBrowser,
  openPage,
  playFlat,
  playMoveIn3D,
  startFromOpening as startGame,
  startServer,
  view,
  view3D,
  waitFor3D,
  waitForHistory,
  waitForMyTurn,
  waitForPly,
} from './harness.mjs';

let server;
let browser;
const metrics = {};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  writeFileSync(join(OUT, 'metrics.json'), JSON.stringify(metrics, null, 2));
});

const newPage = (options = {}) => openPage(browser, server.base, options);
const startFromOpening = (page, variant, extra) => startGame(page, server.base, variant, extra);

const SETUPS = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'trid', rules: 'meder' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];

describe('bundle', () => {
  it('keeps three.js out of the first load', () => {
    const assets = join(dirname(fileURLToPath(import.meta.url)), '../dist/assets');
    const sizes = {};
    for (const f of readdirSync(assets)) sizes[f] = { raw: readFileSync(join(assets, f)).length, gzip: gzipSync(readFileSync(join(assets, f))).length };
    metrics.bundle = sizes;
    const initial = Object.entries(sizes).filter(([f]) => /^index-/.test(f));
    const initialGzip = initial.reduce((s, [, v]) => s + v.gzip, 0);
    metrics.initialGzipBytes = initialGzip;
    assert.ok(initialGzip < 30000, `initial load ${initialGzip} bytes gzipped`);
    const html = readFileSync(join(assets, '../index.html'), 'utf8');
    assert.ok(!/scene3d/.test(html), 'index.html does not load the 3D chunk');
  });
});

describe('opening screen', () => {
  it('appears quickly and offers every variant', async () => {
    const page = await newPage();
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    const ready = await page.evaluate(() => performance.getEntriesByName('opening-ready')[0]?.startTime ?? -1);
    metrics.openingReadyMs = Math.round(ready);
    assert.ok(ready > 0 && ready < 1000, `opening screen ready after ${ready} ms`);
    const variants = await page.$$eval('input[name="variant"]', (xs) => xs.map((x) => x.value));
    assert.deepEqual(variants, ['stacked', 'trid', 'quadlevel', 'fourfold']);
    // three.js is fetched after the opening screen, while it idles.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /scene3d/.test(r.name)), null, {
      timeout: 10000,
    });
    const fetched = await page.evaluate(
      () => performance.getEntriesByType('resource').find((r) => /scene3d/.test(r.name)).startTime,
    );
    metrics.scene3dFetchStartMs = Math.round(fetched);
    assert.ok(fetched >= ready, 'the 3D chunk is requested only after the opening screen is ready');
    await page.close();
  });
});

for (const setup of SETUPS) {
  const name = setup.rules ? `${setup.variant} (${setup.rules})` : setup.variant;
  describe(`a game of ${name}`, () => {
    it('starts, moves in the flat and 3D views, gets answers, takes back and resumes after a reload', async () => {
      const page = await newPage();
      let v = await startFromOpening(page, setup.variant, async (p) => {
        if (setup.rules) await p.selectOption('select[name="rules"]', setup.rules);
      });
      assert.equal(v.variant, setup.variant);
      assert.equal(v.ply, 0);

      // 3D view first: it must draw something.
      await view3D(page);
      const stats = await canvasStats(page);
      assert.ok(stats.variance > 50 && stats.colours > 20, `3D view looks blank: ${JSON.stringify(stats)}`);
      await page.screenshot({ path: join(OUT, `${setup.variant}${setup.rules ? '-' + setup.rules : ''}-3d.png`) });

      // A move by tapping the flat view.
      await flatView(page);
      const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
      await clickSquare(page, m.from);
      assert.equal((await page.evaluate(() => window.__spacechess.selection())).kind, 'piece');
      await page.waitForSelector(`.flatview [data-square="${m.from}"].lifted`);
      // Switching views keeps the piece picked up.
      await page.click('button.toggle-view');
      await waitFor3D(page);
      await page.click('button.toggle-view');
      await page.waitForSelector(`.flatview [data-square="${m.from}"].lifted`);
      assert.ok((await page.locator('.flatview .target, .flatview .target-capture').count()) > 0, 'targets marked');
      await clickSquare(page, m.to);
      v = await waitForMyTurn(page, 2);
      assert.equal(v.history[0].token, m.token);
      assert.equal(v.history.length, 2, 'the computer answered');
      await page.waitForSelector('.record .mv[data-ply="2"]');
      // The evaluation after each move, as a small number.
      await page.waitForSelector('.record .eval');
      assert.match(await page.textContent('.record .eval'), /^[+-]?\d+\.\d$|^[+-]M$/);
      // The flat boards redraw a frame after the state: wait for the moved piece there.
      await page.waitForFunction(
        (sq) => !!document.querySelector(`.flatview [data-square="${sq}"]`)?.getAttribute('aria-label')?.startsWith(`${sq}, white `),
        m.to,
      );
      const label = await page.getAttribute(`.flatview [data-square="${m.to}"]`, 'aria-label');
      assert.match(label, new RegExp(`^${m.to.replace(/[()]/g, '\\$&')}, white `));
      await page.screenshot({ path: join(OUT, `${setup.variant}${setup.rules ? '-' + setup.rules : ''}-flat.png`) });

      // A move by tapping the 3D view.
      await view3D(page);
      const token = await playMoveIn3D(page);
      assert.ok(token, 'found a move that can be tapped in the 3D view');
      v = await waitForMyTurn(page, 4);
      assert.equal(v.history[2].token, token);

      // Take back: the player's move and the reply.
      await page.click('button.takeback');
      v = await waitForPly(page, 2);
      await waitForMyTurn(page, 2);

      // Reload: the same game comes back.
      const position = v.position;
      await page.reload();
      v = await waitForMyTurn(page, 2);
      assert.equal(v.position, position);
      assert.equal(v.ply, 2);
      await page.close();
    });
  });
}

describe('lost connection', () => {
  it('tells the player, reconnects when the server is back, and the game goes on', async () => {
    const port = new URL(server.base).port;
    const page = await newPage();
    let v = await startFromOpening(page, 'stacked');
    await flatView(page);
    const m = v.legal_moves[0];
    await clickSquare(page, m.from);
    await clickSquare(page, m.to);
    await waitForMyTurn(page, 2);
    await server.kill();
    await page.waitForSelector('.connection:not([hidden])', { timeout: 20000 });
    assert.match(await page.textContent('.connection'), /reconnecting/i);
    // The game also polls; its failure is said in the message line.
    await page.waitForFunction(() => /Lost contact/.test(document.querySelector('.message')?.textContent ?? ''), null, {
      timeout: 20000,
    });
    server = await startServer({ port: Number(port), data: server.data });
    await page.waitForSelector('.connection', { state: 'hidden', timeout: 30000 });
    // Once the server answers again, the message about lost contact is gone.
    await page.waitForFunction(() => !/Lost contact/.test(document.querySelector('.message')?.textContent ?? ''), null, {
      timeout: 30000,
    });
    v = await waitForMyTurn(page, 2);
    assert.equal(v.ply, 2, 'nothing was lost');
    const next = v.legal_moves[0];
    await clickSquare(page, next.from);
    await clickSquare(page, next.to);
    v = await waitForMyTurn(page, 4);
    assert.equal(v.history[2].token, next.token);
    await page.close();
  });
});

describe('touch-move (visualizer off)', () => {
  it('refuses a piece without a legal move and keeps a picked piece', async () => {
    // Quadlevel's corner rooks are boxed in at the start.
    const g = await createGame(server.base, { variant: 'quadlevel' });
    const page = await newPage();
    await page.goto(`${server.base}/?game=${g.id}&visualizer=off&view=flat`);
    const v = await waitForMyTurn(page);
    const movable = new Set(v.legal_moves.map((m) => m.from));
    const stuck = v.cells.find((c) => c.piece && c.piece === c.piece.toUpperCase() && !movable.has(c.name));
    assert.ok(stuck, 'some white piece has no legal move at the start');
    await clickSquare(page, stuck.name);
    await page.waitForSelector('.message.error');
    assert.match(await page.textContent('.message'), /no legal move/);
    assert.equal((await page.evaluate(() => window.__spacechess.selection())).kind, 'idle');
    const [a, b] = [...movable];
    await clickSquare(page, a);
    assert.equal(await page.locator('.flatview .target, .flatview .target-capture').count(), 0, 'no marks');
    await clickSquare(page, b);
    assert.match(await page.textContent('.message'), /Touch-move/);
    await clickSquare(page, a);
    assert.match(await page.textContent('.message'), /Touch-move/);
    const sel = await page.evaluate(() => window.__spacechess.selection());
    assert.deepEqual(sel, { kind: 'piece', square: a });
    await page.close();
  });
});

describe('Tri-D attack boards', () => {
  it('moves an attack board through the button, the board and the destination list', async () => {
    const position =
      'Ke0(3),Pc2(2),pc7(6),ke9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1';
    const g = await createGame(server.base, { variant: 'trid', rules: 'federation', position });
    const page = await newPage();
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    let v = await waitForMyTurn(page);
    const boardMoves = v.legal_moves.filter((m) => m.mover === 'board');
    assert.ok(boardMoves.some((m) => m.from === 'WQL'), 'WQL can move');
    await page.click('button.move-board');
    await page.waitForSelector('.flat-panel.board-pickable[data-board="WQL"]');
    await clickSquare(page, 'a0(3)');
    await page.waitForSelector('button.destination');
    const dests = await page.$$eval('button.destination', (bs) => bs.map((b) => b.dataset.token));
    assert.deepEqual(dests.sort(), boardMoves.filter((m) => m.from === 'WQL').map((m) => m.token).sort());
    // The 3D view shows glowing outlines for the destinations meanwhile; tap one there.
    await page.click('button.toggle-view');
    await waitFor3D(page);
    await page.screenshot({ path: join(OUT, 'trid-board-destinations-3d.png') });
    let chosen = null;
    let by3D = false;
    for (const token of dests) {
      const to = boardMoves.find((m) => m.token === token).to;
      if (boardMoves.filter((m) => m.from === 'WQL' && m.to === to).length !== 1) continue;
      const p = await page.evaluate((t) => window.__spacechess.findBoardDestPoint(t), to);
      if (!p) continue;
      await page.mouse.click(p.x, p.y);
      chosen = token;
      by3D = true;
      break;
    }
    if (!chosen) {
      // No outline could be tapped from this angle: use the list instead.
      await page.click('button.toggle-view');
      chosen = dests[0];
      await page.click(`button.destination[data-token="${chosen}"]`);
    }
    metrics.tridBoardMoveBy3DTap = by3D;
    v = await waitForMyTurn(page, 2);
    assert.equal(v.history[0].token, chosen);
    const moved = v.attack_boards.find((b) => b.name === 'WQL');
    assert.equal(moved.position, boardMoves.find((m) => m.token === chosen).to);
    await page.close();
  });
});

describe('promotion', () => {
  it('asks which piece in Stacked Boards', async () => {
    const position = '8/8/8/8/8/8/8/4K3|8/3P*4/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1';
    const g = await createGame(server.base, { variant: 'stacked', position });
    const page = await newPage();
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    await waitForMyTurn(page);
    await clickSquare(page, 'Md7');
    await clickSquare(page, 'Md8');
    await page.waitForSelector('.chooser button.choice');
    const labels = await page.$$eval('.chooser button.choice', (bs) => bs.map((b) => b.textContent.trim()));
    assert.equal(labels.length, 4);
    await page.click('.chooser button.choice[data-token="Md7Md8r"]');
    const v = await waitForHistory(page, 1);
    assert.equal(v.history[0].token, 'Md7Md8r');
    assert.match(v.history[0].notation, /=♖/);
    await page.close();
  });
  it('Fourfold promotes to a queen without asking', async () => {
    const position = '4/2P1/4/K3|4/4/4/4|3k/4/4/4|4/4/4/4 w 0 1';
    const g = await createGame(server.base, { variant: 'fourfold', position });
    const page = await newPage();
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    await waitForMyTurn(page);
    await clickSquare(page, 'c3@00');
    await clickSquare(page, 'c4@00');
    const v = await waitForHistory(page, 1);
    assert.ok(v.history.length >= 1);
    assert.equal(v.history[0].token, 'c3@00c4@00q');
    assert.equal(await page.locator('.chooser button.choice').count(), 0);
    await page.close();
  });
});

describe('the game panel', () => {
  it('copies the record and shows clocks; resigning opens the game-over panel', async () => {
    const page = await newPage();
    await startFromOpening(page, 'fourfold', async (p) => {
      await p.check('input[name="timed"][value="on"]');
      await p.fill('input[name="minutes"]', '5');
      await p.fill('input[name="increment"]', '2');
    });
    await flatView(page);
    assert.equal(await page.locator('.clocks .clock').count(), 2);
    const v = await view(page);
    assert.ok(v.clocks && v.clocks.white_ms <= 300000 && v.clocks.increment_ms === 2000);
    await page.click('button.copy-record');
    await page.waitForFunction(() => document.querySelector('.message')?.textContent?.includes('copied'));
    const text = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(text, /\[Variant "fourfold"\]/);
    page.once('dialog', (d) => d.accept());
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    assert.match(await page.textContent('.game-over .result-text'), /0-1/);
    assert.match(await page.textContent('.game-over .result-reason'), /resigned/);
    await page.click('.game-over button.new-game');
    await page.waitForSelector('form.setup');
    await page.close();
  });

  it('a flag falls: low-time warning, then loss on time in the game-over panel', async () => {
    const g = await createGame(server.base, { variant: 'fourfold', time_control: { minutes: 0.1, increment_seconds: 0 } });
    const page = await newPage();
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    // The clocks start with each side's first move: play it, the computer answers.
    const v = await waitForMyTurn(page);
    await playFlat(page, v.legal_moves[0]);
    await page.waitForSelector('.clocks .clock-white.low.running');
    await page.waitForSelector('.game-over .card', { timeout: 30000 });
    assert.match(await page.textContent('.game-over .result-reason'), /Black wins on time/);
    await page.click('.game-over button:has-text("Look at the board")');
    await page.waitForSelector('.clocks .clock-white.flagged');
    await page.close();
  });

  it("shows the computer's progress while it thinks, and the evaluation after moves", async () => {
    const page = await newPage();
    const v = await startFromOpening(page, 'quadlevel', async (p) => p.selectOption('select[name="level"]', '6'));
    await flatView(page);
    const m = v.legal_moves[0];
    await clickSquare(page, m.from);
    await clickSquare(page, m.to);
    // One condition, read at once: the computer may finish its move between two reads.
    await page.waitForFunction(
      () => {
        const t = document.querySelector('.thinking');
        return !!t && /depth \d+, [\d.]+ s left/.test(t.textContent ?? '') && !!t.querySelector('progress');
      },
      null,
      // Generous: on a loaded machine the first progress report can be slow to come.
      { timeout: 60000 },
    );
    // Stop the search: resigning ends the game.
    page.once('dialog', (d) => d.accept());
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    const evals = await page.$$eval('.record .eval', (xs) => xs.map((x) => x.textContent));
    metrics.evalsShown = evals;
    await page.close();
  });

  it('an offered draw is answered and shown', async () => {
    const page = await newPage();
    await startFromOpening(page, 'stacked');
    page.once('dialog', (d) => d.accept());
    await page.click('button.offer-draw');
    await page.waitForFunction(() => /Draw (agreed|declined)/.test(document.querySelector('.message')?.textContent ?? ''));
    const v = await view(page);
    if (/agreed/.test(await page.textContent('.message'))) {
      assert.equal(v.result?.reason, 'agreement');
      await page.waitForSelector('.game-over .card');
      assert.match(await page.textContent('.game-over .result-reason'), /agreement/);
    } else {
      assert.equal(v.status, 'in-progress');
    }
    await page.close();
  });

  it('a drag turns the 3D view and never counts as a tap; Black sees the board turned', async () => {
    const page = await newPage();
    await startFromOpening(page, 'stacked', async (p) => p.check('input[name="colour"][value="black"]'));
    await view3D(page);
    const orbit0 = await page.evaluate(() => window.__spacechess.getOrbit());
    assert.ok(Math.abs(orbit0.azimuth - Math.PI) < 1e-6, 'Black looks from the other side');
    const v = await waitForMyTurn(page, 1);
    const from = v.legal_moves[0].from;
    const p = await page.evaluate((s) => window.__spacechess.findTapPoint(s), from);
    assert.ok(p);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(p.x + 60, p.y + 20, { steps: 6 });
    await page.mouse.up();
    const orbit1 = await page.evaluate(() => window.__spacechess.getOrbit());
    assert.notEqual(orbit1.azimuth, orbit0.azimuth);
    assert.equal((await page.evaluate(() => window.__spacechess.selection())).kind, 'idle');
    // Each camera move animates over frames, slow on a loaded machine, and the next Tilt
    // starts from where the camera is: wait until it rests (same orbit two frames running).
    const cameraAtRest = () =>
      page.evaluate(
        () =>
          new Promise((done) => {
            let last = null;
            let frames = 0;
            const step = () => {
              const now = JSON.stringify(window.__spacechess.getOrbit());
              if (now === last || ++frames > 600) return done();
              last = now;
              requestAnimationFrame(step);
            };
            requestAnimationFrame(step);
          }),
      );
    // Turn, Tilt (down below the boards), Zoom, Reset view.
    for (let i = 0; i < 3; i++) {
      await page.click('.cam-buttons button:has-text("Tilt")');
      await cameraAtRest();
    }
    const below = await page.evaluate(() => window.__spacechess.getOrbit());
    assert.ok(below.elevation < 0, 'Tilt reaches below the boards');
    await page.click('.cam-buttons button:has-text("Reset view")');
    await cameraAtRest();
    const reset = await page.evaluate(() => window.__spacechess.getOrbit());
    assert.ok(Math.abs(reset.azimuth - Math.PI) < 1e-3);
    await page.close();
  });

  it('fits a phone: the page does not scroll and the 3D canvas takes no touch scrolling', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await startFromOpening(page, 'quadlevel');
    await view3D(page);
    const m = await page.evaluate(() => ({
      scroll: document.scrollingElement.scrollHeight - innerHeight,
      touch: getComputedStyle(document.querySelector('canvas.board3d')).touchAction,
    }));
    assert.ok(m.scroll <= 0, `page scrolls by ${m.scroll}px`);
    assert.equal(m.touch, 'none');
    await page.screenshot({ path: join(OUT, 'quadlevel-phone.png') });
    await page.close();
  });

  it('measures frames per second while turning the 3D view', async () => {
    const page = await newPage();
    for (const variant of ['trid', 'stacked', 'quadlevel']) {
      await startFromOpening(page, variant);
      await view3D(page);
      const full = await page.evaluate(() => window.__spacechess.measureTurn(3000, false));
      const adaptive = await page.evaluate(() => window.__spacechess.measureTurn(3000, true));
      const round = (r) => ({
        fps: Math.round(r.fps * 10) / 10,
        worstFrameMs: Math.round(r.worstFrameMs),
        drawCalls: r.drawCalls,
        triangles: r.triangles,
        scale: r.scale,
      });
      metrics.turn = { ...(metrics.turn ?? {}), [variant]: { fullResolution: round(full), adaptive: round(adaptive) } };
      assert.ok(full.frames > 5 && adaptive.frames > 5, `${variant}: too few frames`);
    }
    await page.close();
  });
});
