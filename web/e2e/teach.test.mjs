// Browser tests of inspect mode, the lessons and the rules pages (seed 004, ui.md), with
// screenshots: every mark, lesson verdict and diagram comes from the server.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chooseVariant, clickSquare, createGame, launchBrowser, openPage, OUT, PLAYER, startServer, view, view3D, waitForHistory, waitForMyTurn } from './harness.mjs';

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

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const getJson = async (path) => {
  const r = await fetch(server.base + path, { headers: { authorization: `Bearer ${PLAYER}` } });
  assert.equal(r.status, 200, path);
  return r.json();
};

/** The marks the server's inspection implies, square to mark. */
function expectedMarks(inspection) {
  const out = {};
  for (const m of inspection.moves.filter((m) => m.mover === 'piece')) {
    const capture = m.capture || (out[m.to] ?? '').endsWith('capture');
    out[m.to] = inspection.playable ? (capture ? 'capture' : 'move') : capture ? 'preview-capture' : 'preview';
  }
  return out;
}

async function openFlat(id) {
  const page = await openPage(browser, server.base);
  await page.goto(`${server.base}/?game=${id}&view=flat`);
  await page.waitForSelector('.flatview [data-square]');
  await waitForMyTurn(page);
  return page;
}

const inspectButton = (page) => page.getByRole('button', { name: 'Inspect' });

/** Taps a square in inspect mode and waits for the server's marks of it. */
async function inspectFlat(page, gameId, square) {
  await clickSquare(page, square);
  const inspection = await getJson(`/api/games/${gameId}/inspect?from=${encodeURIComponent(square)}`);
  const expected = expectedMarks(inspection);
  await page.waitForFunction(
    (want) => {
      const got = Object.fromEntries(
        [...document.querySelectorAll('.flatview [data-mark]')].map((b) => [b.dataset.square, b.dataset.mark]),
      );
      return JSON.stringify(Object.entries(got).sort()) === JSON.stringify(Object.entries(want).sort());
    },
    expected,
    { timeout: 10000 },
  );
  return { inspection, expected };
}

