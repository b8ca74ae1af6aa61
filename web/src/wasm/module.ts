// One instance of the WebAssembly module (crates/wasm) and its boundary: requests are
// written into buffers the module lends by handle (sc_alloc/sc_ptr/sc_len/sc_free),
// `sc_call` answers. Runs wherever WebAssembly does: a Web Worker, or Node in tests.
// Calls are synchronous: a search blocks the thread it runs on (hence the worker).

import type { Answer, Answers, Progress, Request } from './protocol';

interface Exports {
  memory: WebAssembly.Memory;
  sc_alloc(len: number): number;
  sc_ptr(handle: number): number;
  sc_len(handle: number): number;
  sc_free(handle: number): void;
  sc_call(request: number): number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class WasmModule {
  private readonly exports: Exports;
  /** Receives the progress of the request that is running. */
  onProgress: (p: Progress) => void = () => {};

  private constructor(instance: WebAssembly.Instance) {
    this.exports = instance.exports as unknown as Exports;
  }

  /** Instantiates a compiled module; the engine's clock is this thread's `performance.now()`. */
  static async instantiate(module: WebAssembly.Module): Promise<WasmModule> {
    // The instance is created before its imports are first called (they are called only
    // inside sc_call), so they may refer to it.
    let self: WasmModule | null = null;
    const imports = {
      spacechess: {
        now_ms: () => performance.now(),
        progress: (ptr: number, len: number) => {
          if (!self) return;
          const text = decoder.decode(new Uint8Array(self.exports.memory.buffer, ptr, len));
          self.onProgress(JSON.parse(text) as Progress);
        },
      },
    };
    const instance = await WebAssembly.instantiate(module, imports);
    self = new WasmModule(instance);
    return self;
  }

  /** Sends one request and returns the module's answer (an error answer is not thrown). */
  call<R extends Request>(request: R): Answer<Answers[R['op']]> {
    const x = this.exports;
    const bytes = encoder.encode(JSON.stringify(request));
    const handle = x.sc_alloc(bytes.length);
    // Views are made after each call into the module: memory may have grown (and moved).
    new Uint8Array(x.memory.buffer, x.sc_ptr(handle), bytes.length).set(bytes);
    const answer = x.sc_call(handle);
    const text = decoder.decode(new Uint8Array(x.memory.buffer, x.sc_ptr(answer), x.sc_len(answer)));
    x.sc_free(answer);
    return JSON.parse(text) as Answer<Answers[R['op']]>;
  }
}
