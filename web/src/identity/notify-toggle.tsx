// The opt-in for turn notifications (../notify.ts): a toggle button; the browser asks its
// permission on the first click only.

import { useSignal } from '@preact/signals';
import { notifyLabel, notifyState, setNotify } from '../notify';

/** `quietWhenBlocked`: nothing at all when the browser blocks notifications (the opening screen). */
export function NotifyToggle({ quietWhenBlocked = false }: { quietWhenBlocked?: boolean }) {
  const state = useSignal(notifyState());
  if (state.value === 'unsupported') return null;
  const on = state.value === 'on';
  if (state.value === 'blocked') return quietWhenBlocked ? null : <span class="notify-toggle blocked">{notifyLabel('blocked')}</span>;
  return (
    <button
      type="button"
      class="notify-toggle"
      aria-pressed={on}
      title="A notification when your opponent has moved and this page is in the background"
      onClick={() => void setNotify(!on).then((s) => (state.value = s))}
    >
      {notifyLabel('off')}
    </button>
  );
}
