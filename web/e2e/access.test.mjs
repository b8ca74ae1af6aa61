// Browser tests of reaching everything: touch targets of at least 44 px on a phone (every
// visible control in every part of the game screen and the opening screen), the 3D view
// played with the keyboard alone (a focus cursor drawn on the boards, announced), every
// control of the 3D view reachable with Tab, and a piece changing level drawn above both
// levels midway through its flight (or at once on its square with reduced motion).

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, createGame, launchBrowser, openPage, startServer, view, view3D, waitFor3D, waitForMyTurn, waitForPly } from './harness.mjs';

let server;
let browser;

before(async () => {
  // A short Oracle (the tests open it and look at the panel): its search does not run
  // on for 6 s beside the next test.
  server = await startServer({ args: ['--oracle-ms', '1500'] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TARGET = 44;

async function openGame(setup, options = {}, query = '') {
  const g = await createGame(server.base, setup);
  const page = await openPage(browser, server.base, options);
  await page.goto(`${server.base}/?game=${g.id}${query}`);
  await waitForMyTurn(page);
  return { page, id: g.id };
}

// ------------------------------------------------------------------ touch targets

/**
 * Every visible control's tap area: buttons, links, inputs, selects, tabs, options and
 * other focusable things (board squares aside: their floor is the layout test's). A radio
 * button or checkbox inside a label is tapped through its label, so the label's box counts.
 */
const targets = (page) =>
  page.evaluate(() => {
    const selector = 'button, a[href], input, select, textarea, summary, [role="button"], [role="tab"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const seen = new Set();
    const out = [];
    for (const e of document.querySelectorAll(selector)) {
      if (e.matches('[data-square], .sq, canvas') || e.closest('.sr-only')) continue;
      const box = e.matches('input[type="radio"], input[type="checkbox"]') ? (e.closest('label') ?? e) : e;
      if (seen.has(box)) continue;
      seen.add(box);
      const r = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      // Only what is on screen or scrolled to within its own panel.
      const name = (box.getAttribute('aria-label') || box.textContent || box.getAttribute('placeholder') || box.tagName).trim().slice(0, 40);
      out.push({ name, cls: box.className?.baseVal ?? box.className, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 });
    }
    return out;
  });

const smallest = {};

function assertTargets(list, where) {
  assert.ok(list.length > 0, `${where}: controls found`);
  const small = list.filter((t) => t.width < TARGET || t.height < TARGET);
  assert.equal(small.length, 0, `${where}: controls under ${TARGET} px:\n${small.map((t) => `  "${t.name}" (${t.cls}) ${t.width}×${t.height}`).join('\n')}`);
  const least = list.reduce((a, t) => (Math.min(t.width, t.height) < Math.min(a.width, a.height) ? t : a));
  smallest[where] = { control: least.name, width: least.width, height: least.height, controls: list.length };
}

describe('Touch targets on a phone', () => {
  after(() => writeFileSync(join(OUT, 'access-targets.json'), JSON.stringify(smallest, null, 2)));

  it('the opening screen: every control at least 44 px', async () => {
    const page = await openPage(browser, server.base, PHONE);
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    assertTargets(await targets(page), 'opening');
    await page.screenshot({ path: join(OUT, 'access-phone-opening.png'), fullPage: true });
    await page.close();
  });

  for (const setup of [{ variant: 'stacked' }, { variant: 'trid', rules: 'federation' }]) {
    const name = setup.rules ? `${setup.variant}-${setup.rules}` : setup.variant;
    it(`${name}: the 3D view (level labels, spread, camera), each tab, the Oracle, the move box, review: every control at least 44 px`, async () => {
      const { page } = await openGame({ ...setup, mode: 'local' }, PHONE);
      await view3D(page);
      assertTargets(await targets(page), `${name} 3d, play tab`);
      assert.ok((await page.$$('.labels3d .level-label')).length > 0);
      // A move played, so the record has moves; then each tab.
      const v = await view(page);
      const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion);
      await page.evaluate((mv) => {
        window.__spacechess.tapSquare(mv.from);
        window.__spacechess.tapSquare(mv.to);
      }, m);
      await waitForPly(page, 1);
      await page.click('.panel-tab[data-tab="moves"]');
      assertTargets(await targets(page), `${name} 3d, moves tab`);
      // Review: the banner's buttons.
      await page.click('.review-back');
      await page.waitForSelector('.review-banner button');
      assertTargets(await targets(page), `${name} reviewing`);
      await page.click('.review-to-live');
      await page.click('.panel-tab[data-tab="oracle"]');
      await page.getByRole('button', { name: 'Oracle' }).first().click();
      await page.waitForSelector('.oracle-line', { timeout: 30000 });
      assertTargets(await targets(page), `${name} oracle tab`);
      await page.click('.panel-tab[data-tab="play"]');
      const now = await view(page);
      await page.fill('.move-input', now.legal_moves[0].notation.slice(0, 2));
      await page.waitForSelector('.move-completions li');
      assertTargets(await targets(page), `${name} move box`);
      await page.screenshot({ path: join(OUT, `access-phone-${name}-movebox.png`) });
      await page.fill('.move-input', '');
      // The flat boards' view tools.
      await page.click('button.toggle-view');
      await page.waitForSelector('.flatview [data-square]');
      assertTargets(await targets(page), `${name} flat`);
      await page.close();
    });
  }

  it('the game-over card: at least 44 px', async () => {
    const { page } = await openGame({ variant: 'stacked', mode: 'local' }, PHONE, '&view=flat');
    page.once('dialog', (d) => d.accept());
    await page.click('.panel-tab[data-tab="play"]');
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    assertTargets(await targets(page), 'game over');
    await page.screenshot({ path: join(OUT, 'access-phone-game-over.png') });
    await page.close();
  });
});

// ------------------------------------------------------------------ keyboard in 3D

/** Presses `key` on the focused canvas and returns the cursor afterwards. */
async function press(page, key) {
  await page.keyboard.press(key);
  return page.evaluate(() => window.__spacechess.keyCursor());
}

/** Bright-blue pixels of the canvas (the cursor's colour), counted on a reduced copy. */
const bluePixels = (page) =>
  page.evaluate(() => {
    const src = document.querySelector('canvas.board3d');
    const c = document.createElement('canvas');
    c.width = 400;
    c.height = 250;
    const ctx = c.getContext('2d');
    ctx.drawImage(src, 0, 0, c.width, c.height);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 77) < 30 && Math.abs(d[i + 1] - 163) < 30 && d[i + 2] > 215) n++;
    return n;
  });

/**
 * Moves the keyboard cursor to `square` with the keys alone: Page Up / Page Down to its
 * board (Stacked's order: Top, Middle, Bottom), then the arrows (White's view: up is a
 * higher rank, right a later file).
 */
async function walkTo(page, v, square) {
  const cell = (name) => v.cells.find((c) => c.name === name);
  const boards = ['T', 'M', 'B'];
  const goal = cell(square);
  let at = (await page.evaluate(() => window.__spacechess.keyCursor())).square;
  for (let guard = 0; guard < 40 && at !== square; guard++) {
    const c = cell(at);
    let key;
    if (c.board !== goal.board) key = boards.indexOf(goal.board) > boards.indexOf(c.board) ? 'PageDown' : 'PageUp';
    else if (c.coords[0] !== goal.coords[0]) key = goal.coords[0] > c.coords[0] ? 'ArrowRight' : 'ArrowLeft';
    else key = goal.coords[1] > c.coords[1] ? 'ArrowUp' : 'ArrowDown';
    const next = (await press(page, key)).square;
    assert.notEqual(next, at, `${key} from ${at} moves the cursor`);
    const n = cell(next);
    if (key.startsWith('Page')) assert.equal(n.board, boards[boards.indexOf(c.board) + (key === 'PageDown' ? 1 : -1)]);
    else assert.equal(n.board, c.board, `${key} stays on the board`);
    at = next;
  }
  assert.equal(at, square);
  // Each square the cursor reaches is announced.
  await page.waitForFunction((s) => document.querySelector('.announcer').textContent.startsWith(`${s},`), square);
}

describe('Keyboard in the 3D view', () => {
  it('Tab reaches the boards; the arrows and Page Up/Down move a drawn cursor; Enter picks up and puts down; a move played by keys alone, announced', async () => {
    const { page } = await openGame({ variant: 'stacked', mode: 'local' });
    await waitFor3D(page);
    const before = await bluePixels(page);
    // Tab to the canvas.
    let onCanvas = false;
    for (let i = 0; i < 80 && !onCanvas; i++) {
      await page.keyboard.press('Tab');
      onCanvas = await page.evaluate(() => document.activeElement?.matches('canvas.board3d') ?? false);
    }
    assert.ok(onCanvas, 'Tab reaches the 3D boards');
    assert.equal(await page.getAttribute('canvas.board3d', 'role'), 'application');
    assert.match(await page.getAttribute('canvas.board3d', 'aria-label'), /arrow keys/);
    const v = await view(page);
    const start = await page.evaluate(() => window.__spacechess.keyCursor());
    assert.ok(start.square && start.drawn, `a cursor is drawn on focus: ${JSON.stringify(start)}`);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await bluePixels(page);
    assert.ok(after > before + 50, `the cursor shows on the canvas: ${before} → ${after} blue pixels`);
    await page.screenshot({ path: join(OUT, 'access-3d-keyboard-cursor.png') });
    // The arrows on the boards never step the review.
    await press(page, 'ArrowLeft');
    assert.equal(await page.evaluate(() => window.__spacechess.review()), null);
    // A move that changes board, so Page Up/Down are used on the way.
    const board = new Map(v.cells.map((c) => [c.name, c.board]));
    const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion && board.get(x.from) !== board.get(x.to)) ?? v.legal_moves[0];
    await walkTo(page, v, m.from);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Picked up/.test(document.querySelector('.announcer').textContent));
    assert.equal((await page.evaluate(() => window.__spacechess.selection())).square, m.from);
    // Enter again puts it down; once more picks it up.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Put down/.test(document.querySelector('.announcer').textContent));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__spacechess.selection().kind === 'piece');
    await walkTo(page, v, m.to);
    assert.match(await page.textContent('.announcer'), /a move for the piece picked up/);
    await page.keyboard.press('Enter');
    await waitForPly(page, 1);
    const played = await view(page);
    assert.equal(played.history[0].token, m.token);
    await page.waitForFunction(() => /White played .*Black to move/.test(document.querySelector('.announcer').textContent));
    // The focus and the cursor stay on the boards.
    assert.deepEqual(await page.evaluate(() => window.__spacechess.keyCursor()), { square: m.to, drawn: true });
    assert.ok(await page.evaluate(() => document.activeElement?.matches('canvas.board3d')));
    // Tab away: the cursor is no longer drawn.
    await page.keyboard.press('Tab');
    assert.equal((await page.evaluate(() => window.__spacechess.keyCursor())).drawn, false);
    await page.close();
  });

  it('every control of the 3D view is reachable with Tab', async () => {
    const { page } = await openGame({ variant: 'quadlevel', mode: 'local' });
    await waitFor3D(page);
    const key = () =>
      page.evaluate(() => {
        const e = document.activeElement;
        return e && e !== document.body ? `${e.tagName}.${e.className?.baseVal ?? e.className}.${e.dataset.board ?? ''}${e.dataset.tab ?? ''}${e.getAttribute('href') ?? ''}` : null;
      });
    const all = () =>
      page.$$eval('button:not([disabled]), input:not([disabled]), select, a[href], canvas.board3d', (es) =>
        es
          .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.matches('[data-square]'))
          .map((e) => `${e.tagName}.${e.className?.baseVal ?? e.className}.${e.dataset.board ?? ''}${e.dataset.tab ?? ''}${e.getAttribute('href') ?? ''}`),
      );
    const controls = await all();
    assert.ok(controls.some((c) => c.includes('level-label')), 'level labels are controls');
    assert.ok(await page.isVisible('input[name="spread"]'), 'the spread control');
    const reached = new Set();
    for (let i = 0; i < controls.length + 15; i++) {
      await page.keyboard.press('Tab');
      const k = await key();
      if (k) reached.add(k);
    }
    assert.deepEqual(
      controls.filter((c) => !reached.has(c)),
      [],
    );
    await page.close();
  });
});

