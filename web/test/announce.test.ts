import { batch, computed, signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { GameView, HistoryEntry } from '../src/api';
import { Announcements } from '../src/game/announce';
import { computeMarks } from '../src/marks';
import { IDLE, type Selection } from '../src/selection';
import type { SoundKind } from '../src/sounds';
import { move, stackedCells, view } from './fixtures';

const start = view('stacked', stackedCells(), { Be2: 'P', Bg1: 'N', Te7: 'p' }, {
  legal_moves: [move('Be2', 'Me3'), move('Bg1', 'Mf3', { piece: 'N' })],
});

const played = (m: ReturnType<typeof move>, i: number): HistoryEntry => ({
  ...m,
  notation: m.notation,
  number: Math.floor(i / 2) + 1,
  side: i % 2 === 0 ? 'white' : 'black',
  eval: null,
  eval_source: null,
  eval_depth: null,
});

function setup() {
  const v = signal<GameView | null>(start);
  const selection = signal<Selection>(IDLE);
  const cursor = signal<string | null>(null);
  const marks = computed(() => (v.value ? computeMarks(v.value, selection.value, true) : null));
  const sounds: SoundKind[] = [];
  const said = new Announcements({ view: v, selection, cursor, marks }, (k) => sounds.push(k));
  return { v, selection, cursor, said, sounds };
}

describe('the announcer', () => {
  it('says the latest event: a cursor step after a pick-up wins, and a pick-up after a step', () => {
    const { selection, cursor, said } = setup();
    selection.value = { kind: 'piece', square: 'Be2' };
    expect(said.text.value).toMatch(/^Picked up white pawn on Be2: 1 move\./);
    cursor.value = 'Me3';
    expect(said.text.value).toBe('Me3, empty, Middle, a move for the piece picked up.');
    cursor.value = 'Mf3';
    expect(said.text.value).toBe('Mf3, empty, Middle.');
    selection.value = { kind: 'piece', square: 'Bg1' };
    expect(said.text.value).toMatch(/^Picked up white knight on Bg1/);
  });

  it('says "Put down." when the piece goes back with no move, and nothing of it after a move', () => {
    const { v, selection, said, sounds } = setup();
    selection.value = { kind: 'piece', square: 'Be2' };
    selection.value = IDLE;
    expect(said.text.value).toBe('Put down.');
    selection.value = { kind: 'piece', square: 'Be2' };
    const m = move('Be2', 'Me3');
    // The session sets the new view and drops the selection in one batch.
    batch(() => {
      v.value = { ...start, ply: 1, turn: 'black', history: [played(m, 0)] };
      selection.value = IDLE;
    });
    expect(said.text.value).toBe(`White played ${m.notation}. Black to move.`);
    expect(sounds).toEqual(['move']);
  });

  it('stops when disposed', () => {
    const { cursor, said } = setup();
    cursor.value = 'Be2';
    const before = said.text.value;
    said.dispose();
    cursor.value = 'Me3';
    expect(said.text.value).toBe(before);
  });
});
