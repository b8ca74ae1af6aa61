// The speed of the WebAssembly build in headless Chromium against the native program,
// side by side in one run: perft, the bench, and look-ahead 6 from every start position.
// Each measurement alternates native and browser, `--runs` times; medians are reported.
//
//   scripts/build-static /tmp/site && cargo build --release -p spacechess
//   cd web && node bench/wasm-speed.mjs /tmp/site [--runs 5]
//
// Writes web/e2e/out/wasm-speed.json and prints a Markdown table. Native runs use one
// thread (perft is single-threaded; bench and search get `--threads 1` / Threads 1) and
// the same 16 MB table as the browser.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BIN, CHROMIUM, CHROMIUM_ARGS, OUT, serveSite } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const site = args.find((a) => !a.startsWith('--'));
const runs = Number(args[args.indexOf('--runs') + 1] ?? 0) || 5;
if (!site || !existsSync(join(site, 'spacechess.wasm'))) {
  console.error('usage: node bench/wasm-speed.mjs SITE_DIR [--runs N]  (SITE_DIR from scripts/build-static)');
  process.exit(2);
}

const SETUPS = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'trid', rules: 'meder' },
  { variant: 'trid', rules: 'stepwise' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];
const PERFT_DEPTH = { stacked: 4, trid: 4, quadlevel: 4, fourfold: 5 };
const BENCH_DEPTH = 4;
const LOOKAHEAD = 6;

