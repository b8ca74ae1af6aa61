import { describe, expect, it } from 'vitest';
import type { MyGame } from '../src/api';
import { entryHref, opponentText, standingText } from '../src/my-games';

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
  ...extra,
});

describe('My games', () => {
  it('words the opponent and how the game stands', () => {
    expect(opponentText(game({}))).toBe('Against the computer, look-ahead 4');
    expect(opponentText(game({ mode: 'local', opponent: null }))).toBe('Two players on this device');
    expect(opponentText(game({ mode: 'online', opponent: 'open' }))).toMatch(/waiting/);
    expect(opponentText(game({ mode: 'online', opponent: 'player' }))).toBe('Online against a friend');
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
