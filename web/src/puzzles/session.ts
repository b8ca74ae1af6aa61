// The puzzle screen's state as signals, and its actions: which set, theme and mode; the
// puzzle shown, the moves played so far, the selection of a move in progress; the host's
// verdicts (PuzzleSource), the attempt sent once when a puzzle ends, the solution stepped
// through, the player's ratings and history. No rule and no rating is computed here.

import { batch, computed, signal } from '@preact/signals';
import { ApiError, type GameView, type Screen } from '../api';
import type { BoardScene, ViewMode } from '../game/session';
import { computeMarks, type Marks } from '../marks';
import type { PickResult } from '../picking';
import { IDLE, step, type Selection, type SelectionEvent } from '../selection';
import type { PuzzleSource } from './source';
import type { PlayerPuzzles, PuzzleAttemptResult, PuzzleCatalogue, PuzzleSolution, PuzzleView } from './types';

export type Mode = 'normal' | 'daily' | 'streak';
/** Where the puzzle stands: being solved, the reply on its way, or over. */
export type Phase = 'loading' | 'solving' | 'reply' | 'solved' | 'missed' | 'none';

export interface Note {
  kind: 'info' | 'good' | 'solved' | 'missed' | 'error';
  text: string;
}

/** The pause before the opponent's reply is shown. */
export const REPLY_PAUSE_MS = 700;
/** The streak's first puzzle is near this rating, each next one a step higher. */
export const STREAK_START = 1000;
export const STREAK_STEP = 100;

/**
 * A screen as the board widgets draw it: they take a game's view and read only its
 * screen (cells, boards, legal moves, last move), so the rest is filled with neutral values.
 */
export function screenAsGame(s: Screen): GameView {
  return {
    ...s,
    id: 'puzzle',
    mode: 'local',
    human: 'white',
    level: 1,
    history: [],
    material: null,
    clocks: null,
    computer_thinking: false,
    oracle: false,
    seats: {
      white: { holder: 'player', connected: true, gone: false },
      black: { holder: 'player', connected: true, gone: false },
    },
    offer: null,
    rematch: null,
    watchers: 0,
    abort_in_ms: null,
    rated: false,
    take_back_sides: [],
  };
}

/**
 * The position just after the player's own move, drawn while the reply is on its way: the
 * piece moved (and promoted) on a copy of the screen. Only a picture for the pause; the
 * host's screen follows. Null for a move the picture cannot show simply (attack boards,
 * castling): the board then stays as it was until the reply.
 */
export function afterOwnMove(s: Screen, token: string): Screen | null {
  const m = s.legal_moves.find((x) => x.token === token);
  if (!m || m.mover !== 'piece' || m.castling) return null;
  const piece = s.cells.find((c) => c.name === m.from)?.piece;
  if (!piece) return null;
  const white = piece === piece.toUpperCase();
  const placed = m.promotion ? (white ? m.promotion.toUpperCase() : m.promotion.toLowerCase()) : piece;
  const cells = s.cells.map((c) => {
    if (c.name === m.from) return { ...c, piece: null };
    if (c.name === m.to) return { ...c, piece: placed };
    if (m.captured_square && c.name === m.captured_square) return { ...c, piece: null };
    return c;
  });
  return { ...s, cells, legal_moves: [], last_move: { from: m.from, to: m.to }, checked_kings: [], ply: s.ply + 1 };
}

const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