const label = (s) => (s.rules ? `${s.variant} (${s.rules})` : s.variant);
const setupArgs = (s) => [s.variant, ...(s.rules ? ['--rules', s.rules] : [])];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Seconds the native program reports on stderr ("… nodes in X s"), and the node count. */
function nativeTimed(cmd) {
  const r = spawnSync(BIN, cmd, { encoding: 'utf8' });
  const m = /(\d+) nodes in ([\d.]+) s/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${cmd.join(' ')} failed: ${r.stderr}`);
  return { nodes: Number(m[1]), ms: Number(m[2]) * 1000 };
}

/** Look-ahead through the engine protocol: ms from `go` to `bestmove`, the move, and the last iteration's nodes and time as the engine reports them. */
function nativeLookahead(setup, depth) {
  return new Promise((ok, fail) => {
    const child = spawn(BIN, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buffer = '';
    let started = 0;
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      if (!started && buffer.includes('readyok')) {
        started = performance.now();
        child.stdin.write(`go depth ${depth}\n`);
      }
      const m = /bestmove (\S+)/.exec(buffer);
      if (started && m) {
        const ms = performance.now() - started;
        child.stdin.end('quit\n');
        const infos = [...buffer.matchAll(/info depth \d+ .*?nodes (\d+) .*?time (\d+)/g)];
        const last = infos.at(-1);
        ok({ best: m[1], ms, nodes: Number(last?.[1] ?? 0), search_ms: Number(last?.[2] ?? 0) });
      }
    });
    child.on('error', fail);
    const options = [
      `setoption name Variant value ${setup.variant}`,
      ...(setup.rules ? [`setoption name Rules value ${setup.rules}`] : []),
      'setoption name Threads value 1',
      'setoption name Hash value 16',
      'setoption name Vary value 0',
      'position startpos',
      'isready',
    ];
    child.stdin.write(options.join('\n') + '\n');
  });
}

const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const server = await serveSite(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const page = await browser.newPage();
await page.goto(`${base}/engine.html`);
await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60000 });
const inBrowser = (fn, ...a) => page.evaluate(fn, a);

const rows = [];
function record(what, native, wasm, extra = {}) {
  const row = { what, native_ms: median(native), browser_ms: median(wasm), ratio: median(wasm) / median(native), native, browser: wasm, ...extra };
  rows.push(row);
  console.error(`${what}: native ${row.native_ms.toFixed(0)} ms, browser ${row.browser_ms.toFixed(0)} ms, ×${row.ratio.toFixed(2)}`);
}

for (const setup of SETUPS) {
  const depth = PERFT_DEPTH[setup.variant];
  const native = [];
  const wasm = [];
  let nodes = 0;
  for (let i = 0; i < runs; i++) {
    const n = nativeTimed(['perft', ...setupArgs(setup), String(depth)]);
    const w = await inBrowser(([s, d]) => window.__engine.perft(s, d), setup, depth);
    if (w.value.nodes !== n.nodes) throw new Error(`perft ${label(setup)}: browser ${w.value.nodes}, native ${n.nodes}`);
    nodes = n.nodes;
    native.push(n.ms);
    wasm.push(w.page_ms);
  }
  record(`perft ${label(setup)} depth ${depth}`, native, wasm, { nodes });
}

{
  const native = [];
  const wasm = [];
  let nodes = 0;
  for (let i = 0; i < runs; i++) {
    const n = nativeTimed(['bench', String(BENCH_DEPTH), '--threads', '1']);
    const w = await inBrowser(([d]) => window.__engine.bench(d), BENCH_DEPTH);
    if (w.value.nodes !== n.nodes) throw new Error(`bench: browser ${w.value.nodes} nodes, native ${n.nodes}`);
    nodes = n.nodes;
    native.push(n.ms);
    wasm.push(w.page_ms);
  }
  record(`bench depth ${BENCH_DEPTH} (36 positions)`, native, wasm, { nodes });
}

// Where a look-ahead's time goes: the search itself (the engine's own clock, in both),
// and around it in the browser the worker's messages, the game's import and the table
// (page time minus search time). A fresh worker's start (instantiating the compiled
// module and its first answer) is measured apart.
{
  const starts = [];
  for (let i = 0; i < runs; i++) starts.push((await inBrowser(() => window.__engine.startup())).page_ms);
  rows.push({ what: 'browser: a fresh worker instantiates the module and answers', browser_ms: median(starts), browser: starts });
  console.error(`worker start-up: ${median(starts).toFixed(1)} ms`);
}

for (const setup of SETUPS) {
  const native = [];
  const wasm = [];
  const nativeSearch = [];
  const wasmSearch = [];
  let best = null;
  let nodes = 0;
  for (let i = 0; i < runs; i++) {
    const n = await nativeLookahead(setup, LOOKAHEAD);
    const w = await inBrowser(([s, d]) => window.__engine.lookahead(s, { depth: d }), setup, LOOKAHEAD);
    if (w.value.best !== n.best) throw new Error(`look-ahead ${label(setup)}: browser ${w.value.best}, native ${n.best}`);
    // The same search visits the same nodes; said, not fatal (the native count is the last `info` line's).
    if (w.value.nodes !== n.nodes) console.error(`look-ahead ${label(setup)}: browser ${w.value.nodes} nodes, native ${n.nodes}`);
    best = n.best;
    nodes = w.value.nodes;
    native.push(n.ms);
    wasm.push(w.page_ms);
    nativeSearch.push(n.search_ms);
    wasmSearch.push(w.value.elapsed_ms);
  }
  record(`look-ahead ${LOOKAHEAD} ${label(setup)} (start)`, native, wasm, {
    best,
    nodes,
    native_search_ms: median(nativeSearch),
    browser_search_ms: median(wasmSearch),
    search_ratio: median(wasmSearch) / median(nativeSearch),
    browser_around_ms: median(wasm.map((ms, i) => ms - wasmSearch[i])),
  });
}

await browser.close();
server.close();

const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
writeFileSync(join(OUT, 'wasm-speed.json'), JSON.stringify({ runs, chromium: version, load_at_start: loadAtStart, load, rows }, null, 2));
const fixed = (x, d = 0) => (x === undefined ? '' : x.toFixed(d));
const lines = [
  `${runs} runs each, alternating; medians. ${version}; load average at the start ${loadAtStart}, at the end ${load}.`,
  '',
  '| what | native (ms) | browser (ms) | browser / native |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.what} | ${fixed(r.native_ms)} | ${fixed(r.browser_ms, r.native_ms === undefined ? 1 : 0)} | ${fixed(r.ratio, 2)} |`),
  '',
  '| look-ahead 6 from the start | nodes | native search (ms) | browser search (ms) | search browser / native | browser around the search (ms) |',
  '|---|---|---|---|---|---|',
  ...rows
    .filter((r) => r.search_ratio !== undefined)
    .map((r) => `| ${r.what} | ${r.nodes} | ${fixed(r.native_search_ms)} | ${fixed(r.browser_search_ms)} | ${fixed(r.search_ratio, 2)} | ${fixed(r.browser_around_ms)} |`),
];
process.stdout.write(lines.join('\n') + '\n');
