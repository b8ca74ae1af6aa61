// Browser tests of the layouts: a 390×844 phone (flat boards fit the width, each board
// wholly in view, the panel's parts behind tabs, touch targets of 44 px) and a desktop
// (Stacked's flat boards in one row). Screenshots of every variant in both views.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { OUT, createGame, flatView, launchBrowser, openPage, startServer, view3D, waitForMyTurn } from './harness.mjs';

let server;
let browser;

before(async () => {
  // A short Oracle (the tests open it and look at the panel): its search does not run
  // on for 6 s beside the next test.
  server = await startServer({ args: ['--oracle-ms', '1500'] });
  browser = await launchBrowser();
});

/** The smallest square per variant on the phone (and the desktop), written to out/layout-squares.json. */
const squareSizes = {};

after(async () => {
  writeFileSync(join(OUT, 'layout-squares.json'), JSON.stringify(squareSizes, null, 2));
  await browser?.close();
  await server?.stop();
});

const SETUPS = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];
/**
 * The least a board square may measure on the phone, per variant (px): big enough to tap
 * (the 44 px of a touch target), Tri-D's six columns of a level and its attack boards too.
 */
const SQUARE_FLOOR = { stacked: 44, trid: 44, quadlevel: 44, fourfold: 44 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function open(setup, options) {
  const g = await createGame(server.base, setup);
  const page = await openPage(browser, server.base, options);
  await page.goto(`${server.base}/?game=${g.id}`);
  await waitForMyTurn(page);
  return page;
}

/** Rectangles of what a player must reach on the phone. */
const measure = (page) =>
  page.evaluate(() => {
    const rect = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
    };
    const visible = (e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden';
    const flat = document.querySelector('.flatview');
    return {
      width: innerWidth,
      height: innerHeight,
      scroll: document.scrollingElement.scrollHeight - innerHeight,
      flat: flat ? rect(flat) : null,
      panels: [...document.querySelectorAll('.flatview .flat-panel')].filter(visible).map((e) => ({ board: e.dataset.board, ...rect(e) })),
      squares: [...document.querySelectorAll('.flatview .sq')].filter(visible).map(rect),
      buttons: [...document.querySelectorAll('.game button:not(.sq)')]
        .filter(visible)
        .map((e) => ({ text: e.textContent.trim(), ...rect(e) })),
    };
  });

for (const setup of SETUPS) {
  const name = setup.rules ? `${setup.variant}-${setup.rules}` : setup.variant;
  describe(`layout of ${name}`, () => {
    it('on a phone: boards fit the width and are wholly in view; tabs reach every part; touch targets of 44 px', async () => {
      const page = await open(setup, PHONE);
      await view3D(page);
      await page.screenshot({ path: join(OUT, `layout-${name}-phone-3d.png`) });
      await flatView(page);
      await page.screenshot({ path: join(OUT, `layout-${name}-phone-flat.png`) });
      const m = await measure(page);
      assert.ok(m.scroll <= 0, `the page scrolls by ${m.scroll}px`);
      assert.ok(m.panels.length > 0);
      for (const p of m.panels) {
        assert.ok(p.left >= 0 && p.right <= m.width + 0.5, `${p.board} fits the width: ${p.left}..${p.right}`);
        assert.ok(p.height <= m.flat.height, `${p.board} fits in view: ${p.height} > ${m.flat.height}`);
      }
      const smallest = Math.min(...m.squares.map((s) => Math.min(s.width, s.height)));
      squareSizes[name] = Math.round(smallest * 10) / 10;
      assert.ok(smallest >= SQUARE_FLOOR[setup.variant], `squares of ${smallest} px on the phone`);
      // Quadlevel's levels and Fourfold's boards sit two abreast (2×2): two in one row.
      if (setup.variant === 'quadlevel' || setup.variant === 'fourfold') {
        const rows = new Map();
        for (const p of m.panels) rows.set(Math.round(p.top), (rows.get(Math.round(p.top)) ?? 0) + 1);
        assert.deepEqual([...rows.values()], [2, 2], `two boards a row: ${JSON.stringify([...rows])}`);
      }
      // Fourfold's four boards are all in view at once.
      if (setup.variant === 'fourfold') for (const p of m.panels) assert.ok(p.bottom <= m.flat.bottom + 0.5, `${p.board} in view`);
      for (const b of m.buttons) assert.ok(b.width >= 44 && b.height >= 44, `button "${b.text}" is ${b.width}×${b.height} px`);
      // The panel's parts are on screen without scrolling past the boards.
      for (const tab of ['moves', 'oracle', 'play']) {
        const box = await page.locator(`.panel-tab[data-tab="${tab}"]`).boundingBox();
        assert.ok(box && box.y + box.height <= m.height, `the ${tab} tab is on screen`);
      }
      await page.click('.panel-tab[data-tab="moves"]');
      assert.ok(await page.isVisible('.tab-moves'));
      assert.match(await page.textContent('.tab-moves'), /No moves yet/);
      assert.ok(!(await page.isVisible('button.takeback')));
      await page.click('.panel-tab[data-tab="oracle"]');
      assert.ok(await page.isVisible('.oracle-closed'));
      await page.getByRole('button', { name: 'Oracle' }).click();
      await page.getByRole('region', { name: 'Oracle' }).waitFor();
      await page.waitForSelector('.oracle-line', { timeout: 30000 });
      // The Oracle's piece is brought into view on the scrolling boards.
      await page.waitForFunction(
        () => {
          const from = document.querySelector('.flatview [data-oracle="from"]')?.getBoundingClientRect();
          const flat = document.querySelector('.flatview').getBoundingClientRect();
          return !!from && from.top >= flat.top - 1 && from.bottom <= flat.bottom + 1;
        },
        null,
        { timeout: 10000 },
      );
      await page.screenshot({ path: join(OUT, `layout-${name}-phone-oracle.png`) });
      await page.click('.panel-tab[data-tab="play"]');
      const takeback = await page.locator('button.takeback').boundingBox();
      assert.ok(takeback && takeback.y + takeback.height <= m.height, 'the buttons are on screen');
      await page.close();
    });

    it('on a desktop: screenshots of both views; Stacked in one row', async () => {
      const page = await open(setup, {});
      await view3D(page);
      await page.screenshot({ path: join(OUT, `layout-${name}-desktop-3d.png`) });
      await flatView(page);
      await page.screenshot({ path: join(OUT, `layout-${name}-desktop-flat.png`) });
      const m = await measure(page);
      for (const p of m.panels) assert.ok(p.right <= m.flat.right + 0.5 && p.bottom <= m.flat.bottom + 0.5, `${p.board} fits the board area`);
      squareSizes[`${name} (desktop)`] = Math.round(Math.min(...m.squares.map((s) => Math.min(s.width, s.height))) * 10) / 10;
      if (setup.variant === 'stacked') {
        const tops = new Set(m.panels.map((p) => Math.round(p.top)));
        assert.equal(m.panels.length, 3);
        assert.equal(tops.size, 1, `the three boards sit in one row: tops ${[...tops]}`);
      }
      await page.close();
    });
  });
}