export class PuzzleSession {
  readonly catalogue = signal<PuzzleCatalogue | null>(null);
  readonly set = signal<string>('');
  readonly theme = signal<string | null>(null);
  readonly mode = signal<Mode>('normal');
  readonly puzzle = signal<PuzzleView | null>(null);
  readonly screen = signal<Screen | null>(null);
  /** The moves so far: the player's, with the replies between them. */
  readonly moves = signal<string[]>([]);
  readonly selection = signal<Selection>(IDLE);
  readonly phase = signal<Phase>('loading');
  readonly note = signal<Note | null>(null);
  readonly hinted = signal(false);
  readonly hintSquare = signal<string | null>(null);
  readonly viewed = signal(false);
  /** The squares of a wrong move (marked red). */
  readonly wrong = signal<{ from: string; to: string } | null>(null);
  readonly solution = signal<PuzzleSolution | null>(null);
  readonly solutionStep = signal(0);
  readonly result = signal<PuzzleAttemptResult | null>(null);
  readonly me = signal<PlayerPuzzles | null>(null);
  readonly streak = signal(0);
  readonly bestStreak: ReturnType<typeof signal<number>>;
  readonly busy = signal(false);
  /** After a failed load: whether trying again may help (not when none are left). */
  readonly retry = signal(true);
  readonly viewMode = signal<ViewMode>('flat');
  readonly scene = signal<BoardScene | null>(null);

  /** The position drawn: a solution's step while one is shown, else the puzzle's. */
  readonly shown = computed<Screen | null>(() => {
    const sol = this.solution.value;
    return sol ? (sol.screens[this.solutionStep.value] ?? null) : this.screen.value;
  });
  readonly marks = computed<Marks | null>(() => {
    const s = this.shown.value;
    if (!s) return null;
    const m = computeMarks(s, this.solution.value ? IDLE : this.selection.value, true);
    const wrong = this.wrong.value;
    const hint = this.hintSquare.value;
    if (wrong && !this.solution.value) {
      // The wrong move in red (its squares no longer the green last move).
      m.lastMove = new Set();
      m.oracle = { from: null, to: null, captured: wrong.to, board: null, boardTo: null };
    } else if (hint && this.phase.value === 'solving') {
      const onSquare = s.cells.some((c) => c.name === hint);
      m.oracle = onSquare ? { from: hint, to: null, captured: null, board: null, boardTo: null } : { from: null, to: null, captured: null, board: hint, boardTo: null };
    }
    return m;
  });

  private ended = false;
  private disposed = false;
  private replyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Counts puzzle loads, so that an answer for an older puzzle is dropped. */
  private serial = 0;

  constructor(readonly source: PuzzleSource) {
    this.bestStreak = signal(source.bestStreak());
  }

  dispose(): void {
    this.disposed = true;
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.scene.value?.dispose();
    this.scene.value = null;
  }

  /** Loads the 3D widget into `host`; the flat boards stay when WebGL fails. */
  async ensureScene(host: HTMLElement): Promise<void> {
    if (this.scene.peek()) return;
    try {
      const mod = await import('../scene3d');
      if (this.scene.peek() || this.disposed) return;
      this.scene.value = new mod.BoardScene(host, (r) => this.onPick(r));
    } catch (e) {
      console.error(e);
      this.note.value = { kind: 'error', text: 'The 3D view is not available in this browser; showing the flat boards.' };
      this.viewMode.value = 'flat';
    }
  }

  onPick(result: PickResult): void {
    if (!result) return;
    if (result.kind === 'board-dest') this.dispatch({ type: 'board-destination', to: result.to });
    else this.dispatch({ type: 'tap', square: result.name });
  }

  /** Loads the catalogue and the ratings, then the first puzzle (`id`, or the mode's). */
  async start(asked: { set: string | null; theme: string | null; mode: Mode; id: string | null }): Promise<void> {
    try {
      const cat = await this.source.catalogue();
      this.catalogue.value = cat;
      const named = asked.set ? (cat.sets.find((s) => s.id === asked.set) ?? cat.sets.find((s) => s.variant === asked.set)) : undefined;
      const set = named ?? cat.sets.find((s) => s.count > 0) ?? cat.sets[0];
      batch(() => {
        this.set.value = set?.id ?? '';
        this.theme.value = asked.theme && set?.themes.some((t) => t.id === asked.theme) ? asked.theme : null;
        this.mode.value = asked.mode;
      });
      void this.refreshMe();
      if (asked.id) await this.load(() => this.source.puzzle(asked.id ?? ''));
      else await this.nextPuzzle();
    } catch (e) {
      batch(() => {
        this.phase.value = 'none';
        this.note.value = { kind: 'error', text: errorText(e) };
      });
    }
  }

