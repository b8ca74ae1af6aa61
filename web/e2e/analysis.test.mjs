// Browser tests of the analysis board: opened from review ("Analyse this position"), the
// engine's lines streaming with depth and score, a side-line move played by tapping a
// line's first move, the game itself unchanged; opened from the opening screen with a
// position string. Screenshots on desktop and phone.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, PLAYER, createGame, launchBrowser, openPage, startServer } from './harness.mjs';

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
    headers: { authorization: `Bearer ${PLAYER}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
};

/** A local Fourfold game with `n` half-moves played through the API. */
async function localGame(n) {
  let g = await createGame(server.base, { variant: 'fourfold', mode: 'local' });
  for (let i = 0; i < n; i++) {
    const m = g.legal_moves[(i * 5) % g.legal_moves.length];
    const r = await api(`/api/games/${g.id}/moves`, { method: 'POST', body: JSON.stringify({ move: m.token }) });
    assert.equal(r.status, 200, r.text);
    g = r.json();
  }
  return g;
}

/** The engine's lines as the screen shows them: score text, first move, depth. */
const shownLines = (page) =>
  page.evaluate(() => ({
    depth: Number(document.querySelector('.analysis-status')?.getAttribute('data-depth') ?? 0),
    lines: [...document.querySelectorAll('.engine-line')].map((li) => ({
      first: li.getAttribute('data-first'),
      score: li.querySelector('.line-score')?.textContent ?? '',
      move: li.querySelector('.line-first')?.textContent ?? '',
    })),
  }));

describe('analysis board', () => {
  it('opens from review, streams several lines, plays a side-line move and leaves the game alone', async () => {
    const game = await localGame(4);
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ]) {
      const page = await openPage(browser, server.base, { viewport, ...(name === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      await page.goto(`${server.base}/?game=${game.id}&view=flat`);
      await page.waitForFunction(() => window.__spacechess?.view()?.ply === 4);
      // Review two half-moves back, then analyse that position.
      if (name === 'phone') await page.click('.panel-tab[data-tab="moves"]');
      await page.click('button.review-back');
      await page.click('button.review-back');
      await page.waitForSelector('.review-banner');
      await page.click('button.review-analyse');
      await page.waitForURL(/\?analysis=/);
      await page.waitForSelector('.analysis .flatview [data-square]');
      assert.match(await page.textContent('.analysis-source'), /your game, after half-move 2/);
      // Several lines stream, deeper and deeper, each with a score.
      await page.waitForFunction(() => document.querySelectorAll('.engine-line').length === 3 && Number(document.querySelector('.analysis-status')?.getAttribute('data-depth')) >= 3, null, { timeout: 60000 });
      const first = await shownLines(page);
      assert.equal(first.lines.length, 3);
      assert.equal(new Set(first.lines.map((l) => l.first)).size, 3, JSON.stringify(first));
      for (const l of first.lines) assert.match(l.score, /^([+-]?\d+\.\d|White mates in \d+|Black mates in \d+)$/, JSON.stringify(l));
      await page.waitForFunction((d) => Number(document.querySelector('.analysis-status')?.getAttribute('data-depth')) > d, first.depth, { timeout: 60000 });
      assert.match(await page.textContent('.analysis-status'), /^Depth \d+/);
      await page.screenshot({ path: join(OUT, `analysis-${name}.png`) });

      // The first line's first move, tapped, goes on the side line.
      const token = await page.getAttribute('.engine-line:first-child', 'data-first');
      const serial = await page.getAttribute('.analysis', 'data-serial');
      // The lines keep streaming and the first may change before the click: tap the one read.
      await page.click(`.engine-line[data-first="${token}"] .line-first`);
      await page.waitForFunction((s) => document.querySelector('.analysis')?.getAttribute('data-serial') !== s, serial);
      await page.waitForSelector(`.side-line li[data-token="${token}"]`);
      assert.equal(await page.getAttribute('.analysis', 'data-ply'), '3');
      // The lines are about the new position.
      await page.waitForFunction(() => document.querySelectorAll('.engine-line').length === 3, null, { timeout: 60000 });
      await page.screenshot({ path: join(OUT, `analysis-side-line-${name}.png`) });

      // The game itself is unchanged.
      const now = (await api(`/api/games/${game.id}`)).json();
      assert.equal(now.ply, 4);
      assert.deepEqual(
        now.history.map((h) => h.token),
        game.history.map((h) => h.token),
      );

      // Back along the side line, then back to the game.
      await page.click('button.analysis-back');
      await page.waitForFunction(() => document.querySelector('.analysis')?.getAttribute('data-ply') === '2');
      assert.equal(await page.$$eval('.side-line li[data-token]', (l) => l.length), 0);
      await page.click('button.analysis-to-game');
      await page.waitForURL(/\?game=/);
      await page.waitForFunction(() => window.__spacechess?.view()?.ply === 4);
      await page.context().close();
    }
  });

  it('opens from the opening screen with a position string', async () => {
    const game = await localGame(2);
    const page = await openPage(browser, server.base);
    await page.goto(server.base + '/');
    await page.click('button.open-analysis');
    await page.waitForSelector('dialog.analysis-dialog');
    await page.selectOption('dialog.analysis-dialog select[name="variant"]', 'fourfold');
    await page.fill('dialog.analysis-dialog textarea', 'not a position');
    await page.click('dialog.analysis-dialog button.analyse');
    await page.waitForSelector('dialog.analysis-dialog .error:not([hidden])');
    assert.match(await page.textContent('dialog.analysis-dialog .error'), /not a position/);
    await page.fill('dialog.analysis-dialog textarea', game.position);
    await page.click('dialog.analysis-dialog button.analyse');
    await page.waitForURL(/\?analysis=/);
    await page.waitForSelector('.analysis .flatview [data-square]');
    assert.match(await page.textContent('.analysis-source'), /The position you gave/);
    await page.waitForFunction(() => document.querySelectorAll('.engine-line').length === 3, null, { timeout: 60000 });
    // The 3D view draws the same board.
    await page.click('.analysis button.toggle-view');
    await page.waitForSelector('.analysis .view3d canvas');
    assert.equal(await page.isVisible('.analysis .flatview'), false);
    // Let the first frames render.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(OUT, 'analysis-3d-desktop.png') });
    await page.context().close();
  });
});
