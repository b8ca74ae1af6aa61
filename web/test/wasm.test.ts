// The WebAssembly module (target/wasm/spacechess.wasm, built by scripts/build-wasm) run
// in Node: its answers must be the native program's. Skipped, with a warning, when the
// module or the native binary has not been built.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { StoppedError, Thinker, WasmClient } from '../src/wasm/client';
import { WasmModule } from '../src/wasm/module';
import { WasmError, unwrap, type SetupSpec } from '../src/wasm/protocol';
import { channelWorker } from './channel-worker';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const WASM = process.env.SPACECHESS_WASM ?? root('target/wasm/spacechess.wasm');
// The newer of the two builds (a release build left from long ago would hold older rules
// or weights than the module).
const BIN =
  process.env.SPACECHESS_BIN ??
  [root('target/release/spacechess'), root('target/debug/spacechess')]
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];

const haveWasm = existsSync(WASM);
const haveBin = BIN !== undefined && existsSync(BIN);
if (!haveWasm) console.warn(`wasm tests skipped: ${WASM} not built (scripts/build-wasm)`);
if (!haveBin) console.warn('wasm tests against the native program skipped: no target/{release,debug}/spacechess');

const SETUPS: SetupSpec[] = [
  { variant: 'stacked' },
  { variant: 'trid', rules: 'federation' },
  { variant: 'trid', rules: 'meder' },
  { variant: 'trid', rules: 'stepwise' },
  { variant: 'quadlevel' },
  { variant: 'fourfold' },
];

/** The native program's arguments for a setup. */
function setupArgs(s: SetupSpec): string[] {
  return [s.variant, ...(s.rules ? ['--rules', s.rules] : [])];
}

function native(args: string[]): string[] {
  return execFileSync(BIN!, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim()
    .split('\n');
}

describe.skipIf(!haveWasm)('the WebAssembly module', () => {
  let compiled: WebAssembly.Module;
  let wasm: WasmModule;

  beforeAll(async () => {
    compiled = await WebAssembly.compile(readFileSync(WASM));
    wasm = await WasmModule.instantiate(compiled);
  });

  it.skipIf(!haveBin)('counts perft 3 of every setup as the native program does', () => {
    for (const setup of SETUPS) {
      const ours = unwrap(wasm.call({ op: 'perft', setup, depth: 3 }));
      const theirs = Number(native(['perft', ...setupArgs(setup), '3']).at(-1));
      expect(ours.nodes, JSON.stringify(setup)).toBe(theirs);
      expect(ours.nodes).toBeGreaterThan(1000);
    }
  });

  it.skipIf(!haveBin)('lists the legal moves the native program lists, at the start and later', () => {
    for (const setup of SETUPS) {
      let state = unwrap(wasm.call({ op: 'new_game', setup }));
      const positions = [state];
      for (let ply = 0; ply < 7 && state.status === 'in-progress'; ply++) {
        const moves = state.legal_moves;
        state = unwrap(wasm.call({ op: 'play', game: state.game, move: moves[(ply * 7) % moves.length]!.token }));
        positions.push(state);
      }
      for (const s of [positions[0]!, positions.at(-1)!]) {
        const ours = s.legal_moves.map((m) => m.token).sort();
        const theirs = native(['moves', ...setupArgs(setup), '--pos', s.position]).sort();
        expect(ours, `${setup.variant} ${s.position}`).toEqual(theirs);
      }
      unwrap(wasm.call({ op: 'close', game: state.game }));
    }
  });

  it.skipIf(!haveBin)('benches the node total of the native bench', () => {
    const ours = unwrap(wasm.call({ op: 'bench', depth: 2 }));
    const theirs = native(['bench', '2']).at(-1);
    expect(`${ours.nodes} nodes`).toBe(theirs);
    expect(ours.positions).toHaveLength(36);
    // Two bench runs (module and native) on a shared machine: a generous guard, not a
    // measure of speed.
  }, 120_000);

  it('names what is wrong with a request', () => {
    const answer = wasm.call({ op: 'new_game', setup: { variant: 'stacked' }, position: 'not a position' });
    expect('error' in answer && answer.error.code).toBe('bad_position');
    expect(() => unwrap(answer)).toThrow(/not a position/);
  });

  it('answers through a worker, with progress, and errors as WasmError', async () => {
    const client = new WasmClient(compiled, channelWorker);
    const game = await client.call({ op: 'new_game', setup: { variant: 'quadlevel' } });
    expect(game.legal_moves).toHaveLength(44);
    const depths: number[] = [];
    const found = await client.call({ op: 'search', game: game.game, limits: { depth: 3 } }, (p) => {
      if ('search' in p) depths.push(p.search.depth);
    });
    expect(depths).toEqual([1, 2, 3]);
    expect(game.legal_moves.map((m) => m.token)).toContain(found.best);
    const played = await client.call({ op: 'play', game: game.game, move: found.best! });
    expect(played.turn).toBe('black');
    const refused = client.call({ op: 'play', game: game.game, move: 'nonsense' });
    await expect(refused).rejects.toBeInstanceOf(WasmError);
    await expect(refused).rejects.toMatchObject({ code: 'illegal_move' });
    client.restart();
    // A fresh worker: the open games went with the old one.
    await expect(client.call({ op: 'state', game: game.game })).rejects.toMatchObject({ code: 'unknown_game' });
    client.restart();
  });

  it('stops a search with the last completed iteration', async () => {
    const client = new WasmClient(compiled, channelWorker);
    const state = await client.call({ op: 'new_game', setup: { variant: 'stacked' } });
    const { record } = await client.call({ op: 'export_record', game: state.game });
    client.restart();
    let spawned = 0;
    const counted = () => {
      spawned++;
      return channelWorker();
    };
    const thinker = new Thinker(compiled, counted);
    expect(spawned).toBe(0);
    const seen: number[] = [];
    const thinking = thinker.think(record, { depth: 5 }, (p) => {
      seen.push(p.depth);
      if (p.depth === 2) thinking.stop();
    });
    const thought = await thinking.result;
    expect(thought.stopped).toBe(true);
    // The stop ended the worker and started the next one at once.
    expect(spawned).toBe(2);
    expect(thought.depth).toBe(2);
    expect(state.legal_moves.map((m) => m.token)).toContain(thought.best);
    // A stopped request rejects with StoppedError for callers of the client itself.
    const c = new WasmClient(compiled, channelWorker);
    const pending = c.call({ op: 'bench', depth: 1 });
    c.restart();
    await expect(pending).rejects.toBeInstanceOf(StoppedError);
    // The thinker thinks again in a fresh worker.
    const again = await thinker.think(record, { depth: 3 }).result;
    expect(again).toMatchObject({ stopped: false, depth: 3 });
    expect(spawned).toBe(2);
    thinker.terminate();
  });
});
