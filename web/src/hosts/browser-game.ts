// One game in this browser, behind the screen's GameLink: its state in the host's game
// worker, the computer's search in a worker of its own (stopped by ending it), the Oracle
// in another, the record kept in the store after every change. It answers as the server
// does (docs/api.md: take back, draw offers, resignation, the Oracle on duty).

import { ApiError, type GameView, type PositionView, type Side } from '../api';
import type { DrawAnswer } from '../generated/api';
import { StoppedError, type Thinker, type WasmClient } from '../wasm/client';
import { wasmApiError } from '../wasm/browser-client';
import type { GameState } from '../wasm/protocol';
import { GameClock } from './browser-clock';
import type { GameStore } from './browser-store';
import {
  computerToMove,
  limitsFor,
  oracleOf,
  ORACLE_BUDGET_MS,
  pawnsForWhite,
  thinkingOf,
  viewOf,
  type BrowserGameMeta,
  type MoveEval,
} from './browser-views';
import type { GameLink, LinkEvents } from './host';

/** What a browser game needs from its host. */
export interface BrowserGameDeps {
  /** The host's worker, where the games' states live. */
  client: WasmClient;
  store: GameStore;
  /** A stoppable search of its own (for the computer). */
  thinker(): Thinker;
  /** A worker of its own (for the Oracle, stopped by restarting it). */
  worker(): WasmClient;
  /** The variety seed of one search (random in the app, fixed in tests). */
  seed(): number;
  /** The clocks' time in ms (the page's monotonic clock; a fake one in tests). */
  now(): number;
}

/** The module's refusal as the server's API error (the same codes: table::ErrorCode). */
export const apiError = wasmApiError;

const other = (s: Side): Side => (s === 'white' ? 'black' : 'white');
const noop = () => undefined;

export class BrowserGame implements GameLink {
  readonly live = true;
  private meta: BrowserGameMeta | null = null;
  private handle = 0;
  private state: GameState | null = null;
  private recordText = '';
  private closed = false;
  private readonly loaded: Promise<void>;
  /** Changes run one after another, in the order asked. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped by every change: work started for an older state is dropped. */
  private epoch = 0;
  private search: { stop(): void } | null = null;
  private thinker: Thinker | null = null;
  private oracleDuty = false;
  /** The epoch the Oracle runs for (null: not running). */
  private consulting: number | null = null;
  private oracle: WasmClient | null = null;
  private clock: GameClock | null = null;
  private flagTimer: ReturnType<typeof setTimeout> | null = null;
  /** Saves the clocks when the page goes away (a reload goes on from what was left). */
  private readonly onPageHide = () => void this.saveClock();

  constructor(
    id: string,
    private readonly events: LinkEvents,
    private readonly deps: BrowserGameDeps,
  ) {
    this.loaded = this.load(id);
    this.loaded.catch(noop);
    if (typeof window !== 'undefined') window.addEventListener('pagehide', this.onPageHide);
  }

  private async load(id: string): Promise<void> {
    this.events.connection('connecting');
    const stored = await this.deps.store.get(id);
    if (!stored) throw new ApiError('unknown_game', `No game ${id} is kept in this browser.`, 404);
    const { record, updated: _updated, ...meta } = stored;
    const state = await this.deps.client.call({ op: 'import_record', record });
    if (this.closed) {
      await this.deps.client.call({ op: 'close', game: state.game });
      return;
    }
    this.meta = meta;
    this.handle = state.game;
    this.state = state;
    this.recordText = record;
    if (meta.clock) {
      this.clock = new GameClock(meta.clock, () => this.deps.now());
      this.clock.settle(state.turn, state.ply, state.status === 'in-progress');
    }
    this.events.connection('open');
    // Against the computer its worker starts now, not at its first move.
    if (meta.mode === 'computer') {
      this.thinker ??= this.deps.thinker();
      this.thinker.warm();
    }
    this.startWork();
    this.publish();
    this.armFlag();
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const next = Promise.all([this.loaded, this.queue]).then(work);
    this.queue = next.then(noop, noop);
    return next;
  }

  private get current(): { meta: BrowserGameMeta; state: GameState } {
    if (!this.meta || !this.state) throw new ApiError('unknown_game', 'The game is not open.', 404);
    return { meta: this.meta, state: this.state };
  }

  private view(): GameView {
    const { meta, state } = this.current;
    return viewOf(meta, state, this.search !== null, this.oracleDuty, this.clock?.view() ?? null);
  }

  private publish(): GameView {
    const view = this.view();
    if (!this.closed) this.events.message({ type: 'state', game: view });
    return view;
  }

  private fail(message: string): void {
    if (!this.closed) this.events.message({ type: 'error', error: { code: 'internal', message } });
  }

