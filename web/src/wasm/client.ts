// The page's side of the module: typed requests to a worker, progress as it comes, and
// a stop that ends the worker at once (a synchronous search cannot be interrupted from
// outside its thread; a fresh worker instantiates the already compiled module in
// milliseconds).

import type { FromWorker, ToWorker } from './messages';
import { WasmError, unwrap, type Answers, type Progress, type Request, type SearchLimits, type SearchView } from './protocol';

/** What the client needs of a worker (a `Worker`, or a MessagePort adapter in tests). */
export interface WorkerHandle {
  postMessage(message: ToWorker): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

export type SpawnWorker = () => WorkerHandle;

/** A module worker made from worker.ts (bundled by Vite). */
export const browserWorker: SpawnWorker = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerHandle;

/** Compiles the module at `url` (streaming when the server sends `application/wasm`). */
export async function loadModule(url: string | URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${String(url)}: HTTP ${response.status}`);
  if (response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The request was ended by {@link WasmClient.restart} before it was answered. */
export class StoppedError extends Error {
  constructor() {
    super('stopped');
    this.name = 'StoppedError';
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress: ((p: Progress) => void) | undefined;
}

export class WasmClient {
  private worker: WorkerHandle | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly spawn: SpawnWorker = browserWorker,
  ) {}

  /** Sends a request; resolves with its answer, rejects with a {@link WasmError}. */
  call<R extends Request>(request: R, onProgress?: (p: Progress) => void): Promise<Answers[R['op']]> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
      worker.postMessage({ type: 'call', id, request });
    });
  }

  /**
   * Ends the worker at once: every unanswered request rejects with {@link StoppedError},
   * and the open games are gone. The next call starts a fresh worker.
   */
  restart(): void {
    this.worker?.terminate();
    this.worker = null;
    const stopped = [...this.pending.values()];
    this.pending.clear();
    for (const p of stopped) p.reject(new StoppedError());
  }

  /**
   * Starts the worker now, if none runs, so that the next call finds the module ready
   * (a fresh worker spends ~0.1–0.5 s loading its script and instantiating the module).
   */
  warm(): void {
    this.ensureWorker();
  }

  private ensureWorker(): WorkerHandle {
    if (this.worker) return this.worker;
    const worker = this.spawn();
    worker.onmessage = (event) => this.receive(event.data);
    worker.postMessage({ type: 'init', module: this.module });
    this.worker = worker;
    return worker;
  }

  private receive(message: FromWorker): void {
    const id = message.id;
    if (id === null) {
      // Only `failed` has no id: the module did not start, every waiting request fails.
      const all = [...this.pending.values()];
      this.pending.clear();
      for (const p of all) p.reject(new Error('message' in message ? message.message : 'the worker failed'));
      return;
    }
    const p = this.pending.get(id);
    if (!p) return;
    switch (message.type) {
      case 'progress':
        p.onProgress?.(message.progress);
        break;
      case 'answer':
        this.pending.delete(id);
        try {
          p.resolve(unwrap(message.answer));
        } catch (e) {
          p.reject(e);
        }
        break;
      case 'failed':
        this.pending.delete(id);
        p.reject(new Error(message.message));
        break;
    }
  }
}

/** A finished or stopped search. */
export interface Thought extends SearchView {
  /** Stopped before its limits: the best move of the last completed iteration. */
  stopped: boolean;
}

/**
 * The computer's thinking, in a worker of its own so that it can be stopped at any
 * moment: the game goes in as a record, each completed iteration comes out as progress,
 * and `stop()` ends the worker and answers with the last iteration's move.
 */
export class Thinker {
  private readonly client: WasmClient;

  constructor(module: WebAssembly.Module, spawn: SpawnWorker = browserWorker) {
    this.client = new WasmClient(module, spawn);
  }

  think(
    record: string,
    limits: SearchLimits,
    onProgress?: (p: SearchView) => void,
  ): { result: Promise<Thought>; stop: () => void } {
    let last: SearchView | null = null;
    let stopped = false;
    const run = async (): Promise<Thought> => {
      const game = await this.client.call({ op: 'import_record', record });
      try {
        const found = await this.client.call({ op: 'search', game: game.game, limits }, (p) => {
          if ('search' in p) {
            last = p.search;
            onProgress?.(p.search);
          }
        });
        return { ...found, stopped: false };
      } finally {
        if (!stopped) await this.client.call({ op: 'close', game: game.game });
      }
    };
    const result = run().catch((e: unknown) => {
      if (!(e instanceof StoppedError)) throw e;
      const best: SearchView = last ?? { best: null, score: { cp: 0 }, depth: 0, pv: [], nodes: 0, elapsed_ms: 0 };
      return { ...best, stopped: true };
    });
    return {
      result,
      stop: () => {
        stopped = true;
        this.client.restart();
        // The next search (after a take back, say) finds its worker started.
        this.client.warm();
      },
    };
  }

  /** Starts the worker before the first search needs it. */
  warm(): void {
    this.client.warm();
  }

  /** Ends the worker for good (the next `think` starts another). */
  terminate(): void {
    this.client.restart();
  }
}

export { WasmError };
