// The module's protocol (docs/wasm.md): its types are generated from the Rust types
// (crates/wasm/src/contract.rs -> src/generated/wasm.ts); what is here is not a type.

import type { Answer, ErrorCode } from '../generated/wasm';

export type * from '../generated/wasm';

/** A request the module refused; `code` (the server's codes) says why, `message` names the input. */
export class WasmError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'WasmError';
    this.code = code;
  }
}

/** The value of an answer, or its error thrown. */
export function unwrap<T>(answer: Answer<T>): T {
  if ('error' in answer) throw new WasmError(answer.error.code, answer.error.message);
  return answer.ok;
}
