// A "worker" served on a MessagePort in this thread: the module's worker code (serve.ts)
// without a Worker, for tests in Node. Requests run synchronously on the test's thread.

import type { WorkerHandle } from '../src/wasm/client';
import type { FromWorker, ToWorker, WorkerScope } from '../src/wasm/messages';
import { serve } from '../src/wasm/serve';

export function channelWorker(): WorkerHandle {
  const { port1, port2 } = new MessageChannel();
  serve(port2 as unknown as WorkerScope);
  return {
    postMessage: (m: ToWorker) => port1.postMessage(m),
    set onmessage(f: ((e: MessageEvent<FromWorker>) => void) | null) {
      port1.onmessage = f;
    },
    get onmessage() {
      return port1.onmessage;
    },
    terminate: () => {
      port1.close();
      port2.close();
    },
  };
}
