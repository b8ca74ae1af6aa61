// The static site (scripts/build-static) served by a plain file server with no
// spacechess server running: the rules and the engine answer from the browser's worker,
// a search stops at once, the lessons, the rules pages and the analysis board are
// computed in the browser, a puzzle is judged and rated there, and nothing asks for /api.
// Skipped when the WebAssembly module has not been built (scripts/build-wasm needs
// Debian's Rust for the browser).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, OUT, serveSite } from './harness.mjs';

const repo = resolve(import.meta.dirname, '../..');
const built = existsSync(join(repo, 'target/wasm/spacechess.wasm'));
let site, server, browser, page;
const requests = [];

before(async () => {
  if (!built) return;
  site = mkdtempSync(join(tmpdir(), 'spacechess-static-'));
  const r = spawnSync(join(repo, 'scripts/build-static'), [site], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  server = await serveSite(site);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  page = await browser.newPage();
  page.on('request', (req) => requests.push(req.url()));
  await page.goto(`http://127.0.0.1:${server.address().port}/engine.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60000 });
});

after(async () => {
  await browser?.close();
  server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

test('the engine answers from the browser and stops at once', { skip: !built && 'target/wasm/spacechess.wasm not built' }, async () => {
  const perft = await page.evaluate(() => window.__engine.perft({ variant: 'stacked' }, 3));
  assert.equal(perft.value.nodes, 236485);
  const quick = await page.evaluate(() => window.__engine.lookahead({ variant: 'fourfold' }, { depth: 3 }));
  assert.equal(quick.value.depth, 3);
  assert.equal(quick.value.stopped, false);
  // No depth limit: only the stop ends this search (else the 15 s cap would).
  const stopped = await page.evaluate(() => window.__engine.stopAt({ variant: 'trid', rules: 'meder' }, 3));
  assert.equal(stopped.thought.stopped, true);
  assert.ok(stopped.thought.depth >= 3, JSON.stringify(stopped.thought));
  assert.ok(stopped.legal.includes(stopped.thought.best), stopped.thought.best);
  // The next search runs in a fresh worker.
  const next = await page.evaluate(() => window.__engine.lookahead({ variant: 'quadlevel' }, { depth: 2 }));
  assert.equal(next.value.depth, 2);
  assert.deepEqual(requests.filter((u) => new URL(u).pathname.startsWith('/api')), []);
});

const skip = !built && 'target/wasm/spacechess.wasm not built';
const apiCalls = () => requests.filter((u) => new URL(u).pathname.includes('/api'));

/** A page of the static site, its requests recorded with the others. */
async function sitePage(options = {}) {
  const p = await browser.newPage(options);
  p.on('request', (req) => requests.push(req.url()));
  p.on('pageerror', (e) => console.error('page error:', e));
  return p;
}

const base = () => `http://127.0.0.1:${server.address().port}/`;

test('the lessons are judged in the browser: a lesson step is solved', { skip }, async () => {
  const p = await sitePage();
  await p.goto(base());
  // The opening screen offers the lessons and the rules pages.
  await p.locator('.teach-links').waitFor();
  assert.equal(await p.locator('.teach-links').isVisible(), true);
  await p.click('a.lessons-link');
  await p.waitForSelector('.lesson-list a[data-lesson]');
  assert.ok((await p.locator('.lesson-list a[data-lesson]').count()) > 5);
  await p.click('a[data-lesson="stacked-knight"]');
  const board = p.getByRole('group', { name: 'Try it board' });
  await board.locator('[data-square="Md4"]').waitFor();
  assert.match(await p.textContent('.try-it .goal'), /Move to Tf5/);
  // A wrong move is missed; then the knight's leap to the top board is solved.
  await board.locator('[data-square="Md4"]').click();
  await board.locator('[data-square="Me6"]').click();
  await p.waitForSelector('.try-it[data-status="missed"]');
  await p.click('.try-it button.again');
  await board.locator('[data-square="Md4"]').click();
  await board.locator('[data-square="Tf5"]').click();
  await p.waitForSelector('.try-it[data-status="solved"]');
  assert.match(await p.textContent('.lesson-message'), /An L-shaped leap/);
  await p.screenshot({ path: join(OUT, 'static-lesson-solved.png'), fullPage: true });
  assert.deepEqual(apiCalls(), []);
  await p.close();
});

test('a puzzle is judged and rated in the browser: given up, the rating kept in this browser goes down', { skip }, async () => {
  const p = await sitePage();
  await p.goto(`${base()}?puzzles=fourfold`);
  await p.waitForSelector('.puzzles-page[data-phase="solving"] .puzzle-card[data-puzzle]');
  const id = await p.getAttribute('.puzzle-card', 'data-puzzle');
  await p.click('button.show-solution');
  await p.waitForSelector('.puzzle-result[data-solved="false"][data-rated="true"]');
  const rating = async (cls) => Number((await p.textContent(`.puzzle-result .${cls}`)).replace('?', ''));
  assert.equal(await rating('rating-before'), 1500);
  assert.ok((await rating('rating-after')) < 1500);
  // The solution's first move, stepped to.
  await p.click('button.solution-next');
  await p.waitForSelector('.solution[data-step="1"]');
  const kept = await p.evaluate(() => JSON.parse(window.localStorage.getItem('spacechess.puzzles.v1')));
  assert.equal(kept.version, 1);
  assert.deepEqual(kept.attempted, [id]);
  assert.ok(kept.sets.fourfold.rating < 1500 && kept.sets.fourfold.deviation < 350, JSON.stringify(kept.sets));
  assert.equal(await p.locator('.set-ratings tr[data-set="fourfold"]').count(), 1);
  await p.screenshot({ path: join(OUT, 'static-puzzle-given-up.png') });
  assert.deepEqual(apiCalls(), []);
  await p.close();
});

test('a rules page is built in the browser, with its diagrams', { skip }, async () => {
  const p = await sitePage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await p.goto(`${base()}?rules=trid`);
  await p.waitForSelector('.rules-page[data-variant="trid"]');
  assert.match(await p.textContent('.rules-page h1'), /Rules of Tri-D/);
  assert.ok((await p.locator('.rules-section').count()) > 5);
  assert.ok((await p.locator('figure.diagram').count()) > 3);
  assert.match(await p.locator('figure.diagram figcaption').first().textContent(), /Dots: \d+ moves?|can go to/);
  assert.ok((await p.locator('.choices [data-choice]').count()) >= 3, 'the rule sets and options explained');
  await p.screenshot({ path: join(OUT, 'static-rules-trid-phone.png') });
  assert.deepEqual(apiCalls(), []);
  await p.close();
});

test('the analysis board runs in the browser: engine lines, a side line, the Oracle', { skip }, async () => {
  const p = await sitePage();
  await p.goto(base());
  await p.click('button.open-analysis');
  const dialog = p.locator('dialog.analysis-dialog');
  await dialog.waitFor();
  await dialog.locator('select[name="variant"]').selectOption('stacked');
  await dialog.locator('button.analyse').click();
  await p.waitForURL(/\?analysis=b-/);
  await p.waitForSelector('.analysis .flatview [data-square]');
  assert.match(await p.textContent('.analysis-source'), /The position you gave/);
  // Three different best lines, deeper and deeper, each with a score and its notation.
  await p.waitForFunction(() => document.querySelectorAll('.engine-line').length === 3 && Number(document.querySelector('.analysis-status')?.getAttribute('data-depth')) >= 2, null, { timeout: 60000 });
  const firsts = await p.$$eval('.engine-line', (ls) => ls.map((l) => l.getAttribute('data-first')));
  assert.equal(new Set(firsts).size, 3, String(firsts));
  assert.match(await p.locator('.engine-line .line-score').first().textContent(), /^([+-]?\d+\.\d|White mates in \d+|Black mates in \d+)$/);
  assert.equal(await p.locator('.analysis-seconds').count(), 0, 'no server seconds to count');
  await p.screenshot({ path: join(OUT, 'static-analysis-lines.png') });
  // A tap on a line's first move plays it on the side line; the engine goes on for Black.
  await p.click(`.engine-line[data-first="${firsts[0]}"] .line-first`);
  await p.waitForSelector(`.side-line li[data-token="${firsts[0]}"]`);
  await p.waitForFunction(() => document.querySelectorAll('.engine-line').length === 3 && /best for Black/.test(document.querySelector('.analysis-status')?.textContent ?? ''), null, { timeout: 60000 });
  // A reload finds the board again (kept in this tab).
  await p.reload();
  await p.waitForSelector(`.side-line li[data-token="${firsts[0]}"]`);
  // The Oracle weighs every move of the position.
  await p.click('.analysis-oracle .oracle-button');
  await p.waitForSelector('.oracle-lines .oracle-line', { timeout: 60000 });
  assert.ok((await p.locator('.oracle-lines .oracle-line').count()) > 10);
  await p.click('button.analysis-back');
  await p.waitForFunction(() => document.querySelectorAll('.side-line li[data-token]').length === 0);
  await p.screenshot({ path: join(OUT, 'static-analysis-oracle.png') });
  assert.deepEqual(apiCalls(), []);
  await p.close();
});
