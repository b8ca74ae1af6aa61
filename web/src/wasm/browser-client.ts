// The rules module for pages that are not a game (lessons, rules pages, the analysis
// board): compiled once per page from beside the page, each caller with a worker of its
// own. Refusals become ApiErrors with the server's codes, so pages show them alike.

import { ApiError } from '../api';
import { browserWorker, loadModule, WasmClient } from './client';
import { WasmError, type ErrorCode } from './protocol';

let compiled: Promise<WebAssembly.Module> | null = null;

/** The compiled module (fetched once per page). */
export function browserModule(): Promise<WebAssembly.Module> {
  compiled ??= loadModule(new URL('spacechess.wasm', document.baseURI));
  // A failed load may be retried.
  compiled.catch(() => (compiled = null));
  return compiled;
}

/** A client with a worker of its own. */
export async function newBrowserClient(): Promise<WasmClient> {
  return new WasmClient(await browserModule(), browserWorker);
}

let shared: Promise<WasmClient> | null = null;
/** One client shared by a page's short requests. */
export function browserClient(): Promise<WasmClient> {
  shared ??= newBrowserClient();
  shared.catch(() => (shared = null));
  return shared;
}

const CODES: Partial<Record<ErrorCode, [string, number]>> = {
  'bad-request': ['bad_request', 400],
  'out-of-range': ['bad_request', 400],
  'bad-setup': ['bad_setup', 400],
  'bad-position': ['bad_position', 400],
  'bad-record': ['bad_record', 400],
  'illegal-move': ['illegal_move', 400],
  'game-over': ['game_over', 409],
  'no-such-lesson': ['unknown_lesson', 404],
};

/** A module's refusal as the server's (same code names), its message kept; others unchanged. */
export function wasmApiError(e: unknown): unknown {
  if (!(e instanceof WasmError)) return e;
  const [code, status] = CODES[e.code] ?? ['internal', 500];
  return new ApiError(code, e.message, status);
}
