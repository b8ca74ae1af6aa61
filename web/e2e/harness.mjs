// Shared helpers for the browser tests: start the real server on a free port with a fresh
// data directory, launch Debian's Chromium headless with software WebGL, and small
// page helpers built on the app's test hook (window.__spacechess, injected: probes.mjs).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { withProbes } from './probes.mjs';

export { withProbes };

const here = dirname(fileURLToPath(import.meta.url));
export const OUT = join(here, 'out');
mkdirSync(OUT, { recursive: true });

export const BIN = process.env.SPACECHESS_BIN ?? resolve(here, '../../target/release/spacechess');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Starts `spacechess serve --port 0` and resolves with its base URL once it prints it.
 * With E2E_BASE set (e.g. a `npm run dev` server in front of a running spacechess), the
 * tests use that instead: quick turns on styles without rebuilding the binary.
 */
export async function startServer({ port = 0, data = mkdtempSync(join(tmpdir(), 'spacechess-e2e-')), args = [] } = {}) {
  if (process.env.E2E_BASE) return { base: process.env.E2E_BASE, data, kill: async () => {}, stop: async () => {} };
  // Every page of a test file comes from 127.0.0.1, where the server would see one client:
  // its per-address connection cap (64) refused page assets with 429 in a CI run. A test
  // of that limit passes its own.
  const cap = args.includes('--connections-per-client') ? [] : ['--connections-per-client', '1000'];
  const child = spawn(BIN, ['serve', '--port', String(port), '--data', data, ...cap, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  let started = false;
  const base = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not print its address:\n${log}`)), 30000);
    const onData = (chunk) => {
      // Once started, the server prints only what went wrong: pass it on, so that a
      // failing test's output says what the server saw.
      if (started) return process.stderr.write(`server: ${chunk}`);
      log += chunk.toString();
      const m = /http:\/\/[^\s/]+/.exec(log);
      if (m) {
        started = true;
        clearTimeout(timer);
        ok(m[0]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`server exited with ${code}:\n${log}`)));
  });
  return {
    base,
    data,
    /** Stops the process but keeps its data directory (for a restart). */
    async kill() {
      child.kill('SIGINT');
      await new Promise((r) => {
        if (child.exitCode !== null) return r();
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 3000);
        child.on('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    },
    async stop() {
      child.kill('SIGINT');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 3000);
        child.on('exit', () => {
          clearTimeout(t);
          r();
        });
      });
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Chromium with the probes (window.__spacechess) in every page it opens (probes.mjs). */
export async function launchBrowser() {
  return withProbes(await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }));
}

/** A fresh anonymous player id (docs/api.md, "Players and seats"). */
export const newPlayer = () => randomBytes(16).toString('hex');

/**
 * The player of the test's own requests and, unless a test names another, of every page
 * it opens (its cookie), so that a game created by the test is the page's to play.
 */
export const PLAYER = newPlayer();

/** POST /api/games from the test itself (for positions the opening screen does not offer). */
export async function createGame(base, body, player = PLAYER) {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player}` },
    body: JSON.stringify({ mode: 'computer', human: 'white', level: 1, options: [], time_control: null, ...body }),
  });
  const json = await res.json();
  if (res.status !== 201) throw new Error(`create game: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export const view = (page) => page.evaluate(() => window.__spacechess?.view() ?? null);

/** Waits until the app has the game and it is the player's turn (legal moves present). */
export async function waitForMyTurn(page, minPly = 0, timeout = 60000) {
  await explained(page, `the player's turn at ply ${minPly} or later`, () =>
    page.waitForFunction(
      (p) => {
        const v = window.__spacechess?.view();
        return !!v && v.ply >= p && v.legal_moves.length > 0 && !v.computer_thinking;
      },
      minPly,
      { timeout },
    ),
  );
  return view(page);
}

export async function waitForPly(page, ply, timeout = 60000) {
  // The view that matched, not a second read: the computer may move between the two.
  const matched = await explained(page, `ply ${ply}`, () =>
    page.waitForFunction(
      (p) => {
        const v = window.__spacechess?.view();
        return v?.ply === p ? JSON.stringify(v) : null;
      },
      ply,
      { timeout },
    ),
  );
  return JSON.parse(await matched.jsonValue());
}

/** Waits until at least `n` moves were played (the game may be over afterwards). */
export async function waitForHistory(page, n, timeout = 60000) {
  await explained(page, `${n} moves played`, () =>
    page.waitForFunction((k) => (window.__spacechess?.view()?.history.length ?? 0) >= k, n, { timeout }),
  );
  return view(page);
}

