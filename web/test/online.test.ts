import { describe, expect, it } from 'vitest';
import { forPlayer, offerToAnswer, seatLine, watchersLine } from '../src/online';
import { move, stackedCells, view } from './fixtures';

const seat = { holder: 'player' as const, connected: true, gone: false };
const seats = { white: seat, black: seat };
const online = (extra: Parameters<typeof view>[3]) =>
  view('stacked', stackedCells(), {}, { mode: 'online', seats, legal_moves: [move('a1', 'a2')], ...extra });

describe('online games as this player sees them', () => {
  it("keeps the legal moves only on this player's turn", () => {
    expect(forPlayer(online({ you: ['white'] })).legal_moves).toHaveLength(1);
    expect(forPlayer(online({ you: ['black'] })).legal_moves).toHaveLength(0);
    expect(forPlayer(online({ you: [] })).legal_moves).toHaveLength(0);
    expect(forPlayer(online({ you: undefined })).legal_moves).toHaveLength(1);
  });
  it('says who the player is, or that they watch', () => {
    expect(seatLine(online({ you: [] }))).toBe('You are watching this game.');
    expect(seatLine(online({ you: ['black'] }))).toBe('You play Black.');
    const waiting = online({ you: ['white'], seats: { ...seats, black: { ...seat, holder: 'open' } } });
    expect(seatLine(waiting)).toMatch(/Waiting for your friend/);
    expect(seatLine(view('stacked', stackedCells(), {}))).toBeNull();
  });
  it('counts the watchers', () => {
    expect(watchersLine(online({ watchers: 0 }))).toBeNull();
    expect(watchersLine(online({ watchers: 1 }))).toBe('1 person watching');
    expect(watchersLine(online({ watchers: 3 }))).toBe('3 people watching');
  });
  it("offers the answer only to the asker's opponent", () => {
    const asked = online({ you: ['black'], offer: { kind: 'draw', from: 'white' } });
    expect(offerToAnswer(asked)).toBe('White offers a draw.');
    expect(offerToAnswer({ ...asked, you: ['white'] })).toBeNull();
    expect(offerToAnswer({ ...asked, offer: { kind: 'take-back', from: 'white' } })).toMatch(/take back/);
  });
});