describe('inspect mode', () => {
  it('shows either side’s moves, green to play and blue to preview, and confirms a capture separately', async () => {
    // White's rook on b2@00 and Black's knight on b2@01; the knight could take the bishop on d1@01.
    const g = await createGame(server.base, {
      variant: 'fourfold',
      position: '1p2/4/1R2/K3|4/4/4/4|4/4/1n2/3B|3k/4/4/4 w 0 1',
    });
    const page = await openFlat(g.id);
    await inspectButton(page).click();
    assert.equal(await inspectButton(page).getAttribute('aria-pressed'), 'true');
    const region = page.getByRole('region', { name: 'Inspect' });
    await region.waitFor();

    const rook = await inspectFlat(page, g.id, 'b2@00');
    assert.equal(rook.inspection.playable, true);
    assert.equal(rook.expected['b2@01'], 'capture');
    assert.ok(Object.values(rook.expected).includes('move'));
    const label = await page.getAttribute('.flatview [data-square="b2@01"]', 'aria-label');
    assert.match(label, /black knight, can capture here now/);
    assert.match(await region.textContent(), /you can play now/);

    // Tapping the capturable knight inspects it (previews) and offers the capture apart.
    const knight = await inspectFlat(page, g.id, 'b2@01');
    assert.equal(knight.inspection.playable, false);
    assert.equal(knight.expected['d1@01'], 'preview-capture');
    assert.ok(Object.values(knight.expected).includes('preview'));
    assert.match(await page.getAttribute('.flatview [data-square="d1@01"]', 'aria-label'), /preview capture/);
    const dialog = page.getByRole('dialog', { name: 'Capture confirmation' });
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Capture the black knight on b2@01 with your white rook from b2@00\?/);
    assert.match(await region.textContent(), /as if Black were to move/);
    await page.screenshot({ path: join(OUT, 'inspect-fourfold-flat.png') });
    const phone = await openPage(browser, server.base, PHONE);
    await phone.goto(`${server.base}/?game=${g.id}&view=flat`);
    await phone.waitForSelector('.flatview [data-square]');
    await inspectButton(phone).click();
    await inspectFlat(phone, g.id, 'b2@01');
    await phone.screenshot({ path: join(OUT, 'inspect-fourfold-phone.png') });
    await phone.context().close();

    // Cancel plays nothing; confirming plays the capture and ends inspecting.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await view(page)).ply, 0);
    await inspectFlat(page, g.id, 'b2@00');
    await clickSquare(page, 'b2@01');
    await dialog.getByRole('button', { name: 'Capture' }).click();
    // The computer may already have answered: look at the first move of the history.
    const after = await waitForHistory(page, 1);
    assert.equal(after.history[0].to, 'b2@01');
    assert.equal(after.history[0].capture, true);
    assert.equal(await inspectButton(page).getAttribute('aria-pressed'), 'false');
    await page.context().close();
  });

  it('marks previews of the opponent’s pieces in every variant at the start', async () => {
    for (const variant of ['stacked', 'trid', 'quadlevel', 'fourfold']) {
      const g = await createGame(server.base, { variant });
      const page = await openFlat(g.id);
      await inspectButton(page).click();
      const black = g.cells.filter((c) => c.piece && c.piece === c.piece.toLowerCase());
      let shown = 0;
      for (const c of black) {
        const inspection = await getJson(`/api/games/${g.id}/inspect?from=${encodeURIComponent(c.name)}`);
        if (!inspection.moves.some((m) => m.mover === 'piece')) continue;
        const { expected } = await inspectFlat(page, g.id, c.name);
        assert.ok(Object.values(expected).every((m) => m.startsWith('preview')), `${variant} ${c.name}`);
        shown++;
        if (shown === 2) break;
      }
      assert.equal(shown, 2, variant);
      if (variant === 'trid') await page.screenshot({ path: join(OUT, 'inspect-trid-flat.png') });
      // Nothing was played.
      assert.equal((await view(page)).ply, 0, variant);
      await page.context().close();
    }
  });

  it('draws the same marks in the 3D view', async () => {
    const g = await createGame(server.base, { variant: 'stacked' });
    const page = await openPage(browser, server.base);
    await page.goto(`${server.base}/?game=${g.id}`);
    // The game screen first: view3D reads which view is shown, and toggles if none is yet.
    await waitForMyTurn(page);
    await view3D(page);
    await inspectButton(page).click();
    for (const square of ['Tg8', 'Bg1']) {
      const p = await page.evaluate((s) => window.__spacechess.findTapPoint(s), square);
      assert.ok(p, `a tap point for ${square}`);
      await page.mouse.click(p.x, p.y);
      const expected = expectedMarks(await getJson(`/api/games/${g.id}/inspect?from=${square}`));
      await page.waitForFunction(
        (want) => JSON.stringify(Object.entries(window.__spacechess.inspectDrawn() ?? {}).sort()) === JSON.stringify(Object.entries(want).sort()),
        expected,
        { timeout: 10000 },
      );
      if (square === 'Tg8') await page.screenshot({ path: join(OUT, 'inspect-stacked-3d.png') });
    }
    await page.context().close();
  });
});

