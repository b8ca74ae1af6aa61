// The Web Worker that runs the rules and the engine (the WebAssembly module). A search
// blocks this worker until it ends; to stop one at any moment the page ends the worker
// (client.ts).

import type { WorkerScope } from './messages';
import { serve } from './serve';

serve(self as unknown as WorkerScope);
