// One game in this browser, behind the screen's GameLink. The game is a game table in the
// host's worker (crates/wasm, the table the server runs too): each request is one of its
// commands, and each answer is the server's GameView, the game to keep and the duties.
// This file decides nothing about the game; it carries the duties out: the game kept in
// the store, the computer's search in a worker of its own (stopped by ending it), the
// Oracle in another, the record's evaluations in a third, a timer for each deadline.

import { ApiError, type GameView, type PositionView, type Side } from '../api';
import type { DrawAnswer } from '../generated/api';
import { wasmApiError } from '../wasm/browser-client';
import { StoppedError, type WasmClient } from '../wasm/client';
import type { DutyView, TableAnswer, TableCommand } from '../wasm/protocol';
import type { GameStore } from './browser-store';
import type { GameLink, LinkEvents } from './host';

/** What a browser game needs from its host. */
export interface BrowserGameDeps {
  /** The host's worker, where the games' tables live. */
  client: WasmClient;
  store: GameStore;
  /** A worker of its own (for the computer, the Oracle, the evaluations: stopped by restarting it). */
  worker(): WasmClient;
  /** The variety seed of one search (random in the app, fixed in tests). */
  seed(): number;
  /** The wall clock in ms (the tables' time; a fake one in tests). */
  now(): number;
}

/** The module's refusal as the server's API error (the same codes: table::ErrorCode). */
export const apiError = wasmApiError;

const noop = () => undefined;

