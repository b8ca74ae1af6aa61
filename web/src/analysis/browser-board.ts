// An analysis board kept in this browser (the static site): the rules module holds the
// board's game in a worker, the engine's lines and the Oracle run in workers of their
// own (a new position ends them at once, as the server's stop signal does). What the
// board is — where it started and its side line — is kept in this tab's session storage,
// so the board's page (`?analysis=<id>`) finds it again after a reload. Answers are the
// server's shapes (AnalysisView, the socket's messages).

import { ApiError } from '../api';
import type { AnalysisMessage, AnalysisRequest, AnalysisSource, AnalysisView } from '../generated/api';
import { newBrowserClient, wasmApiError } from '../wasm/browser-client';
import { StoppedError, type WasmClient } from '../wasm/client';
import type { GameState, LinesAnswer, SetupSpec } from '../wasm/protocol';
import type { AnalysisBackend } from './backend';

/** The longest side line (as the server's boards). */
const MAX_SIDE_LINE = 500;
/** Lines shown unless asked otherwise (as the server's boards). */
const DEFAULT_LINES = 3;
/** The longest engine run on one position (as the server's boards). */
const RUN_CAP_MS = 120_000;

/** Where a board starts: a record's half-moves, or a setup and position string. */
type Start = { record: string; record_ply: number | null } | { setup: SetupSpec; position: string | null };

/** What this tab keeps of a board. */
interface StoredBoard {
  source: AnalysisSource;
  start: Start;
  side: string[];
  lines: number;
  engine_on: boolean;
  oracle: boolean;
}

const key = (id: string) => `spacechess.analysis.${id}`;

function load(id: string): StoredBoard | null {
  try {
    const text = sessionStorage.getItem(key(id));
    return text ? (JSON.parse(text) as StoredBoard) : null;
  } catch {
    return null;
  }
}

function store(id: string, b: StoredBoard): void {
  sessionStorage.setItem(key(id), JSON.stringify(b));
}

/** A board's id in this browser: `b-` and 16 random hex digits. */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'b-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The start an AnalysisRequest names. A game of this browser comes as its record, with
 * `game` its id (so the board is "a position of your game" and leads back to it).
 */
function startOf(body: AnalysisRequest, game: string | null): { start: Start; source: AnalysisSource } {
  if (body.game) throw new ApiError('bad_request', 'A game kept in this browser is analysed from its record.', 400);
  if (body.record !== null && body.record !== undefined) {
    return { start: { record: body.record, record_ply: body.record_ply ?? null }, source: { kind: game ? 'game' : 'record', game, ply: 0 } };
  }
  if (!body.variant) throw new ApiError('bad_request', 'field "variant" is required (or a "record")', 400);
  const setup: SetupSpec = { variant: body.variant, rules: body.rules ?? undefined, options: body.options ?? [] };
  return { start: { setup, position: body.position ?? null }, source: { kind: 'position', game: null, ply: 0 } };
}

async function startGame(client: WasmClient, start: Start): Promise<GameState> {
  if ('record' in start) return client.call({ op: 'new_from_record', record: start.record, record_ply: start.record_ply ?? undefined });
  return client.call({ op: 'new_game', setup: start.setup, position: start.position ?? undefined });
}

/** The lines of an analysis as the server's `lines` message (the module scores them as the server does). */
function linesOf(a: LinesAnswer, serial: number): Extract<AnalysisMessage, { type: 'lines' }> {
  return { type: 'lines', serial, depth: a.depth, nodes: a.nodes, elapsed_ms: a.elapsed_ms, lines: a.lines };
}