// ------------------------------------------------------------------ the arc, as drawn

/**
 * Plays a level-changing move and samples, frame by frame, the height at which the moved
 * piece is drawn until it rests on its square; returns the samples and both levels' heights.
 */
async function sampleFlight(page) {
  const v = await view(page);
  const board = new Map(v.cells.map((c) => [c.name, c.board]));
  const m = v.legal_moves.find((x) => x.mover === 'piece' && !x.promotion && board.get(x.from) !== board.get(x.to));
  assert.ok(m, 'a level-changing move exists');
  return page.evaluate(async (mv) => {
    const hook = window.__spacechess;
    const levels = { from: hook.squarePosition(mv.from).y, to: hook.squarePosition(mv.to).y };
    // Ten times slower, so that a software renderer's slow frames still catch it midway.
    hook.slowMotion(10);
    hook.tapSquare(mv.from);
    hook.tapSquare(mv.to);
    const ys = [];
    // Sample every frame until the piece has rested on its square for a few frames.
    let resting = 0;
    for (let guard = 0; guard < 2000 && resting < 5; guard++) {
      await new Promise((r) => requestAnimationFrame(r));
      if (hook.view().ply !== 1) continue;
      const p = hook.piecePosition(mv.to);
      if (!p) continue;
      ys.push(p.y);
      resting = Math.abs(p.y - levels.to) < 1e-6 ? resting + 1 : 0;
    }
    return { levels, ys, move: mv.token };
  }, m);
}

