// The browser host (src/hosts) over the real WebAssembly module in Node: games as the
// server plays them — two players on one device, the computer's reply, take back, draw
// offers, resignation, the Oracle — kept in a store and resumed from it. Skipped, with a
// warning, when the module has not been built (scripts/build-wasm).

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type ServerMessage } from '../src/api';
import { BrowserHost } from '../src/hosts/browser-host';
import { memoryStore, type GameStore } from '../src/hosts/browser-store';
import { haveWasm, open, WASM } from './browser-link';
import { channelWorker } from './channel-worker';

describe.skipIf(!haveWasm)('the browser host', () => {
  let module: WebAssembly.Module;
  let store: GameStore;
  let host: BrowserHost;

  beforeAll(async () => {
    module = await WebAssembly.compile(readFileSync(WASM));
    store = memoryStore();
    host = new BrowserHost(module, store, channelWorker, () => 7);
  });

  it('offers the rules catalogue', async () => {
    const c = await host.catalogue();
    expect(c.variants.map((v) => v.id)).toEqual(['stacked', 'trid', 'quadlevel', 'fourfold']);
    expect(c.levels.max_id).toBe('max');
  });

  it('plays two players on one device, takes back one move, resigns, and resumes from the store', async () => {
    const created = await host.createGame({ variant: 'trid', rules: 'meder', mode: 'local', level: 1 });
    expect(created.id).toMatch(/^b-[0-9a-f]{16}$/);
    expect(created.mode).toBe('local');
    expect(created.clocks).toBeNull();
    const g = open(host, created.id);
    const first = await g.link.fetch();
    expect(first.legal_moves.length).toBeGreaterThan(0);
    let v = first;
    for (let i = 0; i < 3; i++) v = await g.link.move(v.legal_moves[0].token, v.ply);
    expect(v.ply).toBe(3);
    expect(v.history.map((h) => h.side)).toEqual(['white', 'black', 'white']);
    expect(v.computer_thinking).toBe(false);
    // The table asks for a short evaluation of each move no search scored; the host runs
    // it in a worker and hands it back.
    const scored = await g.state((s) => s.ply === 3 && s.history.every((h) => h.eval_source === 'quick'));
    expect(scored.history.every((h) => typeof h.eval === 'number')).toBe(true);
    const back = await g.link.takeback();
    expect(back.ply).toBe(2);
    await expect(g.link.move(back.legal_moves[0].token, 1)).rejects.toMatchObject({ code: 'not_your_turn' });
    await expect(g.link.move('Zz9', back.ply)).rejects.toMatchObject({ code: 'illegal_move' });
    const over = await g.link.resign('white');
    expect(over.status).toBe('over');
    expect(over.result).toMatchObject({ winner: 'black', reason: 'resignation' });
    await expect(g.link.takeback()).rejects.toMatchObject({ code: 'game_over' });
    expect((await g.link.record()).includes('Termination')).toBe(true);
    g.link.close();
    // A reload: a new link reads the game back from the store.
    const again = open(host, created.id);
    const resumed = await again.state(() => true);
    expect(resumed.history).toEqual(over.history);
    expect(resumed.result).toEqual(over.result);
    expect(resumed.position).toBe(over.position);
    again.link.close();
  });

  it('answers a move with the computer reply, reports its thinking, and takes both back', async () => {
    const created = await host.createGame({ variant: 'stacked', mode: 'computer', human: 'white', level: 2 });
    const g = open(host, created.id);
    const start = await g.link.fetch();
    const answer = await g.link.move(start.legal_moves[0].token, 0);
    expect(answer.ply).toBe(1);
    expect(answer.computer_thinking).toBe(true);
    const replied = await g.state((v) => v.ply === 2);
    expect(replied.turn).toBe('white');
    expect(replied.computer_thinking).toBe(false);
    const thinking = g.seen.filter((m) => m.type === 'thinking');
    expect(thinking.length).toBeGreaterThan(0);
    expect(thinking.at(-1)).toMatchObject({ depth: 2, budget_ms: 15000 });
    expect(replied.history[1].token).toBe((thinking.at(-1) as { pv: string[] }).pv[0]);
    const back = await g.link.takeback();
    expect(back.ply).toBe(0);
    expect(back.position).toBe(start.position);
    g.link.close();
  });

  it('moves first when the player has Black, and judges draw offers', async () => {
    // The computer (White) without its queen accepts a draw; with Black's queen gone it declines.
    const judged = async (position: string) => {
      const created = await host.createGame({ variant: 'fourfold', mode: 'computer', human: 'black', level: 1, position });
      expect(created.computer_thinking).toBe(true);
      const g = open(host, created.id);
      const moved = await g.state((v) => v.ply === 1);
      expect(moved.turn).toBe('black');
      await expect(g.link.resign('white')).rejects.toBeInstanceOf(ApiError);
      const draw = await g.link.offerDraw();
      g.link.close();
      return draw;
    };
    const behind = await judged('4/4/PPPP/RNK1|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1');
    expect(behind.accepted).toBe(true);
    expect(behind.game.result).toMatchObject({ winner: null, reason: 'agreement' });
    const ahead = await judged('4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|1knr/pppp/4/4 w 0 1');
    expect(ahead.accepted).toBe(false);
    expect(ahead.game.result).toBeNull();
  });

  it('puts the Oracle on duty: every legal move scored, with its notation', async () => {
    const created = await host.createGame({ variant: 'quadlevel', mode: 'local', level: 1 });
    const g = open(host, created.id);
    const v = await g.link.fetch();
    await g.link.oracleOn();
    expect((await g.link.fetch()).oracle).toBe(true);
    const report = (await g.next((m) => m.type === 'oracle')) as Extract<ServerMessage, { type: 'oracle' }>;
    const legal = new Map(v.legal_moves.map((m) => [m.token, m.notation]));
    expect(report.moves.length).toBeGreaterThan(0);
    for (const m of report.moves) expect(m.notation).toBe(legal.get(m.token));
    await g.link.oracleOff();
    expect((await g.link.fetch()).oracle).toBe(false);
    g.link.close();
    // In Node the Oracle runs on this thread for its whole budget (6 s) before its reports arrive.
  }, 60_000);

  it('refuses what it cannot do, naming it', async () => {
    const g = open(host, 'b-0000000000000000');
    await expect(g.link.fetch()).rejects.toMatchObject({ code: 'unknown_game' });
    await expect(host.createGame({ variant: 'stacked', time_control: { minutes: 0 } })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'field "time_control.minutes" must be more than 0 and at most 1440, not 0',
    });
    await expect(host.createGame({ variant: 'stacked', record: '[Variant "stacked"]' })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'field "variant" cannot be given with "record": the record names its own game',
    });
    await expect(host.createGame({ variant: 'stacked', options: ['rook-pawns'] })).rejects.toThrow(/rook-pawns/);
  });
});
