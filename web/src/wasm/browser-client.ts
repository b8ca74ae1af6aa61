// The rules module for pages that are not a game (lessons, rules pages, the analysis
// board): compiled once per page from beside the page, each caller with a worker of its
// own. Refusals become ApiErrors (the server's codes), so pages show them alike.

import { ApiError } from '../api';
import { browserWorker, loadModule, WasmClient } from './client';
import { WasmError } from './protocol';

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

/**
 * A module's refusal as the server's: the codes are the same list (table::ErrorCode), and
 * the message is kept; others unchanged. There is no HTTP status: 0.
 */
export function wasmApiError(e: unknown): unknown {
  return e instanceof WasmError ? new ApiError(e.code, e.message, 0) : e;
}
