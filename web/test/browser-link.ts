// What the browser host's tests share: the module (built by scripts/build-wasm; the
// tests are skipped, with a warning, without it) and a link that keeps every message.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameView, ServerMessage } from '../src/api';
import type { BrowserHost } from '../src/hosts/browser-host';
import type { GameLink } from '../src/hosts/host';

export const WASM = process.env.SPACECHESS_WASM ?? fileURLToPath(new URL('../../target/wasm/spacechess.wasm', import.meta.url));
export const haveWasm = existsSync(WASM);
if (!haveWasm) console.warn(`browser host tests skipped: ${WASM} not built (scripts/build-wasm)`);

/** A link and every message it sent, with a wait for the first that fits. */
export function open(host: BrowserHost, id: string) {
  const seen: ServerMessage[] = [];
  const waiters: { fits: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  const link: GameLink = host.connect(id, {
    message: (m) => {
      seen.push(m);
      for (const w of waiters.filter((w) => w.fits(m))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    },
    connection: () => undefined,
  });
  const next = (fits: (m: ServerMessage) => boolean) =>
    new Promise<ServerMessage>((resolve) => {
      const found = seen.find(fits);
      if (found) resolve(found);
      else waiters.push({ fits, resolve });
    });
  const state = async (fits: (v: GameView) => boolean) => {
    const m = await next((m) => m.type === 'state' && fits(m.game));
    return (m as Extract<ServerMessage, { type: 'state' }>).game;
  };
  return { link, seen, next, state };
}

