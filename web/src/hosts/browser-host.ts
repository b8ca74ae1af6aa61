// Games in this browser: the rules and the engine compiled to WebAssembly (crates/wasm)
// answer in Web Workers, and the games are kept in IndexedDB. Nothing goes to a server.

import type { Catalogue, GameView, NewGame } from '../api';
import { ApiError } from '../api';
import { browserWorker, loadModule, Thinker, WasmClient, type SpawnWorker } from '../wasm/client';
import type { GameState } from '../wasm/protocol';
import { GameClock, type StoredClock } from './browser-clock';
import { apiError, BrowserGame } from './browser-game';
import { indexedDbStore, type GameStore } from './browser-store';
import { computerToMove, viewOf, type BrowserGameMeta, type MoveEval } from './browser-views';
import type { GameHost, GameLink, LinkEvents } from './host';

/** Where the module is: beside the page (the static site and the served app both put it there). */
export const moduleUrl = () => new URL('spacechess.wasm', document.baseURI);

const randomSeed = () => 1 + Math.floor(Math.random() * 0x7fff_ffff);

/** A NewGame's time control as fresh clocks, checked as the server checks it. */
function clockOf(tc: NewGame['time_control']): StoredClock | null {
  if (!tc) return null;
  const { minutes } = tc;
  const increment = tc.increment_seconds ?? 0;
  if (!(minutes > 0 && minutes <= 1440)) {
    throw new ApiError('bad_request', 'field "time_control.minutes" must be more than 0 and at most 1440', 400);
  }
  if (!(increment >= 0 && increment <= 3600)) {
    throw new ApiError('bad_request', 'field "time_control.increment_seconds" must be 0 to 3600', 400);
  }
  return GameClock.fresh(Math.trunc(minutes * 60_000), Math.trunc(increment * 1000));
}

/** A browser game's id: `b-` and 16 random hex digits (never a server game's id). */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'b-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class BrowserHost implements GameHost {
  readonly kind = 'browser' as const;
  private readonly client: WasmClient;
  private catalogued: Promise<Catalogue> | null = null;

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly store: GameStore = indexedDbStore(),
    private readonly spawn: SpawnWorker = browserWorker,
    private readonly seed: () => number = randomSeed,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.client = new WasmClient(module, spawn);
  }

  /** Loads and compiles the module (once per page). */
  static async load(): Promise<BrowserHost> {
    try {
      return new BrowserHost(await loadModule(moduleUrl()));
    } catch (e) {
      // E.g. a build made before scripts/build-wasm: the server answers the page instead.
      throw new Error(`Games in this browser are not available: the rules module did not load (${e instanceof Error ? e.message : String(e)}).`, { cause: e });
    }
  }

  catalogue(): Promise<Catalogue> {
    this.catalogued ??= this.client.call({ op: 'catalogue' });
    return this.catalogued;
  }

  async createGame(game: NewGame): Promise<GameView> {
    if (game.mode === 'online') {
      throw new ApiError('bad_request', 'Online play needs the spacechess server: choose "On the server" or another opponent.', 400);
    }
    const clock = clockOf(game.time_control);
    const catalogue = await this.catalogue();
    const { state, evals } = await this.startingState(game);
    try {
      const { record } = await this.client.call({ op: 'export_record', game: state.game });
      const meta: BrowserGameMeta = {
        id: newId(),
        mode: game.mode ?? 'computer',
        human: game.human ?? 'white',
        level: game.level ?? catalogue.levels.default,
        evals,
        ...(clock ? { clock } : {}),
      };
      await this.store.put({ ...meta, record, updated: Date.now() });
      const clocks = clock ? new GameClock(clock, this.now).view() : null;
      return viewOf(meta, state, computerToMove(meta, state), false, clocks);
    } finally {
      await this.client.call({ op: 'close', game: state.game });
    }
  }

  /** The new game's first state: a setup's start or position, or a record from any of its half-moves (as the server reads a NewGame). */
  private async startingState(game: NewGame): Promise<{ state: GameState; evals: (MoveEval | null)[] }> {
    if (game.record === null || game.record === undefined) {
      if (!game.variant) throw new ApiError('bad_request', 'field "variant" is required', 400);
      const state = await this.client.call({
        op: 'new_game',
        setup: { variant: game.variant, rules: game.rules ?? undefined, options: game.options ?? [] },
        position: game.position ?? undefined,
      });
      return { state, evals: [] };
    }
    for (const field of ['variant', 'rules', 'options', 'position'] as const) {
      if (game[field] !== null && game[field] !== undefined) {
        throw new ApiError('bad_request', `field "${field}" cannot be given with "record": the record names its own game`, 400);
      }
    }
    try {
      const state = await this.client.call({ op: 'new_from_record', record: game.record, record_ply: game.record_ply ?? undefined });
      const evals = state.record_evals.map((e): MoveEval | null => (e === null ? null : { eval: e, source: 'record', depth: null }));
      return { state, evals };
    } catch (e) {
      throw apiError(e);
    }
  }

  connect(id: string, events: LinkEvents): GameLink {
    return new BrowserGame(id, events, {
      client: this.client,
      store: this.store,
      thinker: () => new Thinker(this.module, this.spawn),
      worker: () => new WasmClient(this.module, this.spawn),
      seed: this.seed,
      now: this.now,
    });
  }
}