  async refreshMe(): Promise<void> {
    try {
      this.me.value = await this.source.me();
    } catch {
      // The panel keeps what it had.
    }
  }

  /** The next puzzle of the mode: near my rating, today's, or the streak's next. */
  nextPuzzle(): Promise<void> {
    const set = this.set.peek();
    const theme = this.theme.peek();
    switch (this.mode.peek()) {
      case 'daily':
        return this.load(() => this.source.daily(set));
      case 'streak':
        return this.load(() => this.source.next(set, theme, STREAK_START + STREAK_STEP * this.streak.peek()));
      default:
        return this.load(() => this.source.next(set, theme));
    }
  }

  chooseSet(set: string): void {
    batch(() => {
      this.set.value = set;
      this.theme.value = null;
      this.streak.value = 0;
    });
    void this.nextPuzzle();
  }

  chooseTheme(theme: string | null): void {
    this.theme.value = theme;
    this.streak.value = 0;
    void this.nextPuzzle();
  }

  chooseMode(mode: Mode): void {
    batch(() => {
      this.mode.value = mode;
      this.streak.value = 0;
    });
    void this.nextPuzzle();
  }

  private async load(get: () => Promise<PuzzleView>): Promise<void> {
    const serial = ++this.serial;
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.replyTimer = null;
    batch(() => {
      this.phase.value = 'loading';
      this.note.value = null;
    });
    try {
      const p = await get();
      if (serial !== this.serial) return;
      this.ended = false;
      batch(() => {
        this.puzzle.value = p;
        this.screen.value = p.screen;
        this.moves.value = [];
        this.selection.value = IDLE;
        this.hinted.value = false;
        this.hintSquare.value = null;
        this.viewed.value = false;
        this.wrong.value = null;
        this.solution.value = null;
        this.solutionStep.value = 0;
        this.result.value = null;
        this.phase.value = 'solving';
        this.note.value = null;
      });
    } catch (e) {
      if (serial !== this.serial) return;
      // None left in this set (and theme): the player chooses another; else a retry may work.
      const noneLeft = e instanceof ApiError && (e.code === 'not_found' || e.status === 404);
      batch(() => {
        this.puzzle.value = null;
        this.screen.value = null;
        this.result.value = null;
        this.solution.value = null;
        this.wrong.value = null;
        this.retry.value = !noneLeft;
        this.phase.value = 'none';
        this.note.value = { kind: 'error', text: noneLeft ? `${errorText(e)} Choose another set or theme above.` : errorText(e) };
      });
    }
  }

  dispatch(event: SelectionEvent): void {
    const s = this.screen.peek();
    if (!s || this.phase.peek() !== 'solving' || this.busy.peek() || this.solution.peek()) return;
    const out = step(s, true, this.selection.peek(), event);
    this.selection.value = out.selection;
    if (out.message) this.note.value = { kind: 'info', text: out.message };
    if (out.move) void this.play(out.move);
  }

