// The worker's loop: instantiate the module sent by the page, then answer calls one at
// a time, forwarding progress. Kept apart from worker.ts so tests can run it on a
// MessagePort.

import type { ToWorker, WorkerScope } from './messages';
import { WasmModule } from './module';

export function serve(scope: WorkerScope): void {
  let ready: Promise<WasmModule> | null = null;
  let broken: string | null = null;

  const fail = (id: number | null, message: string) => scope.postMessage({ type: 'failed', id, message });

  scope.onmessage = (event: MessageEvent<ToWorker>) => {
    const message = event.data;
    if (message.type === 'init') {
      ready = WasmModule.instantiate(message.module);
      ready.catch((e: unknown) => {
        broken = `the module did not start: ${String(e)}`;
        fail(null, broken);
      });
      return;
    }
    const { id, request } = message;
    if (!ready) {
      fail(id, 'the worker got a call before the module');
      return;
    }
    // Promise callbacks run in the order they were added: calls are answered in order.
    ready.then(
      (module) => {
        if (broken) {
          fail(id, broken);
          return;
        }
        module.onProgress = (progress) => scope.postMessage({ type: 'progress', id, progress });
        try {
          scope.postMessage({ type: 'answer', id, answer: module.call(request) });
        } catch (e) {
          // A trap leaves the instance in an unknown state: refuse everything after it.
          broken = `the module stopped on an internal error (${String(e)}); start a new worker`;
          fail(id, broken);
        }
      },
      () => fail(id, broken ?? 'the module did not start'),
    );
  };
}
