// Games in this browser: the rules, the game tables and the engine compiled to
// WebAssembly (crates/wasm) answer in Web Workers, and the games are kept in IndexedDB.
// Nothing goes to a server.

import type { Catalogue, GameView, NewGame } from '../api';
import { wasmApiError } from '../wasm/browser-client';
import { browserWorker, loadModule, WasmClient, type SpawnWorker } from '../wasm/client';
import { BrowserGame } from './browser-game';
import { indexedDbStore, type GameStore } from './browser-store';
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
    private readonly now: () => number = () => Date.now(),
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

  /** A new game, read and checked by the module as the server reads a NewGame, kept in the store. */
  async createGame(game: NewGame): Promise<GameView> {
    const answer = await this.client.call({ op: 'table_new', id: newId(), game, now_ms: this.now() }).catch((e: unknown) => {
      throw wasmApiError(e);
    });
    try {
      if (answer.stored) await this.store.put(answer.stored);
      return answer.view;
    } finally {
      // The game's link opens it again from the store.
      await this.client.call({ op: 'table_close', table: answer.table });
    }
  }

  connect(id: string, events: LinkEvents): GameLink {
    return new BrowserGame(id, events, {
      client: this.client,
      store: this.store,
      worker: () => new WasmClient(this.module, this.spawn),
      seed: this.seed,
      now: this.now,
    });
  }
}