  /** Sends the moves so far with the new one to the host, and shows its verdict. */
  async play(token: string): Promise<void> {
    const p = this.puzzle.peek();
    const s = this.screen.peek();
    if (!p || !s) return;
    const serial = this.serial;
    const tried = [...this.moves.peek(), token];
    const played = s.legal_moves.find((m) => m.token === token);
    this.busy.value = true;
    try {
      const a = await this.source.check(p.id, tried);
      if (serial !== this.serial) return;
      if (a.status === 'continue') {
        // The player's move first, then the reply by itself after a pause.
        batch(() => {
          this.screen.value = afterOwnMove(s, token) ?? s;
          this.moves.value = a.reply ? [...tried, a.reply] : tried;
          this.selection.value = IDLE;
          this.hintSquare.value = null;
          this.phase.value = 'reply';
          this.note.value = { kind: 'good', text: 'Good move! Your opponent replies…' };
        });
        this.replyTimer = setTimeout(() => {
          if (serial !== this.serial) return;
          batch(() => {
            this.screen.value = a.screen;
            this.phase.value = 'solving';
            this.note.value = { kind: 'good', text: a.message || 'Good. Now find the next move.' };
          });
        }, REPLY_PAUSE_MS);
        return;
      }
      const status = a.status;
      batch(() => {
        this.screen.value = a.screen;
        this.moves.value = tried;
        this.selection.value = IDLE;
        this.hintSquare.value = null;
        this.phase.value = status;
        this.wrong.value = status === 'missed' && played ? { from: played.from, to: played.to } : null;
        this.note.value = { kind: status, text: a.message };
      });
      await this.finish();
    } catch (e) {
      batch(() => {
        this.selection.value = IDLE;
        this.note.value = { kind: 'error', text: errorText(e) };
      });
    } finally {
      this.busy.value = false;
    }
  }

  /** The attempt, sent once when the puzzle ends; then the streak and the ratings. */
  private async finish(): Promise<void> {
    const p = this.puzzle.peek();
    if (!p || this.ended) return;
    this.ended = true;
    const serial = this.serial;
    try {
      const r = await this.source.attempt(p.id, { moves: this.moves.peek(), hinted: this.hinted.peek(), viewed: this.viewed.peek() });
      if (serial !== this.serial) return;
      batch(() => {
        this.result.value = r;
        if (this.mode.peek() === 'streak') {
          if (r.solved) this.streak.value += 1;
          this.bestStreak.value = this.source.noteStreak(this.streak.peek());
        }
      });
    } catch (e) {
      this.note.value = { kind: 'error', text: `The attempt was not recorded: ${errorText(e)}` };
    }
    void this.refreshMe();
  }

  /** Highlights where the next move starts; the attempt then counts as hinted. */
  async hint(): Promise<void> {
    const p = this.puzzle.peek();
    if (!p || this.phase.peek() !== 'solving') return;
    try {
      const h = await this.source.hint(p.id, this.moves.peek());
      batch(() => {
        this.hinted.value = true;
        this.hintSquare.value = h.square;
        this.note.value = { kind: 'info', text: `Hint: ${h.text}` };
      });
    } catch (e) {
      this.note.value = { kind: 'error', text: errorText(e) };
    }
  }

  /** The solution, stepped through; before the end it gives the puzzle up (a miss, viewed). */
  async showSolution(): Promise<void> {
    const p = this.puzzle.peek();
    if (!p || this.phase.peek() === 'loading' || this.phase.peek() === 'reply') return;
    try {
      const sol = await this.source.solution(p.id);
      const giveUp = this.phase.peek() === 'solving';
      batch(() => {
        this.viewed.value = true;
        this.solution.value = sol;
        this.solutionStep.value = 0;
        if (giveUp) {
          this.phase.value = 'missed';
          this.note.value = { kind: 'missed', text: 'Puzzle given up: here is the solution.' };
        }
      });
      if (giveUp) await this.finish();
    } catch (e) {
      this.note.value = { kind: 'error', text: errorText(e) };
    }
  }

  stepSolution(by: number): void {
    const sol = this.solution.peek();
    if (!sol) return;
    this.solutionStep.value = Math.max(0, Math.min(sol.screens.length - 1, this.solutionStep.peek() + by));
  }

  hideSolution(): void {
    this.solution.value = null;
  }

  /** After a missed streak: a new streak from the start. */
  newStreak(): void {
    this.streak.value = 0;
    void this.nextPuzzle();
  }
}
