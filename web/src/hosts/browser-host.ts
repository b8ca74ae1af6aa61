// Games in this browser: the rules and the engine compiled to WebAssembly (crates/wasm)
// answer in Web Workers, and the games are kept in IndexedDB. Nothing goes to a server.

import type { Catalogue, GameView, NewGame } from '../api';
import { ApiError } from '../api';
import { browserWorker, loadModule, Thinker, WasmClient, type SpawnWorker } from '../wasm/client';
import { BrowserGame } from './browser-game';
import { indexedDbStore, type GameStore } from './browser-store';
import { computerToMove, viewOf, type BrowserGameMeta } from './browser-views';
import type { GameHost, GameLink, LinkEvents } from './host';

/** Where the module is: beside the page (the static site and the served app both put it there). */
export const moduleUrl = () => new URL('spacechess.wasm', document.baseURI);

const randomSeed = () => 1 + Math.floor(Math.random() * 0x7fff_ffff);

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
    if (game.time_control) {
      throw new ApiError('bad_request', 'Games in this browser have no clock yet: choose "No clock".', 400);
    }
    if (game.mode === 'online') {
      throw new ApiError('bad_request', 'Online play needs the spacechess server: choose "On the server" or another opponent.', 400);
    }
    const variant = game.variant;
    if (!variant || game.record) {
      throw new ApiError('bad_request', 'Records are imported by the server: games in this browser start from a variant.', 400);
    }
    const catalogue = await this.catalogue();
    const state = await this.client.call({
      op: 'new_game',
      setup: { variant, rules: game.rules ?? undefined, options: game.options ?? [] },
      position: game.position ?? undefined,
    });
    try {
      const { record } = await this.client.call({ op: 'export_record', game: state.game });
      const meta: BrowserGameMeta = {
        id: newId(),
        mode: game.mode ?? 'computer',
        human: game.human ?? 'white',
        level: game.level ?? catalogue.levels.default,
      };
      await this.store.put({ ...meta, record, updated: Date.now() });
      return viewOf(meta, state, computerToMove(meta, state), false);
    } finally {
      await this.client.call({ op: 'close', game: state.game });
    }
  }

  connect(id: string, events: LinkEvents): GameLink {
    return new BrowserGame(id, events, {
      client: this.client,
      store: this.store,
      thinker: () => new Thinker(this.module, this.spawn),
      worker: () => new WasmClient(this.module, this.spawn),
      seed: this.seed,
    });
  }
}