export class BrowserBoard implements AnalysisBackend {
  private state: GameState | null = null;
  private sideFrom = 0;
  private serial = 1;
  private running = false;
  private readonly listeners = new Set<(m: AnalysisMessage) => void>();
  private readonly ready: Promise<void>;
  /** Requests run one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly id: string,
    private readonly kept: StoredBoard,
    private readonly client: WasmClient,
    /** The engine's lines and the Oracle: a worker each, ended when their position goes. */
    private readonly engine: WasmClient,
    private readonly oracleWorker: WasmClient,
  ) {
    this.ready = this.build();
  }

  /**
   * Opens a new board (the module reads the record or position and refuses a bad one); its
   * id. `game`: the browser game whose record `body` carries.
   */
  static async open(body: AnalysisRequest, game: string | null = null): Promise<string> {
    const { start, source } = startOf(body, game);
    const client = await newBrowserClient();
    try {
      const state = await startGame(client, start).catch((e: unknown) => {
        throw wasmApiError(e);
      });
      const id = newId();
      const lines = body.lines ?? DEFAULT_LINES;
      store(id, { source: { ...source, ply: state.ply }, start, side: [], lines, engine_on: state.status !== 'over', oracle: false });
      return id;
    } finally {
      client.restart();
    }
  }

  /** The board `id` of this tab, or why there is none. */
  static async restore(id: string): Promise<BrowserBoard> {
    const kept = load(id);
    if (!kept) throw new ApiError('unknown_board', 'This analysis board is gone: boards opened in this browser last as long as the tab. Open a new one from the opening screen.', 404);
    // One compiled module; each client starts its worker at its first request.
    return new BrowserBoard(id, kept, await newBrowserClient(), await newBrowserClient(), await newBrowserClient());
  }

  private async build(): Promise<void> {
    let state = await startGame(this.client, this.kept.start);
    this.sideFrom = state.history.length;
    for (const token of this.kept.side) state = await this.client.call({ op: 'play', game: state.game, move: token });
    this.state = state;
    this.restartEngines();
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      await this.ready;
      try {
        return await work();
      } catch (e) {
        throw wasmApiError(e);
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private get current(): GameState {
    if (!this.state) throw new Error('the board is not ready');
    return this.state;
  }

  private view(): AnalysisView {
    const { game: _handle, history, material, ...screen } = this.current;
    return {
      ...screen,
      id: this.id,
      source: this.kept.source,
      history,
      side_line_from: this.sideFrom,
      material,
      lines: this.kept.lines,
      engine_on: this.kept.engine_on,
      engine_running: this.running,
      oracle: this.kept.oracle,
      // No server's seconds to share: this browser's own engine has no limit per board.
      engine_seconds_left: Number.POSITIVE_INFINITY,
      serial: this.serial,
    };
  }

  private emit(m: AnalysisMessage): void {
    for (const l of this.listeners) l(m);
  }

  private publish(): AnalysisView {
    store(this.id, this.kept);
    const v = this.view();
    this.emit({ type: 'analysis', analysis: v });
    return v;
  }

  /** A new position: the runs for the old one end, and the ones switched on start again. */
  private newPosition(state: GameState): AnalysisView {
    this.state = state;
    this.serial += 1;
    this.restartEngines();
    return this.publish();
  }

  private restartEngines(): void {
    this.stopEngine();
    this.stopOracle();
    if (this.current.status === 'over') return;
    if (this.kept.engine_on) this.startEngine();
    if (this.kept.oracle) this.startOracle();
  }

  private stopEngine(): void {
    this.engine.restart();
    this.running = false;
  }

  private stopOracle(): void {
    this.oracleWorker.restart();
  }

  private async recordNow(): Promise<string> {
    return (await this.client.call({ op: 'export_record', game: this.current.game })).record;
  }

  private startEngine(): void {
    const serial = this.serial;
    const lines = this.kept.lines;
    const engine = this.engine;
    this.running = true;
    void (async () => {
      const record = await this.recordNow();
      const game = await engine.call({ op: 'import_record', record });
      await engine.call({ op: 'analyse', game: game.game, lines, limits: { movetime_ms: RUN_CAP_MS } }, (p) => {
        if ('analysis' in p && serial === this.serial) this.emit(linesOf(p.analysis, serial));
      });
      await engine.call({ op: 'close', game: game.game });
      if (serial === this.serial) {
        this.running = false;
        this.publish();
      }
    })().catch((e: unknown) => {
      if (e instanceof StoppedError || serial !== this.serial) return;
      this.running = false;
      this.emit({ type: 'error', error: { code: 'internal', message: `The engine failed: ${e instanceof Error ? e.message : String(e)}` } });
      this.publish();
    });
  }

  private startOracle(): void {
    const serial = this.serial;
    const worker = this.oracleWorker;
    void (async () => {
      const record = await this.recordNow();
      const game = await worker.call({ op: 'import_record', record });
      // A board has no look-ahead setting: the Oracle looks as deep as its time allows.
      // The module's default budget is the server's.
      await worker.call({ op: 'oracle', game: game.game, level: 'max' }, (p) => {
        if ('oracle' in p && serial === this.serial) this.emit({ type: 'oracle', ...p.oracle });
      });
      await worker.call({ op: 'close', game: game.game });
    })().catch((e: unknown) => {
      if (e instanceof StoppedError || serial !== this.serial) return;
      this.emit({ type: 'error', error: { code: 'internal', message: `The Oracle failed: ${e instanceof Error ? e.message : String(e)}` } });
    });
  }

  private refuseOver(): void {
    if (this.current.status === 'over') {
      throw new ApiError('game_over', 'the game is over in this position: there is nothing to analyse', 409);
    }
  }

  // ------------------------------------------------------------------ AnalysisBackend

  get = () => this.run(async () => this.view());

  move = (token: string) =>
    this.run(async () => {
      if (this.kept.side.length >= MAX_SIDE_LINE) {
        throw new ApiError('bad_request', `the side line is ${MAX_SIDE_LINE} moves long, the most a board keeps: step back or open a new board`, 400);
      }
      const state = await this.client.call({ op: 'play', game: this.current.game, move: token });
      this.kept.side.push(token);
      return this.newPosition(state);
    });

  back = (to?: number) =>
    this.run(async () => {
      const target = to === undefined ? this.kept.side.length - 1 : to;
      if (target < 0 || target > this.kept.side.length) {
        throw new ApiError('bad_request', to === undefined ? 'the side line has no move to take back' : `field "to" must be 0 to ${this.kept.side.length}`, 400);
      }
      let state = this.current;
      while (this.kept.side.length > target) {
        state = await this.client.call({ op: 'undo', game: state.game });
        this.kept.side.pop();
      }
      return this.newPosition(state);
    });

  engineOn = (lines?: number) =>
    this.run(async () => {
      if (lines !== undefined && !(Number.isInteger(lines) && lines >= 1 && lines <= 8)) {
        throw new ApiError('bad_request', 'field "lines" must be 1 to 8', 400);
      }
      this.refuseOver();
      const changed = lines !== undefined && lines !== this.kept.lines;
      if (lines !== undefined) this.kept.lines = lines;
      if (changed || !this.running) {
        this.stopEngine();
        this.kept.engine_on = true;
        this.startEngine();
      }
      this.kept.engine_on = true;
      return this.publish();
    });

  engineOff = () =>
    this.run(async () => {
      this.kept.engine_on = false;
      this.stopEngine();
      return this.publish();
    });

  oracleOn = () =>
    this.run(async () => {
      this.refuseOver();
      this.kept.oracle = true;
      this.stopOracle();
      this.startOracle();
      return this.publish();
    });

  oracleOff = () =>
    this.run(async () => {
      this.kept.oracle = false;
      this.stopOracle();
      return this.publish();
    });

  close = async (): Promise<void> => {
    sessionStorage.removeItem(key(this.id));
    this.stopEngine();
    this.stopOracle();
    this.client.restart();
  };

  /** The opening screen, or the browser game the board came from. */
  home = (game: string | null) => (game ? `./?game=${encodeURIComponent(game)}&host=browser` : './');

  listen(message: (m: AnalysisMessage) => void, connected: (open: boolean) => void): () => void {
    this.listeners.add(message);
    // Always connected: the board is in this page. The board comes first, as on a socket.
    connected(true);
    this.ready.then(
      () => message({ type: 'analysis', analysis: this.view() }),
      (e: unknown) => {
        const err = wasmApiError(e);
        message({ type: 'error', error: { code: err instanceof ApiError ? err.code : 'internal', message: err instanceof Error ? err.message : String(err) } });
      },
    );
    return () => {
      this.listeners.delete(message);
      this.stopEngine();
      this.stopOracle();
      this.client.restart();
    };
  }
}
