// Browser tests of what a player reads and types: the move box with short notation
// (`NMf3`, `Nc3`) and its reasons on a miss, the record's rows (one per full move, no
// move broken across lines, evaluations in line), and icons drawn as SVG, not emoji.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chooseVariant, createGame, launchBrowser, openPage, OUT, PLAYER, startServer, view, waitForPly } from './harness.mjs';

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

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const post = async (path, body) => {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PLAYER}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
};

/** A local game of `variant` with `moves` (tokens) played, open in the flat view. */
async function openLocal(variant, moves = [], options = {}) {
  const g = await createGame(server.base, { variant, mode: 'local' });
  for (const move of moves) await post(`/api/games/${g.id}/moves`, { move });
  const page = await openPage(browser, server.base, options);
  await page.goto(`${server.base}/?game=${g.id}&view=flat`);
  await page.waitForFunction((p) => window.__spacechess?.view()?.ply === p && !!document.querySelector('.flatview [data-square]'), moves.length);
  return { page, id: g.id };
}

/** Plays `n` half-moves through the API (captures first: long notation), answering the last view. */
async function playSome(id, n) {
  let g = null;
  for (let i = 0; i < n; i++) {
    g ??= await (await fetch(`${server.base}/api/games/${id}`, { headers: { authorization: `Bearer ${PLAYER}` } })).json();
    const m = g.legal_moves.find((x) => x.capture && x.piece && !/p/i.test(x.piece)) ?? g.legal_moves[(i * 5) % g.legal_moves.length];
    g = await post(`/api/games/${id}/moves`, { move: m.token });
  }
  return g;
}

const message = (page) => page.textContent('.message');

async function typeMove(page, text) {
  await page.fill('.move-input', text);
  await page.press('.move-input', 'Enter');
}

describe('the move box reads what players type', () => {
  it('Stacked: NMf3 plays, Nf3 names both knight moves, a miss says why; the placeholder plays', async () => {
    const { page } = await openLocal('stacked');
    const placeholder = await page.getAttribute('.move-input', 'placeholder');
    assert.match(placeholder, /^e\.g\. [KQRBN]\S+$/);
    await typeMove(page, 'Nf3');
    await page.waitForFunction(() => /fits 2 moves: NMf3, NTf3/.test(document.querySelector('.message')?.textContent ?? ''));
    assert.equal((await view(page)).ply, 0);
    await page.screenshot({ path: join(OUT, 'notation-ambiguous-desktop.png') });
    await typeMove(page, 'NMf3');
    let v = await waitForPly(page, 1);
    assert.equal(v.history[0].token, 'Bg1Mf3');
    // Black: a queen that cannot go there; the reason names the square's moves or says none goes there.
    await typeMove(page, 'Qh5');
    await page.waitForFunction(() => /No legal move fits “Qh5”/.test(document.querySelector('.message')?.textContent ?? ''));
    assert.match(await message(page), /no piece of yours can go there|Moves to/);
    // The example in the placeholder is a move of this position: typed, it plays.
    const example = (await page.getAttribute('.move-input', 'placeholder')).replace(/^e\.g\. /, '');
    await typeMove(page, example);
    v = await waitForPly(page, 2);
    assert.ok(v.history[1].notation.length > 0);
    await page.close();
  });

  it('Fourfold: Nc3 plays (one knight move goes to a c3); Tri-D: Nc3(4) plays, Nc3 lists both levels', async () => {
    const four = await openLocal('fourfold');
    await typeMove(four.page, 'Nc3');
    const v = await waitForPly(four.page, 1);
    assert.equal(v.history[0].token, 'b1@00c3@00');
    await four.page.close();
    const trid = await openLocal('trid');
    await typeMove(trid.page, 'Nc3');
    await trid.page.waitForFunction(() => /fits 2 moves: Nc3\(2\), Nc3\(4\)/.test(document.querySelector('.message')?.textContent ?? ''));
    await trid.page.fill('.move-input', 'Nc3(4)');
    // The move the text names is listed first and highlighted: what Enter plays.
    await trid.page.waitForSelector('.move-completions li.active[data-token="b1(2)c3(4)"]');
    await trid.page.screenshot({ path: join(OUT, 'notation-trid-completions.png') });
    await trid.page.press('.move-input', 'Enter');
    const t = await waitForPly(trid.page, 1);
    assert.equal(t.history[0].token, 'b1(2)c3(4)');
    await trid.page.close();
  });
});

// In this browser the same short forms come from the WebAssembly module.
const wasmBuilt = existsSync(resolve(import.meta.dirname, '../dist/spacechess.wasm'));

describe('the move box in a game played in this browser', () => {
  it('plays NMf3 from the short forms the module sends', { skip: !wasmBuilt && 'web/dist/spacechess.wasm missing (scripts/build-wasm, then npm run build)' }, async () => {
    const page = await openPage(browser, server.base);
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    await chooseVariant(page, 'stacked');
    await page.check('input[name="host"][value="browser"]');
    await page.check('input[name="mode"][value="local"]');
    await page.click('button.start');
    await page.waitForURL(/host=browser/);
    await page.waitForFunction(() => (window.__spacechess?.view()?.legal_moves ?? []).length > 0);
    const v = await view(page);
    assert.equal(v.legal_moves.find((m) => m.token === 'Bg1Mf3').short_forms[0], 'NMf3');
    await typeMove(page, 'Nf3');
    await page.waitForFunction(() => /fits 2 moves: NMf3, NTf3/.test(document.querySelector('.message')?.textContent ?? ''));
    await typeMove(page, 'NMf3');
    const after = await waitForPly(page, 1);
    assert.equal(after.history[0].token, 'Bg1Mf3');
    await page.close();
  });
});