export async function waitFor3D(page) {
  await explained(page, 'the 3D view', () =>
    page.waitForFunction(() => window.__spacechess?.ready() && !!document.querySelector('canvas.board3d'), null, {
      timeout: 30000,
    }),
  );
  // Let the first frames render.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Pixel statistics of the 3D canvas: the number of distinct colours and the variance. */
export async function canvasStats(page) {
  return page.evaluate(() => {
    const src = document.querySelector('canvas.board3d');
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 150;
    const ctx = c.getContext('2d');
    ctx.drawImage(src, 0, 0, c.width, c.height);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let sum = 0;
    let sum2 = 0;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4) {
      const l = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      sum += l;
      sum2 += l * l;
      colours.add((d[i] >> 3) * 1024 + (d[i + 1] >> 3) * 32 + (d[i + 2] >> 3));
    }
    const n = d.length / 4;
    const mean = sum / n;
    return { variance: sum2 / n - mean * mean, colours: colours.size };
  });
}

export async function clickSquare(page, square) {
  await page.click(`.flatview [data-square="${square}"]`);
}

/** Taps a square in the 3D view at a point the app says picks it. */
export async function tap3D(page, square) {
  const p = await page.evaluate((s) => window.__spacechess.findTapPoint(s), square);
  if (!p) return false;
  await page.mouse.click(p.x, p.y);
  return true;
}

/** Plays one of the player's moves by taps in the 3D view; returns its token. */
export async function playMoveIn3D(page) {
  const v = await view(page);
  const froms = [...new Set(v.legal_moves.filter((m) => m.mover === 'piece' && !m.promotion).map((m) => m.from))];
  for (const from of froms) {
    if (!(await tap3D(page, from))) continue;
    const sel = await page.evaluate(() => window.__spacechess.selection());
    if (sel.kind !== 'piece' || sel.square !== from) continue;
    const targets = [...new Set(v.legal_moves.filter((m) => m.from === from && !m.promotion).map((m) => m.to))];
    for (const to of targets) {
      if (await tap3D(page, to)) {
        const token = v.legal_moves.find((m) => m.from === from && m.to === to).token;
        return token;
      }
    }
    await tap3D(page, from); // put it back and try another piece
  }
  return null;
}

/**
 * A new page in a fresh context (1280×800 unless told), with page errors logged, as the
 * player `player` (default: the test's own; `null`: none, the server issues one).
 */
export async function openPage(browser, base, options = {}, player = PLAYER) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  if (player) await context.addCookies([{ name: 'spacechess_player', value: player, url: base }]);
  const page = await context.newPage();
  watchPage(page);
  // The context is the page's alone: closing the page closes it, and its pooled
  // connections with it (they count against the server's cap per address).
  page.on('close', () => void context.close().catch(() => {}));
  return page;
}

/**
 * Logs what a failing test needs to explain a page that never got there: its errors (thrown
 * and written to the console), the requests that failed, and refused or failed answers
 * (the API's 4xx are the tests' own business and not logged).
 */
export function watchPage(page) {
  const log = { started: Date.now(), pending: new Map(), sockets: [] };
  pageLogs.set(page, log);
  page.on('request', (r) => log.pending.set(r, Date.now()));
  page.on('requestfinished', (r) => log.pending.delete(r));
  page.on('requestfailed', (r) => log.pending.delete(r));
  page.on('websocket', (ws) => {
    const s = { url: ws.url(), opened: Date.now(), frames: 0, closed: null };
    log.sockets.push(s);
    ws.on('framereceived', () => s.frames++);
    ws.on('close', () => (s.closed = Date.now()));
    ws.on('socketerror', (e) => console.error('socket error:', ws.url(), e));
  });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => {
    // Chromium's own line for every refused request repeats what `response` logs.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.error('console error:', m.text());
  });
  page.on('requestfailed', (r) => {
    // Aborted: a page that navigated or closed while it loaded, which tests do all the time.
    const why = r.failure()?.errorText ?? '';
    if (why !== 'net::ERR_ABORTED') console.error('request failed:', r.method(), r.url(), why);
  });
  page.on('response', (r) => {
    const status = r.status();
    if (status >= 500 || status === 429 || (status >= 400 && !new URL(r.url()).pathname.startsWith('/api/'))) {
      console.error('response:', status, r.request().method(), r.url());
    }
  });
}