  /** Ends the work for the current state (the search, the Oracle). */
  private stopWork(): void {
    this.epoch++;
    this.search?.stop();
    this.search = null;
    if (this.consulting !== null) this.oracle?.restart();
    this.consulting = null;
  }

  /**
   * A change of the game: the old work stops, the new state is kept (with the move's
   * evaluation, and its time charged on the clocks), the next work starts.
   */
  private async change(work: () => Promise<GameState>, moveEval: MoveEval | null = null): Promise<GameView> {
    this.stopWork();
    const before = this.current.state;
    try {
      this.state = await work();
    } catch (e) {
      // Refused (an illegal move, nothing to take back): the old state stands, and its work.
      this.startWork();
      this.armFlag();
      throw apiError(e);
    }
    const next = this.state;
    const kept = this.current.meta.evals;
    const evals = Array.from({ length: before.ply }, (_, i) => kept?.[i] ?? null);
    if (next.ply > before.ply) {
      this.clock?.charge(before.turn);
      evals.push(moveEval);
    } else if (next.ply < before.ply) {
      this.clock?.rewind(next.ply);
    }
    evals.length = Math.min(evals.length, next.ply);
    this.clock?.settle(next.turn, next.ply, next.status === 'in-progress');
    this.meta = { ...this.current.meta, evals };
    this.recordText = (await this.deps.client.call({ op: 'export_record', game: this.handle })).record;
    await this.save();
    this.startWork();
    this.armFlag();
    return this.publish();
  }

  /** Keeps the game (its record, evaluations and clocks) in the store. */
  private async save(): Promise<void> {
    const { meta } = this.current;
    const clock = this.clock?.save();
    try {
      await this.deps.store.put({ ...meta, ...(clock ? { clock } : {}), record: this.recordText, updated: Date.now() });
    } catch (e) {
      this.fail(`The game could not be saved in this browser: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private saveClock(): Promise<void> {
    if (!this.clock || !this.meta || this.closed) return Promise.resolve();
    return this.save();
  }

  /** Wakes when the side to move's time runs out: its flag falls as on the server. */
  private armFlag(): void {
    if (this.flagTimer) clearTimeout(this.flagTimer);
    this.flagTimer = null;
    const wait = this.clock?.untilFlag();
    if (wait === null || wait === undefined || this.closed) return;
    const epoch = this.epoch;
    // A few milliseconds of slack so the flag is certainly down when checked.
    this.flagTimer = setTimeout(() => {
      void this.run(async () => {
        if (epoch !== this.epoch) return;
        if (!(await this.flagIfDown())) this.armFlag();
      }).catch((e: unknown) => this.fail(`The clock failed: ${String(e)}`));
    }, wait + 5);
  }

  /** If the side to move's time has run out, it loses on time (true); else nothing changes. */
  private async flagIfDown(): Promise<boolean> {
    const { state } = this.current;
    if (state.status !== 'in-progress' || !this.clock?.flagged(state.turn)) return false;
    await this.change(() => this.deps.client.call({ op: 'flag', game: this.handle, side: state.turn }));
    return true;
  }

  /** Starts what the new state asks for: the computer's move, or the Oracle on the player's turn. */
  private startWork(): void {
    const { meta, state } = this.current;
    if (this.closed || state.status !== 'in-progress') return;
    if (computerToMove(meta, state)) this.think(meta, state);
    else if (this.oracleDuty) this.consult(state);
  }

  private think(meta: BrowserGameMeta, state: GameState): void {
    const epoch = this.epoch;
    this.thinker ??= this.deps.thinker();
    const clock = this.clock ? { left_ms: this.clock.left(state.turn), increment_ms: meta.clock?.increment_ms ?? 0 } : undefined;
    const started = this.thinker.think(this.recordText, limitsFor(meta.level, this.deps.seed(), clock), (p) => {
      if (epoch === this.epoch) this.events.message(thinkingOf(p, state.turn));
    });
    this.search = started;
    started.result.then(
      (thought) => {
        if (epoch !== this.epoch || !thought.best) return;
        const best = thought.best;
        // The search's score belongs to the move it chose (as on the server).
        const moveEval: MoveEval | null = thought.depth > 0 ? { eval: pawnsForWhite(thought.score, state.turn), source: 'computer', depth: thought.depth } : null;
        this.run(async () => {
          if (epoch !== this.epoch) return;
          this.search = null;
          // A move that arrives after the flag fell loses on time instead.
          if (await this.flagIfDown()) return;
          await this.change(() => this.deps.client.call({ op: 'play', game: this.handle, move: best }), moveEval);
        }).catch((e: unknown) => this.fail(`The computer's move failed: ${String(e)}`));
      },
      (e: unknown) => {
        if (epoch === this.epoch) this.fail(`The computer could not search: ${String(e)}`);
      },
    );
  }