/** The record's geometry: rows, lines per move, overflow, evaluation slots. */
const recordShape = (page) =>
  page.$eval('.record', (ol) => {
    const lines = (el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      // One line box per line of text: a move broken inside has two.
      return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
    };
    const moves = [...ol.querySelectorAll('.mv')];
    const slots = [...ol.querySelectorAll('.mv-cell:not(.empty)')].map((c) => {
      const mv = c.querySelector('.mv').getBoundingClientRect();
      const slot = c.querySelector('.eval-slot').getBoundingClientRect();
      return { side: c.classList.contains('white') ? 'white' : 'black', slotRight: Math.round(slot.right), overlap: mv.right > slot.left + 0.5 };
    });
    return {
      rows: ol.querySelectorAll('li').length,
      broken: moves.filter((m) => lines(m) > 1).map((m) => m.textContent),
      clipped: moves.filter((m) => m.scrollWidth > m.clientWidth + 1).map((m) => m.textContent),
      overlapping: slots.filter((s) => s.overlap).length,
      slotEdges: { white: [...new Set(slots.filter((s) => s.side === 'white').map((s) => s.slotRight))], black: [...new Set(slots.filter((s) => s.side === 'black').map((s) => s.slotRight))] },
      sideways: ol.scrollWidth > ol.clientWidth + 1,
      longest: moves.map((m) => m.textContent).sort((a, b) => b.length - a.length)[0],
    };
  });

describe('the move record', () => {
  for (const [name, options] of [
    ['desktop', {}],
    ['phone', PHONE],
  ]) {
    it(`Fourfold on the ${name}: one row per full move, no move broken, evaluations in one column`, async () => {
      const { page, id } = await openLocal('fourfold', [], options);
      const v = await playSome(id, 21);
      await page.waitForFunction((p) => window.__spacechess.view()?.ply === p, v.ply);
      if (name === 'phone') await page.click('.panel-tab[data-tab="moves"]');
      await page.waitForSelector('.record .mv[data-ply="21"]');
      await page.screenshot({ path: join(OUT, `notation-record-${name}.png`), fullPage: name === 'phone' });
      const shape = await recordShape(page);
      assert.equal(shape.rows, 11, JSON.stringify(shape));
      assert.deepEqual(shape.broken, [], JSON.stringify(shape));
      assert.deepEqual(shape.clipped, [], JSON.stringify(shape));
      assert.equal(shape.overlapping, 0, JSON.stringify(shape));
      assert.ok(shape.slotEdges.white.length <= 1 && shape.slotEdges.black.length <= 1, JSON.stringify(shape));
      assert.equal(shape.sideways, false);
      assert.ok(shape.longest.length >= 11, `a long move is shown: ${shape.longest}`);
      // Scrolled to the top, the first row is whole below the heading; at the bottom, the last.
      const edges = await page.$eval('.record', (ol) => {
        ol.scrollTop = 0;
        const first = ol.querySelector('li').getBoundingClientRect();
        const box = ol.getBoundingClientRect();
        const head = document.querySelector('.record-head').getBoundingClientRect();
        return { firstTop: first.top, boxTop: box.top, headBottom: head.bottom };
      });
      assert.ok(edges.firstTop >= edges.boxTop - 0.5 && edges.firstTop >= edges.headBottom - 0.5, JSON.stringify(edges));
      await page.close();
    });
  }
});

describe('icons', () => {
  it('are SVG: no emoji in the game screen, the Oracle and Inspect buttons draw theirs', async () => {
    for (const [name, options] of [
      ['desktop', {}],
      ['phone', PHONE],
    ]) {
      const g = await createGame(server.base, { variant: 'stacked', level: 1 });
      const page = await openPage(browser, server.base, options);
      await page.goto(`${server.base}/?game=${g.id}&view=flat`);
      await page.waitForSelector('.flatview [data-square]');
      // On the phone the Oracle has a tab of its own: there the button is in the page, not in view.
      const state = name === 'phone' ? 'attached' : 'visible';
      await page.waitForSelector('.oracle-button svg.icon', { state });
      await page.waitForSelector('.inspect-button svg.icon', { state });
      if (name === 'desktop') {
        const size = await page.$eval('.oracle-button svg.icon', (s) => s.getBoundingClientRect().width);
        assert.ok(size >= 10, `the icon has a size: ${size}`);
      }
      const emoji = await page.evaluate(() => {
        const text = document.body.innerText;
        const css = [...document.querySelectorAll('*')].map((e) => getComputedStyle(e, '::before').content + getComputedStyle(e, '::after').content).join('');
        return [...(text + css)].filter((c) => /\p{Extended_Pictographic}/u.test(c) && !/[♔-♟]/.test(c));
      });
      assert.deepEqual(emoji, []);
      await page.screenshot({ path: join(OUT, `notation-icons-${name}.png`) });
      await page.close();
    }
  });
});
