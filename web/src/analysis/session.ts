// The analysis board's link to its keeper and what its screen shows, as signals: the
// board (AnalysisView), the engine's lines for the position shown, the Oracle's report,
// the selection of a move being made. Moves go to the keeper (the server, or the rules
// module in this browser: backend.ts), which keeps the side line; the page holds no rules.

import { batch, computed, signal } from '@preact/signals';
import { ApiError } from '../api';
import type { AnalysisMessage, AnalysisView, GameView, LinesView } from '../generated/api';
import type { AnalysisBackend } from './backend';
import { computeMarks } from '../marks';
import { hintOf, reportFits, type OracleReport } from '../oracle';
import type { PickResult } from '../picking';
import { IDLE, step, type Selection, type SelectionEvent } from '../selection';
import type { BoardScene, ViewMode } from '../game/session';

export type { AnalysisView, LinesView };

/**
 * The board as the board widgets draw it: they take a game's view and read only its
 * screen (cells, boards, legal moves, last move), so the rest is filled with neutral values.
 */
export function asGameView(a: AnalysisView): GameView {
  return {
    ...a,
    mode: 'local',
    human: 'white',
    level: 1,
    history: [],
    material: a.material,
    clocks: null,
    computer_thinking: false,
    oracle: a.oracle,
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

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class AnalysisSession {
  readonly view = signal<AnalysisView | null>(null);
  readonly lines = signal<LinesView | null>(null);
  readonly oracleReport = signal<OracleReport | null>(null);
  readonly selection = signal<Selection>(IDLE);
  readonly message = signal('');
  readonly busy = signal(false);
  readonly connected = signal(false);
  /** The flat boards (default: the lines are read against them) or the 3D view. */
  readonly viewMode = signal<ViewMode>('flat');
  /** The 3D widget once loaded. */
  readonly scene = signal<BoardScene | null>(null);
  /** The board drawn as a game view (see asGameView). */
  readonly shown = computed(() => {
    const v = this.view.value;
    return v ? asGameView(v) : null;
  });
  readonly marks = computed(() => {
    const v = this.shown.value;
    const r = this.oracleReport.value;
    return v ? computeMarks(v, this.selection.value, true, r ? hintOf(v, r.moves[0]?.token ?? null) : null) : null;
  });

  private readonly unlisten: () => void;
  private disposed = false;

  constructor(readonly board: AnalysisBackend) {
    void this.refetch();
    this.unlisten = board.listen(
      (m) => this.onMessage(m),
      (open) => (this.connected.value = open),
    );
  }

  dispose(): void {
    this.disposed = true;
    this.unlisten();
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
      this.message.value = 'The 3D view is not available in this browser; showing the flat boards.';
      this.viewMode.value = 'flat';
    }
  }

  onPick(result: PickResult): void {
    if (!result) return;
    if (result.kind === 'board-dest') this.dispatch({ type: 'board-destination', to: result.to });
    else this.dispatch({ type: 'tap', square: result.name });
  }

  private onMessage(m: AnalysisMessage): void {
    if (m.type === 'analysis') this.setView(m.analysis);
    else if (m.type === 'lines') {
      if (m.serial === this.view.peek()?.serial) this.lines.value = m;
    } else if (m.type === 'oracle') {
      const v = this.shown.peek();
      const report: OracleReport = m;
      if (v && this.view.peek()?.oracle && report.moves.length > 0 && reportFits(v, report)) this.oracleReport.value = report;
    } else if (m.type === 'error') this.message.value = m.error.message;
  }

  private setView(v: AnalysisView): void {
    const prev = this.view.peek();
    batch(() => {
      this.view.value = v;
      if (!prev || prev.serial !== v.serial) {
        this.selection.value = IDLE;
        this.lines.value = null;
        this.oracleReport.value = null;
      }
      if (!v.oracle) this.oracleReport.value = null;
    });
  }

  private async refetch(): Promise<void> {
    try {
      this.setView(await this.board.get());
    } catch (e) {
      this.message.value = errorText(e);
    }
  }

  /** Runs one request; its answer is the new board, its refusal the message line. */
  private async act(call: () => Promise<AnalysisView>): Promise<void> {
    if (this.busy.peek()) return;
    this.busy.value = true;
    try {
      this.setView(await call());
      this.message.value = '';
    } catch (e) {
      this.message.value = e instanceof ApiError ? e.message : errorText(e);
    } finally {
      this.busy.value = false;
    }
  }

  dispatch(event: SelectionEvent): void {
    const v = this.shown.peek();
    if (!v || this.busy.peek()) return;
    const out = step(v, true, this.selection.peek(), event);
    this.selection.value = out.selection;
    if (out.message !== undefined) this.message.value = out.message;
    if (out.move) this.play(out.move);
  }

  play(token: string): void {
    void this.act(() => this.board.move(token));
  }
  back(): void {
    void this.act(() => this.board.back());
  }
  startOver(): void {
    void this.act(() => this.board.back(0));
  }
  engine(on: boolean): void {
    void this.act(() => (on ? this.board.engineOn() : this.board.engineOff()));
  }
  setLines(n: number): void {
    void this.act(() => this.board.engineOn(n));
  }
  oracle(on: boolean): void {
    void this.act(() => (on ? this.board.oracleOn() : this.board.oracleOff()));
  }
}
