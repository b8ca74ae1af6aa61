import { describe, expect, it } from 'vitest';
import type { MyGame } from '../src/api';
import { entryHref, jumpText, kindText, mergeGames, newlyMyTurn, opponentText, orderMyGames, standingText, turnText } from '../src/my-games';

const game = (extra: Partial<MyGame>): MyGame => ({
  id: 'ab'.repeat(16),
  variant: 'trid',
  title: 'Tri-D',
  rules: 'federation',
  mode: 'computer',
  you: ['white'],
  opponent: 'computer',
  level: 4,
  status: 'in-progress',
  result: null,
  created_at: 1_795_910_400,
  ply: 12,
  white_name: null,
  black_name: null,
  rated: false,
  per_move: false,
  days_per_move: null,
  your_turn: false,
  turn_ends_in_ms: null,
  ...extra,
});

describe('My games', () => {
  it('words the opponent and how the game stands', () => {
    expect(opponentText(game({}))).toBe('Against the computer, look-ahead 4');
    expect(opponentText(game({ mode: 'local', opponent: null }))).toBe('Two players on this device');
    expect(opponentText(game({ mode: 'online', opponent: 'open' }))).toMatch(/waiting/);
    expect(opponentText(game({ mode: 'online', opponent: 'player', black_name: 'bob' }))).toBe('Online against bob');
    expect(standingText(game({}))).toBe('In progress, 12 half-moves');
    expect(standingText(game({ ply: 0 }))).toBe('In progress, no moves yet');
    const over = game({ status: 'over', result: { winner: null, reason: 'aborted', text: '*', description: 'Game aborted: nobody wins or loses' } });
    expect(standingText(over)).toBe('Game aborted: nobody wins or loses');
  });
  it('opens a running game to play and a finished one for review', () => {
    expect(entryHref(game({}))).toBe(`/?game=${'ab'.repeat(16)}`);
    expect(entryHref(game({ status: 'over' }))).toBe(`/?game=${'ab'.repeat(16)}&review`);
  });
});

describe('My games among strangers', () => {
  const online = (id: string, extra: Partial<MyGame>): MyGame =>
    game({ id, mode: 'online', opponent: 'player', level: null, white_name: 'alice', black_name: null, your_turn: false, turn_ends_in_ms: null, rated: true, per_move: false, ...extra });

  it("names the opponent, rated or casual, and whose turn with the time left", () => {
    expect(opponentText(online('a', {}))).toBe('Online against an anonymous player');
    expect(opponentText(online('a', { you: ['black'] }))).toBe('Online against alice');
    expect(kindText(online('a', {}))).toBe('Rated');
    expect(kindText(online('a', { rated: false }))).toBe('Casual');
    expect(kindText(game({}))).toBe('');
    const day = 86_400_000;
    expect(turnText(online('a', { your_turn: true, per_move: true, turn_ends_in_ms: 2 * day + 23 * 3_600_000 + 5 }))).toBe('Your turn · 2 d 23 h left');
    expect(turnText(online('a', { your_turn: false, turn_ends_in_ms: 5 * 3_600_000 + 12 * 60_000 }))).toBe('Their turn · 5 h 12 min left');
    expect(turnText(online('a', { your_turn: true }))).toBe('Your turn');
    expect(turnText(online('a', { status: 'over' }))).toBe('');
  });

  it('lists the games where it is your turn first, the most urgent on top', () => {
    const games = [
      online('new', {}),
      online('soon', { your_turn: true, turn_ends_in_ms: 60_000 }),
      game({ id: 'computer' }),
      online('untimed', { your_turn: true }),
      online('later', { your_turn: true, turn_ends_in_ms: 86_400_000 }),
      online('over', { your_turn: true, status: 'over' }),
    ];
    expect(orderMyGames(games).map((g) => g.id)).toEqual(['soon', 'later', 'untimed', 'new', 'computer', 'over']);
    expect(jumpText(games)).toBe('My games: your turn in 3');
    expect(jumpText([online('new', {})])).toBe('My games');
  });

  it('tells which games became your turn since the last read, and merges a fresh page', () => {
    const before = [online('a', { ply: 3 }), online('b', { your_turn: true, ply: 4 })];
    const after = [online('a', { ply: 4, your_turn: true }), online('b', { your_turn: true, ply: 4 }), online('c', { your_turn: true, created_at: 1_795_910_500 })];
    expect(newlyMyTurn(null, after)).toEqual([]);
    expect(newlyMyTurn(before, after).map((g) => g.id)).toEqual(['a', 'c']);
    const merged = mergeGames([...before, game({ id: 'old', created_at: 1_700_000_000 })], after);
    // All three wait on the player, none with a clock: newest first, then the rest.
    expect(merged.map((g) => g.id)).toEqual(['c', 'a', 'b', 'old']);
  });
});