describe('opening screen', () => {
  it('says each variant, rule set and option in one line and links to lessons and rules', async () => {
    const catalogue = await getJson('/api/variants');
    const page = await openPage(browser, server.base);
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    for (const v of catalogue.variants) {
      const text = await page.locator(`label:has(input[name="variant"][value="${v.id}"])`).textContent();
      assert.ok(text.includes(v.description), v.id);
    }
    await chooseVariant(page, 'trid');
    await page.selectOption('select[name="rules"]', 'meder');
    const trid = catalogue.variants.find((v) => v.id === 'trid');
    const visible = await page.locator('[data-rules-line]:visible').allTextContents();
    assert.deepEqual(visible, [trid.rules.find((r) => r.id === 'meder').description]);
    await page.selectOption('select[name="rules"]', 'federation');
    assert.ok((await page.locator('label.option:visible').textContent()).includes(trid.options[0].description));
    await page.screenshot({ path: join(OUT, 'opening-one-liners.png'), fullPage: true });
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await page.waitForURL(/\?rules=trid/);
    await page.waitForSelector('.rules-page[data-variant="trid"]');
    await page.context().close();
  });
});

describe('rules pages', () => {
  for (const variant of ['stacked', 'trid', 'quadlevel', 'fourfold']) {
    it(`${variant}: every section with the server's diagrams and marks`, async () => {
      const data = await getJson(`/api/rules/${variant}`);
      const page = await openPage(browser, server.base);
      await page.goto(`${server.base}/?rules=${variant}`);
      await page.waitForSelector(`.rules-page[data-variant="${variant}"]`);
      assert.equal(await page.locator('.rules-section').count(), data.sections.length);
      const diagrams = data.sections.filter((s) => s.diagram).map((s) => s.diagram);
      assert.equal(await page.locator('figure.diagram').count(), diagrams.length);
      // The first diagram on a square: its piece lifted, its moves dotted and captures ringed.
      const d = diagrams.find((x) => x.screen.cells.some((c) => c.name === x.from));
      const fig = page.locator(`figure.diagram[data-from="${d.from}"]`).first();
      assert.equal(await fig.locator(`[data-square="${d.from}"].lifted`).count(), 1);
      assert.equal(await fig.locator('.sq.target').count(), d.moves.length);
      assert.equal(await fig.locator('.sq.target-capture').count(), d.captures.length);
      for (const c of data.choices) assert.equal(await page.locator(`[data-choice="${c.id}"]`).count(), 1, c.id);
      await page.screenshot({ path: join(OUT, `rules-${variant}.png`) });
      await fig.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(OUT, `rules-${variant}-diagram.png`) });
      if (variant === 'trid') {
        const phone = await openPage(browser, server.base, PHONE);
        await phone.goto(`${server.base}/?rules=${variant}`);
        await phone.waitForSelector('.rules-page');
        await phone.screenshot({ path: join(OUT, `rules-${variant}-phone.png`) });
        await phone.context().close();
      }
      await page.context().close();
    });
  }
});

/** Plays a lesson move by taps on the Try it board (from its token in the screen). */
async function tapLessonMove(page, screen, token) {
  const m = screen.legal_moves.find((x) => x.token === token);
  assert.ok(m, token);
  const board = page.getByRole('group', { name: 'Try it board' });
  if (m.mover === 'board') {
    await page.click('.try-it button.board-move');
    await page.click(`.try-it button.pick-board[data-board="${m.from}"]`);
    await page.click(`.try-it button.board-dest[data-to="${m.to}"]`);
  } else {
    await board.locator(`[data-square="${m.from}"]`).click();
    await board.locator(`[data-square="${m.to}"]`).click();
  }
  if (await page.locator(`.try-it .chooser button[data-token="${token}"]`).count()) {
    await page.click(`.try-it .chooser button[data-token="${token}"]`);
  }
}

