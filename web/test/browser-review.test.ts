// Review, record import, evaluations and clocks of games in this browser (src/hosts) over
// the real WebAssembly module in Node: the same answers the server gives for them.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BrowserHost } from '../src/hosts/browser-host';
import { memoryStore, type GameStore } from '../src/hosts/browser-store';
import { haveWasm, open, WASM } from './browser-link';
import { channelWorker } from './channel-worker';

describe.skipIf(!haveWasm)('browser games: review, records, evaluations, clocks', () => {
  let module: WebAssembly.Module;
  let store: GameStore;
  let host: BrowserHost;
  let t = 0;

  beforeAll(async () => {
    module = await WebAssembly.compile(readFileSync(WASM));
    store = memoryStore();
    host = new BrowserHost(module, store, channelWorker, () => 7, () => t);
  });

  /** A two-player game of `plies` half-moves (each the first capture on offer, else a varied move), and its record. */
  async function playedGame(plies: number) {
    const created = await host.createGame({ variant: 'stacked', mode: 'local' });
    const g = open(host, created.id);
    let v = await g.link.fetch();
    for (let i = 0; i < plies; i++) {
      const m = v.legal_moves.find((l) => l.capture) ?? v.legal_moves[(i * 5 + 3) % v.legal_moves.length];
      v = await g.link.move(m.token, v.ply);
    }
    return { g, v, record: await g.link.record() };
  }

  it('shows any past position with its material, as the server’s positions/{ply}', async () => {
    const { g, v } = await playedGame(12);
    expect(v.material).not.toBeNull();
    const captures = v.history.filter((h) => h.capture).length;
    expect(captures).toBeGreaterThan(0);
    const start = await g.link.position(0);
    expect(start.position).toBe(v.start_position);
    expect(start.material).toEqual({ captured_by_white: [], captured_by_black: [], balance: 0 });
    expect(start.legal_moves).toEqual([]);
    const last = await g.link.position(12);
    expect(last.position).toBe(v.position);
    expect(last.material).toEqual(v.material);
    const taken = [...last.material.captured_by_white, ...last.material.captured_by_black];
    expect(taken.length).toBe(captures);
    // One step back undoes the last move's board, not the game.
    const before = await g.link.position(11);
    expect(before.ply).toBe(11);
    expect(before.position).not.toBe(v.position);
    expect((await g.link.fetch()).ply).toBe(12);
    await expect(g.link.position(13)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'ply 13 is beyond the end of the game (12 half-moves played)',
    });
    g.link.close();
  });

  it('imports a record into a new game from any of its half-moves, its evaluations along', async () => {
    const { g, v, record } = await playedGame(6);
    g.link.close();
    // Evaluations are written as comments after the moves (as the server writes them);
    // a record with one of them only.
    const bare = record.replace(/ \{[^}]*\}/g, '');
    const withEval = bare.replace(v.history[1].notation, `${v.history[1].notation} {-0.35}`);
    const whole = await host.createGame({ record: withEval, mode: 'local' });
    expect(whole.id).not.toBe(v.id);
    expect(whole.position).toBe(v.position);
    expect(whole.history.map((h) => h.token)).toEqual(v.history.map((h) => h.token));
    expect(whole.history[1]).toMatchObject({ eval: -0.35, eval_source: 'record', eval_depth: null });
    expect(whole.history[0].eval).toBeNull();
    const part = await host.createGame({ record: withEval, record_ply: 3, mode: 'computer', human: 'white', level: 1 });
    expect(part.ply).toBe(3);
    expect(part.turn).toBe('black');
    expect(part.computer_thinking).toBe(true);
    // The computer answers from there, and its search's score goes on its move.
    const p = open(host, part.id);
    const replied = await p.state((s) => s.ply === 4);
    expect(replied.history[3]).toMatchObject({ eval_source: 'computer', eval_depth: 1 });
    expect(typeof replied.history[3].eval).toBe('number');
    const thinking = p.seen.filter((m) => m.type === 'thinking').at(-1) as { score: number } | undefined;
    expect(replied.history[3].eval).toBe(thinking?.score);
    // Kept in the store: a reload shows the same evaluations.
    p.link.close();
    const again = open(host, part.id);
    const resumed = await again.state(() => true);
    expect(resumed.history.map((h) => h.eval)).toEqual(replied.history.map((h) => h.eval));
    again.link.close();
  });

  it('names a bad record’s first bad move, in the server’s bad_record shape', async () => {
    const { g, v, record } = await playedGame(4);
    g.link.close();
    const bad = record.replace(v.history[2].notation, 'Zz9z9');
    const refused = host.createGame({ record: bad, mode: 'local' });
    await expect(refused).rejects.toMatchObject({ code: 'bad_record' });
    await expect(refused).rejects.toThrow(/Zz9z9/);
    await expect(host.createGame({ record, record_ply: 9, mode: 'local' })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'field "record_ply" is 9, but the record has 4 half-moves',
    });
  });

  it('keeps the clocks as the table runs them: charged per move with the increment, kept over a reload, and a fallen flag loses on time', async () => {
    t = 0;
    const created = await host.createGame({ variant: 'trid', rules: 'meder', mode: 'local', time_control: { minutes: 1, increment_seconds: 2 } });
    expect(created.clocks).toEqual({
      initial_ms: 60_000,
      white_ms: 60_000,
      black_ms: 60_000,
      increment_ms: 2_000,
      running: null,
      per_move: false,
    });
    const g = open(host, created.id);
    let v = await g.link.fetch();
    for (let i = 0; i < 2; i++) {
      t += 10_000; // the first moves are free
      v = await g.link.move(v.legal_moves[0].token, v.ply);
    }
    expect(v.clocks).toEqual({ initial_ms: 60_000, white_ms: 60_000, black_ms: 60_000, increment_ms: 2_000, running: 'white', per_move: false });
    t += 5_000;
    v = await g.link.move(v.legal_moves[0].token, v.ply);
    expect(v.clocks).toEqual({ initial_ms: 60_000, white_ms: 57_000, black_ms: 60_000, increment_ms: 2_000, running: 'black', per_move: false });
    t += 20_000;
    expect((await g.link.fetch()).clocks).toMatchObject({ black_ms: 40_000, running: 'black' });
    // A reload: the clocks go on from where the last move left them (as on the server
    // after a restart, time while the game was not open is not charged).
    g.link.close();
    const again = open(host, created.id);
    v = await again.state(() => true);
    expect(v.clocks).toEqual({ initial_ms: 60_000, white_ms: 57_000, black_ms: 60_000, increment_ms: 2_000, running: 'black', per_move: false });
    // Black's flag falls before the move arrives: the game is lost on time.
    t += 61_000;
    await expect(again.link.move(v.legal_moves[0].token, v.ply)).rejects.toMatchObject({
      code: 'game_over',
      message: 'black lost on time before the move arrived',
    });
    const over = await again.link.fetch();
    expect(over.status).toBe('over');
    expect(over.result).toMatchObject({ winner: 'white', reason: 'time' });
    expect(over.clocks).toMatchObject({ black_ms: 0, running: null });
    expect(await again.link.record()).toMatch(/Termination "time forfeit"|time/);
    again.link.close();
  });

  it('lets the computer lose on time too', async () => {
    t = 0;
    const created = await host.createGame({ variant: 'stacked', mode: 'computer', human: 'black', level: 1, time_control: { minutes: 0.5 } });
    const g = open(host, created.id);
    const first = await g.state((s) => s.ply === 1);
    expect(first.clocks?.running).toBeNull();
    await g.link.move(first.legal_moves[0].token, 1);
    const second = await g.state((s) => s.ply === 3);
    expect(second.clocks?.running).toBe('black');
    const mine = await g.link.move(second.legal_moves[0].token, 3);
    expect(mine.clocks?.running).toBe('white');
    expect(mine.computer_thinking).toBe(true);
    // The computer's time runs out before its move is played: the next state shows the loss.
    t += 31_000;
    const after = await g.link.fetch();
    expect(after.ply).toBe(4);
    expect(after.result).toMatchObject({ winner: 'black', reason: 'time' });
    expect(after.computer_thinking).toBe(false);
    g.link.close();
  });
});