/** What `watchPage` saw of each page: requests still waiting for their answer, sockets. */
const pageLogs = new WeakMap();

/**
 * Runs a wait on `page`; when it fails, logs what the page was doing (its address, whether
 * the app has its game, the panel's status lines, requests still unanswered, sockets and
 * the frames they brought), so that a page that never got there can be explained.
 */
export async function explained(page, what, wait) {
  try {
    return await wait();
  } catch (e) {
    console.error(`waiting for ${what} failed:\n${await describePage(page).catch((d) => `(page not readable: ${d.message})`)}`);
    throw e;
  }
}

/** A few lines on the page's state for a failed wait (see `explained`). */
export async function describePage(page) {
  const now = Date.now();
  const log = pageLogs.get(page);
  const state = await page.evaluate(() => {
    const hook = window.__spacechess;
    const v = hook?.view() ?? null;
    const text = (sel) => document.querySelector(sel)?.textContent?.trim() ?? null;
    return {
      readyState: document.readyState,
      hook: !!hook,
      ready: hook?.ready() ?? null,
      view: v && { id: v.id, mode: v.mode, ply: v.ply, turn: v.turn, legal: v.legal_moves.length, thinking: v.computer_thinking, status: v.status },
      status: text('.status'),
      connection: text('.connection'),
      message: text('.message'),
      canvas: !!document.querySelector('canvas.board3d'),
      shown: document.getElementById('app')?.firstElementChild?.className ?? null,
      // A stylesheet the app's code chunks wait for shows `sheet` once it has loaded.
      links: [...document.head.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"]')].map(
        (l) => `${l.rel} ${new URL(l.href).pathname}${l.rel === 'stylesheet' ? (l.sheet ? ' sheet' : ' no sheet') : ''}`,
      ),
      loaded: performance
        .getEntriesByType('resource')
        .map((r) => `${new URL(r.name).pathname} at ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms`),
      since: Math.round(performance.now()),
      answer: (() => {
        const n = performance.getEntriesByType('navigation')[0];
        return n ? `${n.responseStatus} ${n.name}, ${n.transferSize} bytes` : null;
      })(),
      document: document.documentElement.outerHTML.slice(0, 400),
    };
  });
  const lines = [`  page ${page.url()}`, `  app ${JSON.stringify(state)}`];
  if (state.document.includes('was not built into this program')) {
    lines.push("  the server answered its 'front end not built' page: web/dist was missing when the page loaded (a build in progress?)");
  }
  if (log) {
    for (const [r, at] of log.pending) lines.push(`  unanswered for ${now - at} ms: ${r.method()} ${r.url()}`);
    for (const s of log.sockets) {
      lines.push(`  socket ${s.url} opened ${now - s.opened} ms ago, ${s.frames} frames${s.closed ? `, closed ${now - s.closed} ms ago` : ''}`);
    }
  }
  return lines.join('\n');
}

/**
 * Waits until the opening screen is up and settled (its web fonts laid out), then chooses
 * `variant`. A click that lands while the page still moves (seen once in a loaded CI run:
 * "Clicking the checkbox did not change its state") is tried again, twice at most.
 */
export async function chooseVariant(page, variant) {
  await page.waitForSelector('form.setup');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const radio = page.locator(`input[name="variant"][value="${variant}"]`);
  for (let attempt = 1; ; attempt++) {
    try {
      await radio.check();
      return;
    } catch (e) {
      if (attempt === 3) throw e;
      await page.waitForTimeout(200);
    }
  }
}

/** Starts a game of `variant` from the opening screen (look-ahead 1); `extra` sets more. */
export async function startFromOpening(page, base, variant, extra = async () => {}) {
  await page.goto(base + '/');
  await chooseVariant(page, variant);
  await page.selectOption('select[name="level"]', '1');
  await extra(page);
  await page.click('button.start');
  await page.waitForURL(/\?game=/);
  return waitForMyTurn(page);
}

export async function flatView(page) {
  if (await page.isVisible('.flatview')) return;
  await page.click('button.toggle-view');
  await page.waitForSelector('.flatview [data-square]');
}

export async function view3D(page) {
  if (!(await page.isVisible('.view3d'))) await page.click('button.toggle-view');
  await waitFor3D(page);
}

/** Plays `m` (a legal move of the view) by two taps in the flat view. */
export async function playFlat(page, m) {
  await clickSquare(page, m.from);
  await clickSquare(page, m.to);
}

/** Serves a static site folder (scripts/build-static) on a free port, as any plain file server would. */
export function serveSite(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}
