// What a page offers for its seat (a player, a watcher), refusals as sentences, the
// set-up line and the rematch's new game.
import { describe, expect, it } from 'vitest';
import { ApiError, type Catalogue } from '../src/api';
import { declinedLine, isWatcher, offerToAnswer, oracleUnavailable } from '../src/online';
import { asSentence, refusalText } from '../src/refusals';
import { rematchOf } from '../src/game/rematch';
import { clockPart, seatsPart, setupParts } from '../src/game/setup-line';
import { stackedCells, tridCells, view } from './fixtures';

const seat = { holder: 'player' as const, connected: true, gone: false };
const online = (extra: Parameters<typeof view>[3]) => view('stacked', stackedCells(), {}, { mode: 'online', seats: { white: seat, black: seat }, ...extra });

describe('seat-aware controls', () => {
  it('knows a watcher from a player', () => {
    expect(isWatcher(online({ you: [] }))).toBe(true);
    expect(isWatcher(online({ you: ['white'] }))).toBe(false);
    expect(isWatcher(view('stacked', stackedCells(), {}, { you: undefined }))).toBe(false);
  });
  it('says why the Oracle is off: a watcher, or an online game that runs', () => {
    expect(oracleUnavailable(online({ you: [] }))).toMatch(/you are watching/);
    expect(oracleUnavailable(online({ you: ['black'] }))).toMatch(/off for both players while an online game runs/);
    expect(oracleUnavailable(online({ you: ['black'], status: 'over' }))).toBeNull();
    expect(oracleUnavailable(view('stacked', stackedCells(), {}))).toBeNull();
  });
  it('tells the offerer what was declined, and the opponent a rematch offer', () => {
    expect(declinedLine('draw')).toBe('Your opponent declined your draw offer.');
    expect(declinedLine('take-back')).toBe('Your opponent declined your take-back request.');
    expect(declinedLine('rematch')).toBe('Your opponent declined your rematch offer.');
    const over = online({ status: 'over', offer: { kind: 'rematch', from: 'white' } });
    expect(offerToAnswer({ ...over, you: ['black'] })).toMatch(/White offers a rematch/);
    expect(offerToAnswer({ ...over, you: ['white'] })).toBeNull();
    expect(offerToAnswer({ ...over, you: [] }), 'a watcher answers nothing').toBeNull();
  });
});

describe('refusals as sentences', () => {
  it('gives fixed codes this page’s sentence, never the server’s words', () => {
    const raw = 'you hold no seat in this game: you may watch it, not play or change it';
    expect(refusalText(new ApiError('not_your_seat', raw, 403))).toBe('You are watching this game: only its players can do that.');
    expect(refusalText(new ApiError('no_engine_help', 'the Oracle is off', 409))).toMatch(/^No engine helps/);
  });
  it('writes the detailed ones as sentences', () => {
    expect(refusalText(new ApiError('not_your_turn', "it is black's turn; wait for your opponent's move", 409))).toBe(
      "It is black's turn; wait for your opponent's move.",
    );
    expect(refusalText(new Error('Already a sentence.'))).toBe('Already a sentence.');
    expect(asSentence('  ')).toBe('That was refused.');
  });
});

const catalogue: Catalogue = {
  variants: [
    {
      id: 'trid',
      title: 'Tri-D',
      description: '',
      rules: [{ id: 'federation', title: 'Federation', description: '' }],
      options: [{ id: 'rook-pawns', title: 'Rook-pawn rule', description: '', rules: ['federation'] }],
    },
  ],
  terminations: [],
  levels: { min: 1, max: 6, max_id: 'max', default: 3 },
} as Catalogue;

describe('the set-up line', () => {
  const trid = view('trid', tridCells(), {}, { options: ['rook-pawns'], level: 4, human: 'black', clocks: { initial_ms: 600000, white_ms: 1, black_ms: 1, increment_ms: 5000, running: null, per_move: false } });
  it('names the rule set, options, colours, level and time control', () => {
    expect(setupParts(trid, catalogue)).toEqual([
      'Federation rules',
      'Rook-pawn rule',
      'You play Black against the computer (look-ahead 4)',
      'Clock 10 min + 5 s a move',
    ]);
  });
  it('stands in the identifiers before the catalogue arrives', () => {
    expect(setupParts(trid, null).slice(0, 2)).toEqual(['Federation rules', 'Rook pawns']);
  });
  it('says who plays in each mode', () => {
    expect(seatsPart(online({ you: [] }))).toBe('Online game: you are watching');
    expect(seatsPart(online({ you: ['black'] }))).toBe('Online game: you play Black');
    expect(seatsPart(view('stacked', stackedCells(), {}, { mode: 'local', level: 'max' }))).toBe('Two players on this device (Oracle look-ahead Max)');
    expect(clockPart(view('stacked', stackedCells(), {}))).toBe('No clock');
  });
});

describe('the rematch', () => {
  it('is the same set-up with the colours swapped against the computer', () => {
    const v = view('trid', tridCells(), {}, { options: ['rook-pawns'], level: 2, human: 'white', clocks: { initial_ms: 90000, white_ms: 0, black_ms: 5, increment_ms: 2000, running: null, per_move: false } });
    expect(rematchOf(v)).toEqual({
      variant: 'trid',
      rules: 'federation',
      options: ['rook-pawns'],
      mode: 'computer',
      human: 'black',
      level: 2,
      time_control: { minutes: 1.5, increment_seconds: 2 },
      position: null,
    });
  });
  it('keeps the page’s side on one device', () => {
    expect(rematchOf(view('stacked', stackedCells(), {}, { mode: 'local', human: 'white' })).human).toBe('white');
  });
});
