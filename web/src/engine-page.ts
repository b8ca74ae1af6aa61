// engine.html: the rules and the engine running in this browser (the WebAssembly module
// in a Web Worker), with a check a person can run — perft and look-ahead 6 of every
// setup, timed — and `window.__engine` for the speed measurement (bench/wasm-speed.mjs).

import { Thinker, WasmClient, loadModule } from './wasm/client';
import type { SearchLimits, SetupSpec } from './wasm/protocol';

const SETUPS: SetupSpec[] = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'trid', rules: 'meder' },
  { variant: 'trid', rules: 'stepwise' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];

const label = (s: SetupSpec) => (s.rules ? `${s.variant} (${s.rules})` : s.variant);

/** Milliseconds a promise took to settle, as the page sees it (worker messages included). */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; page_ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, page_ms: performance.now() - started };
}

async function main(): Promise<void> {
  const root = document.getElementById('engine-check') ?? document.body;
  const status = document.createElement('p');
  status.textContent = 'Loading the engine…';
  root.append(status);
  let module: WebAssembly.Module;
  try {
    module = await loadModule(new URL('spacechess.wasm', document.baseURI));
  } catch (e) {
    status.textContent = `The WebAssembly module is not part of this build (${String(e)}); scripts/build-static adds it.`;
    return;
  }
  const client = new WasmClient(module);
  const thinker = new Thinker(module);

  const engine = {
    setups: SETUPS,
    perft: (setup: SetupSpec, depth: number) => timed(() => client.call({ op: 'perft', setup, depth })),
    /** A fresh worker: instantiating the compiled module and its first answer. */
    startup: () =>
      timed(async () => {
        const fresh = new WasmClient(module);
        const c = await fresh.call({ op: 'catalogue' });
        fresh.restart();
        return c.variants.length;
      }),
    bench: (depth: number) => timed(() => client.call({ op: 'bench', depth })),
    /** A search from the setup's start, in the thinker's own worker. */
    lookahead: async (setup: SetupSpec, limits: SearchLimits) => {
      const game = await client.call({ op: 'new_game', setup });
      const { record } = await client.call({ op: 'export_record', game: game.game });
      await client.call({ op: 'close', game: game.game });
      return timed(() => thinker.think(record, limits).result);
    },
    /** A search without a depth limit from the setup's start, stopped once it has completed `depth`. */
    stopAt: async (setup: SetupSpec, depth: number) => {
      const game = await client.call({ op: 'new_game', setup });
      const { record } = await client.call({ op: 'export_record', game: game.game });
      await client.call({ op: 'close', game: game.game });
      let stoppedAt = 0;
      const thinking = thinker.think(record, {}, (p) => {
        if (p.depth >= depth && !stoppedAt) {
          stoppedAt = performance.now();
          thinking.stop();
        }
      });
      const thought = await thinking.result;
      return { thought, legal: game.legal_moves.map((m) => m.token), answer_ms: performance.now() - stoppedAt };
    },
  };
  (window as unknown as { __engine?: typeof engine }).__engine = engine;

  status.textContent = 'The engine runs in this browser. The check runs perft 4 and look-ahead 6 from every start position.';
  const button = document.createElement('button');
  button.textContent = 'Run the check';
  const table = document.createElement('table');
  table.innerHTML = '<thead><tr><th>setup</th><th>perft 4</th><th>ms</th><th>look-ahead 6</th><th>ms</th></tr></thead>';
  const body = document.createElement('tbody');
  table.append(body);
  button.addEventListener('click', () => {
    button.disabled = true;
    body.replaceChildren();
    void (async () => {
      for (const setup of SETUPS) {
        const row = body.insertRow();
        const cell = (text: string) => (row.insertCell().textContent = text);
        cell(label(setup));
        const p = await engine.perft(setup, 4);
        cell(p.value.nodes.toLocaleString('en'));
        cell(p.page_ms.toFixed(0));
        const s = await engine.lookahead(setup, { depth: 6 });
        cell(s.value.best ?? '—');
        cell(s.page_ms.toFixed(0));
      }
      button.disabled = false;
    })();
  });
  root.append(button, table);
  document.body.dataset.ready = 'true';
}

void main();