  private consult(state: GameState): void {
    const epoch = this.epoch;
    if (this.consulting === epoch) return;
    this.consulting = epoch;
    this.oracle ??= this.deps.worker();
    const worker = this.oracle;
    const record = this.recordText;
    const level = this.current.meta.level;
    void (async () => {
      const game = await worker.call({ op: 'import_record', record });
      await worker.call({ op: 'oracle', game: game.game, budget_ms: ORACLE_BUDGET_MS, level }, (p) => {
        if ('oracle' in p && epoch === this.epoch) this.events.message(oracleOf(p.oracle, state));
      });
      await worker.call({ op: 'close', game: game.game });
      if (this.consulting === epoch) this.consulting = null;
    })().catch((e: unknown) => {
      if (!(e instanceof StoppedError) && epoch === this.epoch) this.fail(`The Oracle failed: ${String(e)}`);
    });
  }

  // ------------------------------------------------------------------ GameLink

  fetch(): Promise<GameView> {
    return this.run(async () => {
      await this.flagIfDown();
      return this.view();
    });
  }

  move(token: string, ply: number): Promise<GameView> {
    return this.run(async () => {
      const { meta, state } = this.current;
      if (computerToMove(meta, state) || ply !== state.ply) {
        throw new ApiError('not_your_turn', `It is not your move (the game is at ply ${state.ply}, the move was for ${ply}).`, 409);
      }
      if (await this.flagIfDown()) {
        throw new ApiError('game_over', `${state.turn} lost on time before the move arrived`, 409);
      }
      return this.change(() => this.deps.client.call({ op: 'play', game: this.handle, move: token }));
    });
  }

  /** As on the server: against the computer back to and including the player's last move; else one move. */
  takeback(): Promise<GameView> {
    return this.run(() => {
      const { meta, state } = this.current;
      const ply = state.history.length;
      let count = ply > 0 ? 1 : 0;
      if (meta.mode === 'computer') {
        const last = state.history.map((h) => h.side).lastIndexOf(meta.human);
        count = last < 0 ? 0 : ply - last;
      }
      if (count === 0) throw new ApiError('nothing_to_take_back', 'there is no move of yours to take back', 409);
      if (state.result && ['agreement', 'resignation', 'time'].includes(state.result.reason)) {
        throw new ApiError('game_over', `the game ended by ${state.result.reason}; it cannot be taken back`, 409);
      }
      return this.change(async () => {
        let s = state;
        for (let i = 0; i < count; i++) s = await this.deps.client.call({ op: 'undo', game: this.handle });
        return s;
      });
    });
  }

  offerDraw(): Promise<DrawAnswer> {
    return this.run(async () => {
      const { meta } = this.current;
      const computer = meta.mode === 'computer' ? other(meta.human) : undefined;
      const answer = await this.deps.client.call({ op: 'offer_draw', game: this.handle, computer });
      if (!answer.accepted) return { accepted: false, game: this.view() };
      return { accepted: true, game: await this.change(() => Promise.resolve(answer.game)) };
    });
  }

  resign(side: Side): Promise<GameView> {
    return this.run(() => {
      const { meta } = this.current;
      if (meta.mode === 'computer' && side !== meta.human) {
        throw new ApiError('bad_request', `only the player (${meta.human}) may resign, not ${side}`, 400);
      }
      return this.change(() => this.deps.client.call({ op: 'resign', game: this.handle, side }));
    });
  }

  oracleOn(): Promise<void> {
    return this.run(() => {
      this.oracleDuty = true;
      const { meta, state } = this.current;
      if (state.status === 'in-progress' && !computerToMove(meta, state)) this.consult(state);
      this.publish();
      return Promise.resolve();
    });
  }

  oracleOff(): Promise<void> {
    return this.run(() => {
      this.oracleDuty = false;
      if (this.consulting !== null) this.oracle?.restart();
      this.consulting = null;
      this.publish();
      return Promise.resolve();
    });
  }

  /** The board after `ply` half-moves, replayed by the module (review). */
  position(ply: number): Promise<PositionView> {
    return this.run(async () => {
      try {
        return await this.deps.client.call({ op: 'position', game: this.handle, ply });
      } catch (e) {
        throw apiError(e);
      }
    });
  }

  record(): Promise<string> {
    return this.run(async () => (await this.deps.client.call({ op: 'export_record', game: this.handle })).record);
  }

  close(): void {
    if (this.closed) return;
    // The clocks as they stand are kept before the link goes.
    void this.saveClock();
    this.closed = true;
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', this.onPageHide);
    if (this.flagTimer) clearTimeout(this.flagTimer);
    this.stopWork();
    this.thinker?.terminate();
    this.oracle?.restart();
    void this.run(async () => {
      if (this.handle) await this.deps.client.call({ op: 'close', game: this.handle });
    }).catch(noop);
  }
}
