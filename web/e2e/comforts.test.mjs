// Browser tests of the play comforts (issue: Offer draw asks, Take back only when it can
// work, the visualizer fixed for the game, clocks starting with each side's first move,
// the lost-contact message cleared, a favicon).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  clickSquare,
  createGame,
  flatView,
  launchBrowser,
  openPage,
  playFlat,
  startFromOpening,
  startServer,
  view,
  waitForMyTurn,
} from './harness.mjs';

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

const newPage = (options = {}) => openPage(browser, server.base, options);

describe('Offer draw', () => {
  it('asks first; declining the question sends nothing', async () => {
    const page = await newPage();
    await startFromOpening(page, server.base, 'stacked');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/draw')) posted = true;
    });
    await page.click('button.offer-draw');
    assert.match(asked, /Offer a draw\?/);
    await page.waitForTimeout(300);
    assert.equal(posted, false, 'no draw offer went to the server');
    assert.equal((await view(page)).status, 'in-progress');
    page.once('dialog', (d) => d.accept());
    await page.click('button.offer-draw');
    await page.waitForFunction(() => /Draw (agreed|declined)/.test(document.querySelector('.message')?.textContent ?? ''));
    assert.equal(posted, true);
    await page.close();
  });
});

describe('Take back', () => {
  it('is disabled before the first move, enabled after it, and disabled after resigning', async () => {
    const page = await newPage();
    const v = await startFromOpening(page, server.base, 'fourfold');
    await flatView(page);
    assert.equal(await page.isDisabled('button.takeback'), true, 'nothing to take back at the start');
    await playFlat(page, v.legal_moves[0]);
    await waitForMyTurn(page, 2);
    // The button stays disabled until the move's own answer: the socket may bring the reply first.
    await page.waitForSelector('button.takeback:not([disabled])');
    assert.equal(await page.isDisabled('button.takeback'), false);
    page.once('dialog', (d) => d.accept());
    await page.click('button.resign');
    await page.waitForSelector('.game-over .card');
    await page.click('.game-over button:has-text("Look at the board")');
    assert.equal(await page.isDisabled('button.takeback'), true, 'a resignation cannot be taken back');
    await page.close();
  });

  it("is disabled for Black while only the computer's first move is in the game", async () => {
    const page = await newPage();
    await startFromOpening(page, server.base, 'stacked', (p) => p.check('input[name="colour"][value="black"]'));
    const v = await waitForMyTurn(page, 1);
    assert.equal(v.history.length, 1);
    assert.equal(await page.isDisabled('button.takeback'), true);
    await page.close();
  });
});

describe('the visualizer', () => {
  it('stays set for the game: no switch in the game, touch-move holds, and a reload keeps it', async () => {
    const page = await newPage();
    const v = await startFromOpening(page, server.base, 'stacked', (p) => p.uncheck('input[name="visualizer"]'));
    await flatView(page);
    assert.equal(await page.locator('.game input[type="checkbox"]').count(), 0, 'no visualizer switch in the game');
    assert.equal(await page.getAttribute('.visualizer', 'data-visualizer'), 'off');
    assert.match(await page.textContent('.visualizer'), /touch-move/);
    const from = v.legal_moves[0].from;
    await clickSquare(page, from);
    await clickSquare(page, from);
    assert.match(await page.textContent('.message'), /Touch-move/);
    assert.deepEqual(await page.evaluate(() => window.__spacechess.selection()), { kind: 'piece', square: from });
    await page.reload();
    await waitForMyTurn(page);
    assert.equal(await page.getAttribute('.visualizer', 'data-visualizer'), 'off');
    await page.close();
  });
});

describe('clocks', () => {
  it("start with each side's first move", async () => {
    const g = await createGame(server.base, { variant: 'fourfold', time_control: { minutes: 5, increment_seconds: 0 } });
    const page = await newPage();
    await page.goto(`${server.base}/?game=${g.id}&view=flat`);
    let v = await waitForMyTurn(page);
    assert.equal(v.clocks.running, null, 'no clock runs before the first move');
    assert.equal(await page.locator('.clock.running').count(), 0);
    await page.waitForTimeout(1200);
    assert.equal(await page.textContent('.clock-white .time'), '5:00', "White's clock stood still");
    await playFlat(page, v.legal_moves[0]);
    v = await waitForMyTurn(page, 2);
    assert.equal(v.clocks.black_ms, 300000, "the computer's first move was free too");
    assert.equal(v.clocks.running, 'white', "from White's second move on, White's clock runs");
    await page.waitForSelector('.clock-white.running');
    await page.close();
  });
});

describe('the page', () => {
  it('has a favicon: an SVG icon and no 404 for favicon.ico', async () => {
    const page = await newPage();
    const missing = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    const href = await page.getAttribute('link[rel="icon"]', 'href');
    const icon = await fetch(new URL(href, server.base));
    assert.equal(icon.status, 200);
    assert.match(icon.headers.get('content-type'), /image\/svg\+xml/);
    assert.match(await icon.text(), /<svg/);
    const ico = await fetch(`${server.base}/favicon.ico`);
    assert.equal(ico.status, 200);
    assert.equal(ico.headers.get('content-type'), 'image/x-icon');
    await page.waitForTimeout(300);
    assert.deepEqual(missing, []);
    await page.close();
  });
});