describe('lessons', () => {
  it('lists lessons by variant, rule set and kind; a wrong move is missed, the solution solved', async () => {
    const { lessons } = await getJson('/api/lessons');
    const page = await openPage(browser, server.base);
    await page.goto(server.base + '/');
    await page.waitForSelector('form.setup');
    await page.getByRole('link', { name: 'Lessons', exact: true }).click();
    await page.waitForSelector('.lesson-list');
    const stacked = lessons.filter((l) => l.variant === 'stacked');
    assert.equal(await page.locator('.lesson-list a[data-lesson]').count(), stacked.length);
    for (const kind of ['piece', 'rule', 'mate']) assert.ok(await page.locator(`.lesson-group[data-kind="${kind}"]`).count(), kind);
    await page.getByRole('link', { name: 'Tri-D', exact: true }).click();
    await page.waitForSelector('.lesson-set[data-rules="meder"]');
    assert.equal(await page.locator('.lesson-list a[data-lesson]').count(), lessons.filter((l) => l.variant === 'trid').length);
    await page.screenshot({ path: join(OUT, 'lessons-trid-list.png'), fullPage: true });

    await page.goto(`${server.base}/?lesson=stacked-knight`);
    const lesson = await getJson('/api/lessons/stacked-knight');
    await page.waitForSelector('.try-it');
    assert.match(await page.locator('.lesson-text').textContent(), new RegExp(lesson.text.slice(0, 30)));
    // A legal move that misses the goal.
    const wrong = lesson.screen.legal_moves.find((m) => m.from === lesson.screen.legal_moves.find((x) => x.token === lesson.solution[0]).from && m.to !== lesson.goal.square);
    await tapLessonMove(page, lesson.screen, wrong.token);
    await page.waitForSelector('.try-it[data-status="missed"]');
    await page.click('.try-it button.hint');
    assert.match(await page.locator('.lesson-hint').textContent(), new RegExp(lesson.hint.slice(0, 20)));
    await page.click('.try-it button.again');
    await tapLessonMove(page, lesson.screen, lesson.solution[0]);
    await page.waitForSelector('.try-it[data-status="solved"]');
    assert.match(await page.locator('.lesson-message').textContent(), new RegExp(lesson.success.slice(0, 20)));
    await page.screenshot({ path: join(OUT, 'lesson-stacked-knight.png') });
    await page.context().close();
  });

  it('a mate in two goes on after the reply; a Tri-D attack-board lesson is played with the board buttons', async () => {
    const { lessons } = await getJson('/api/lessons');
    const two = lessons.find((l) => l.kind === 'mate' && l.goal.moves === 2);
    const board = lessons.find((l) => l.mover === 'board');
    assert.ok(two && board);
    for (const [l, name] of [[two, 'lesson-mate-in-two'], [board, 'lesson-attack-board']]) {
      const page = await openPage(browser, server.base, name === 'lesson-mate-in-two' ? PHONE : {});
      await page.goto(`${server.base}/?lesson=${l.id}`);
      await page.waitForSelector('.try-it');
      let screen = (await getJson(`/api/lessons/${l.id}`)).screen;
      for (let i = 0; i < l.solution.length; i += 2) {
        await tapLessonMove(page, screen, l.solution[i]);
        if (i + 2 < l.solution.length) {
          await page.waitForFunction(() => /finish it/.test(document.querySelector('.lesson-message')?.textContent ?? ''));
          const check = await fetch(`${server.base}/api/lessons/${l.id}/check`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ moves: l.solution.slice(0, i + 1) }),
          }).then((r) => r.json());
          assert.equal(check.status, 'continue');
          screen = check.screen;
          // The scripted reply is the server's; the solution continues from it.
          assert.equal(check.reply, l.solution[i + 1]);
        }
      }
      await page.waitForSelector('.try-it[data-status="solved"]');
      await page.screenshot({ path: join(OUT, `${name}.png`) });
      await page.context().close();
    }
  });

  it('the game links to its variant’s rules and lessons', async () => {
    const g = await createGame(server.base, { variant: 'quadlevel' });
    const page = await openFlat(g.id);
    assert.equal(await page.getByRole('link', { name: /Rules of/ }).getAttribute('href'), '?rules=quadlevel');
    assert.equal(await page.getByRole('link', { name: 'Lessons', exact: true }).getAttribute('href'), '?lessons=quadlevel');
    await page.context().close();
  });
});
