// The messages between the page and the worker that runs the module.

import type { Answer, Progress, Request } from './protocol';

export type ToWorker =
  /** Sent first: the compiled module (compiled once by the page, instantiated per worker). */
  | { type: 'init'; module: WebAssembly.Module }
  | { type: 'call'; id: number; request: Request };

export type FromWorker =
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'answer'; id: number; answer: Answer<unknown> }
  /** The module could not start, or stopped on an internal error (it then refuses every call). */
  | { type: 'failed'; id: number | null; message: string };

/** The worker's end of the channel (`self` in a worker, a MessagePort in tests). */
export interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