export class BrowserGame implements GameLink {
  readonly live = true;
  private table = 0;
  private closed = false;
  private readonly loaded: Promise<void>;
  /** Commands run one after another, in the order asked. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped when the engines stop: their later reports belong to an older state. */
  private epoch = 0;
  private oracleEpoch = 0;
  private thinker: WasmClient | null = null;
  private searching = false;
  private oracle: WasmClient | null = null;
  private evaluator: WasmClient | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The deadline the timer waits for (the host's wall clock, ms). */
  private deadline: number | null = null;

  constructor(
    id: string,
    private readonly events: LinkEvents,
    private readonly deps: BrowserGameDeps,
  ) {
    this.loaded = this.load(id);
    this.loaded.catch(noop);
  }

  private async load(id: string): Promise<void> {
    this.events.connection('connecting');
    const stored = await this.deps.store.get(id);
    if (!stored) throw new ApiError('unknown_game', `No game ${id} is kept in this browser.`, 404);
    const answer = await this.call({ op: 'table_open', stored, now_ms: this.deps.now() });
    if (this.closed) {
      await this.deps.client.call({ op: 'table_close', table: answer.table });
      return;
    }
    this.table = answer.table;
    this.events.connection('open');
    // Against the computer its worker starts now, not at its first search (a fresh
    // worker spends a few tenths of a second loading the module).
    if (answer.view.mode === 'computer') {
      this.thinker ??= this.deps.worker();
      this.thinker.warm();
    }
    await this.take(answer);
  }

  private call<R extends Parameters<WasmClient['call']>[0]>(request: R) {
    return this.deps.client.call(request).catch((e: unknown) => {
      throw apiError(e);
    });
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const next = Promise.all([this.loaded, this.queue]).then(work);
    this.queue = next.then(noop, noop);
    return next;
  }

  /** Sends a command to the game's table and carries out its answer. */
  private send(command: TableCommand): Promise<TableAnswer> {
    return this.run(async () => {
      const answer = await this.call({ op: 'table_command', table: this.table, command, now_ms: this.deps.now() });
      await this.take(answer);
      return answer;
    });
  }

  /** An answer: the game kept (when it changed) and shown, then the duties in order; a refusal that changed the game all the same is thrown last. */
  private async take(answer: TableAnswer): Promise<GameView> {
    if (answer.stored) {
      try {
        await this.deps.store.put(answer.stored);
      } catch (e) {
        this.fail(`The game could not be saved in this browser: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (!this.closed) this.events.message({ type: 'state', game: answer.view });
    for (const duty of answer.duties) this.perform(duty);
    if (answer.refused) throw new ApiError(answer.refused.code, answer.refused.message, 0);
    return answer.view;
  }

  private perform(duty: DutyView): void {
    if (this.closed) return;
    switch (duty.duty) {
      case 'stop_engines':
        this.epoch++;
        // A running search is ended at once, its worker started again for the next one.
        if (this.searching) {
          this.searching = false;
          this.thinker?.restart();
          this.thinker?.warm();
        }
        this.stopOracle();
        // A change lists its deadlines again.
        this.disarm();
        break;
      case 'stop_oracle':
        this.stopOracle();
        break;
      case 'search':
        this.think(duty);
        break;
      case 'oracle':
        this.consult(duty);
        break;
      case 'evaluate':
        this.evaluate(duty);
        break;
      case 'wake':
        this.disarm();
        this.deadline = duty.at_ms;
        this.timer = setTimeout(
          () => void this.send({ command: 'wake' }).catch((e: unknown) => this.fail(`The clock failed: ${String(e)}`)),
          // A few milliseconds of slack, so that the deadline has certainly passed.
          Math.max(0, duty.at_ms - this.deps.now()) + 5,
        );
        break;
    }
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.deadline = null;
  }

  private stopOracle(): void {
    this.oracleEpoch++;
    this.oracle?.restart();
  }

  private fail(message: string): void {
    if (!this.closed) this.events.message({ type: 'error', error: { code: 'internal', message } });
  }

  private think(duty: Extract<DutyView, { duty: 'search' }>): void {
    const epoch = this.epoch;
    this.thinker ??= this.deps.worker();
    const request = { op: 'think' as const, record: duty.record, level: duty.level, clock: duty.clock ?? undefined, seed: this.deps.seed() };
    this.searching = true;
    this.thinker
      .call(request, (p) => {
        if ('thinking' in p && epoch === this.epoch) this.events.message({ type: 'thinking', ...p.thinking });
      })
      .then(
        (thought) => {
          if (epoch !== this.epoch) return;
          this.searching = false;
          return this.send({ command: 'computer_move', ...thought });
        },
        (e: unknown) => {
          if (epoch !== this.epoch) return;
          this.searching = false;
          if (!(e instanceof StoppedError)) throw e;
        },
      )
      .catch((e: unknown) => this.fail(`The computer's move failed: ${String(e)}`));
  }

  private consult(duty: Extract<DutyView, { duty: 'oracle' }>): void {
    const epoch = this.oracleEpoch;
    this.oracle ??= this.deps.worker();
    const worker = this.oracle;
    void (async () => {
      const game = await worker.call({ op: 'import_record', record: duty.record });
      await worker.call({ op: 'oracle', game: game.game, budget_ms: duty.budget_ms, level: duty.level }, (p) => {
        if ('oracle' in p && epoch === this.oracleEpoch) this.events.message({ type: 'oracle', ...p.oracle });
      });
      await worker.call({ op: 'close', game: game.game });
    })().catch((e: unknown) => {
      if (!(e instanceof StoppedError) && epoch === this.oracleEpoch) this.fail(`The Oracle failed: ${String(e)}`);
    });
  }

  /** The record's evaluation of a move, one after another in a worker of their own (a move taken back since is skipped by the table). */
  private evaluate(duty: Extract<DutyView, { duty: 'evaluate' }>): void {
    this.evaluator ??= this.deps.worker();
    this.evaluator
      .call({ op: 'evaluate', record: duty.record })
      .then(({ pawns }) => (this.closed ? undefined : this.send({ command: 'evaluation', ply: duty.ply, line: duty.line, pawns })))
      .catch((e: unknown) => {
        if (!(e instanceof StoppedError)) this.fail(`The evaluation failed: ${String(e)}`);
      });
  }

  // ------------------------------------------------------------------ GameLink

  async fetch(): Promise<GameView> {
    // A timer that has not fired yet though its deadline passed (a page asleep): its
    // command goes first.
    await this.loaded;
    if (this.deadline !== null && this.deps.now() >= this.deadline) await this.send({ command: 'wake' });
    return this.run(() => this.call({ op: 'table_view', table: this.table, now_ms: this.deps.now() }));
  }

  async move(token: string, ply: number): Promise<GameView> {
    return (await this.send({ command: 'move', token, ply })).view;
  }

  async takeback(): Promise<GameView> {
    return (await this.send({ command: 'take_back' })).view;
  }

  async offerDraw(): Promise<DrawAnswer> {
    const answer = await this.send({ command: 'offer_draw' });
    return { accepted: answer.draw_accepted ?? false, game: answer.view };
  }

  async resign(side: Side): Promise<GameView> {
    return (await this.send({ command: 'resign', side })).view;
  }

  async oracleOn(): Promise<void> {
    await this.send({ command: 'oracle_on' });
  }

  async oracleOff(): Promise<void> {
    await this.send({ command: 'oracle_off' });
  }

  /** The board after `ply` half-moves (review). */
  position(ply: number): Promise<PositionView> {
    return this.run(() => this.call({ op: 'table_position', table: this.table, ply }));
  }

  record(): Promise<string> {
    return this.run(async () => (await this.call({ op: 'table_record', table: this.table, now_ms: Date.now() })).record);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.disarm();
    this.thinker?.restart();
    this.oracle?.restart();
    this.evaluator?.restart();
    void this.run(async () => {
      if (this.table) await this.deps.client.call({ op: 'table_close', table: this.table });
    }).catch(noop);
  }
}
