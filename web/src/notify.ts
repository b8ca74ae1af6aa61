// "Notify me when it's my turn": an opt-in, kept in this browser. Permission is asked only
// when the player turns it on (a click); a notification is shown only while the page is
// hidden (another tab, minimised), for an online game where the opponent just moved. Used
// by the game screen and by My games (the lobby's list of games where it is your turn).

const KEY = 'spacechess.notify';

export type NotifyState = 'on' | 'off' | 'blocked' | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Whether this browser notifies: the player's choice and the browser's permission together. */
export function notifyState(): NotifyState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  let wanted = false;
  try {
    wanted = localStorage.getItem(KEY) === 'on';
  } catch {
    // No storage (private mode): never on.
  }
  return wanted && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Turns notifications on (asking the browser's permission the first time) or off; the new state. */
export async function setNotify(on: boolean): Promise<NotifyState> {
  if (!supported()) return 'unsupported';
  if (on && Notification.permission === 'default') await Notification.requestPermission();
  try {
    if (on && Notification.permission === 'granted') localStorage.setItem(KEY, 'on');
    else localStorage.removeItem(KEY);
  } catch {
    // No storage: the choice lasts for this page only (notifyState reads off).
  }
  return notifyState();
}

/** The toggle's words for a state. */
export function notifyLabel(state: NotifyState): string {
  switch (state) {
    case 'on':
      return 'Notify me when it\u2019s my turn: on';
    case 'blocked':
      return 'Notifications are blocked for this site in the browser\u2019s settings.';
    case 'unsupported':
      return 'This browser cannot show notifications.';
    default:
      return 'Notify me when it\u2019s my turn';
  }
}

/** The parts of a game that say whose turn it is (GameView has them). */
export interface TurnShape {
  id: string;
  mode: string;
  ply: number;
  turn: string;
  status: string;
  you?: string[];
}

/**
 * Whether `next` made it this player's turn in an online game: a new half-move (not the
 * first view of the page), the game running, and the side to move one of the player's.
 */
export function becameMyTurn(prev: TurnShape | null, next: TurnShape): boolean {
  if (!prev || prev.id !== next.id || next.mode !== 'online' || next.status !== 'in-progress') return false;
  if (next.ply <= prev.ply) return false;
  return (next.you ?? prev.you ?? []).includes(next.turn);
}

/** The notification's text: the game and the opponent's move. */
export function turnNotice(game: { title: string; history: { notation: string }[] }): string {
  const last = game.history[game.history.length - 1];
  return last ? `${game.title}: your opponent played ${last.notation}. It is your move.` : `${game.title}: it is your move.`;
}

/**
 * Shows a notification when the player asked for them and the page is hidden; a click
 * brings this window forward (and opens `url` when given). Returns whether one was shown.
 */
export function notifyTurn(title: string, body: string, url?: string, tag?: string): boolean {
  if (notifyState() !== 'on' || !document.hidden) return false;
  try {
    const n = new Notification(title, { body, tag, icon: '/icon-192.png' });
    n.onclick = () => {
      window.focus();
      if (url && url !== location.pathname + location.search) location.href = url;
      n.close();
    };
    return true;
  } catch {
    // Some browsers allow notifications only from a service worker: nothing shown.
    return false;
  }
}