describe('A level change as drawn', () => {
  const small = { viewport: { width: 800, height: 600 } };

  it('midway through its flight the piece is drawn above both levels, then lands', async () => {
    const { page } = await openGame({ variant: 'stacked', mode: 'local' }, small);
    await waitFor3D(page);
    const { levels, ys, move } = await sampleFlight(page);
    const top = Math.max(levels.from, levels.to);
    assert.ok(ys.length >= 3, `${move}: frames sampled during the flight: ${ys}`);
    assert.ok(ys.some((y) => y > top + 0.3), `${move}: drawn above both levels (${levels.from}, ${levels.to}) at some frame: ${ys}`);
    assert.ok(Math.abs(ys[ys.length - 1] - levels.to) < 1e-6, `${move}: it lands: ${ys}`);
    writeFileSync(join(OUT, 'access-flight.json'), JSON.stringify({ move, levels, heights: ys }, null, 2));
    await page.close();
  });

  it('with reduced motion it stands on its square from the first frame', async () => {
    const { page } = await openGame({ variant: 'stacked', mode: 'local' }, { ...small, reducedMotion: 'reduce' });
    await waitFor3D(page);
    const { levels, ys, move } = await sampleFlight(page);
    assert.ok(ys.length >= 5, `frames sampled: ${ys.length}`);
    for (const y of ys) assert.ok(Math.abs(y - levels.to) < 1e-6, `${move}: on its square at once: ${ys}`);
    await page.close();
  });
});
