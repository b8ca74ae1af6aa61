// Who this browser plays as, shared by the identity bar and the pages that show it: the
// server's `Me`, loaded once per page. Other parts of the page (the lobby, My games) hear
// of a change through the `spacechess:identity` event on window (detail: the new Me).

import { signal } from '@preact/signals';
import { identityApi } from './api';
import type { Me } from './types';

/** This player, once the server said (null before, or when it cannot be reached). */
export const me = signal<Me | null>(null);
/** The server could not be asked (the static site, or it is down): no bar is shown. */
export const meUnavailable = signal(false);

let loading: Promise<Me | null> | null = null;

/** Asks the server who this browser is (once per page unless `again`). */
export function loadMe(again = false): Promise<Me | null> {
  if (loading && !again) return loading;
  loading = identityApi.me().then(
    (m) => {
      setMe(m);
      return m;
    },
    () => {
      meUnavailable.value = true;
      return null;
    },
  );
  return loading;
}

/** Keeps the answer of a name, account or session route, and tells the page. */
export function setMe(m: Me): void {
  me.value = m;
  meUnavailable.value = false;
  window.dispatchEvent(new CustomEvent('spacechess:identity', { detail: m }));
}
