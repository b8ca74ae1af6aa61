// "My games" on the opening screen: this player's games on the server (GET /api/games,
// docs/api.md), a page at a time: games where it is the player's turn first (marked, with
// the time left, the most urgent first), then the others newest first. A running game
// opens to be played on; a finished one opens for review (`&review`). While the list is on
// the screen it is read again every minute; a game that became the player's turn while
// the page is hidden is notified (notify.ts, when the player turned notifications on).

import { api, type MyGame, type MyGamesPage } from './api';
import { notifyTurn } from './notify';
import { daysPerMoveText, timeLeftText } from './lobby/words';
import './my-games.css';

/** How often the list is read again while it is on the screen. */
export const MY_GAMES_POLL_MS = 60_000;

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Who the player plays against, in words. */
export function opponentText(g: MyGame): string {
  if (g.mode === 'local') return 'Two players on this device';
  if (g.opponent === 'computer') return `Against the computer${g.level === null ? '' : `, look-ahead ${g.level === 'max' ? 'Max' : g.level}`}`;
  if (g.opponent === 'open') return 'Online: waiting for your friend';
  const theirs = g.you.includes('white') ? g.black_name : g.white_name;
  return `Online against ${theirs ?? 'an anonymous player'}`;
}

/** "Rated" or "Casual" for an online game; "" for the others. */
export function kindText(g: MyGame): string {
  if (g.mode !== 'online') return '';
  return g.rated ? 'Rated' : 'Casual';
}

/** Whose turn it is in a running online game, with the time left: "Your turn · 2 d 23 h left". */
export function turnText(g: MyGame): string {
  if (g.status === 'over' || g.mode !== 'online' || g.opponent === 'open') return '';
  const left = g.turn_ends_in_ms === null ? '' : ` · ${timeLeftText(g.turn_ends_in_ms)} left`;
  return `${g.your_turn ? 'Your turn' : 'Their turn'}${left}`;
}

/**
 * The order shown: running games where it is the player's turn first, the one whose time
 * runs out first at the top (no clock last), then every other game in the server's order
 * (newest first). Stable.
 */
export function orderMyGames(games: readonly MyGame[]): MyGame[] {
  const mine = games.filter((g) => g.your_turn && g.status !== 'over');
  const rest = games.filter((g) => !(g.your_turn && g.status !== 'over'));
  const ends = (g: MyGame) => g.turn_ends_in_ms ?? Number.POSITIVE_INFINITY;
  return [...mine.map((g, i) => [g, i] as const).sort((a, b) => ends(a[0]) - ends(b[0]) || a[1] - b[1]).map(([g]) => g), ...rest];
}

/** The games that became the player's turn since the last read (none on the first). */
export function newlyMyTurn(before: readonly MyGame[] | null, after: readonly MyGame[]): MyGame[] {
  if (!before) return [];
  const had = new Map(before.map((g) => [g.id, g] as const));
  return after.filter((g) => {
    if (!g.your_turn || g.status === 'over') return false;
    const old = had.get(g.id);
    return !old || !old.your_turn || old.ply !== g.ply;
  });
}

/**
 * Merges a fresh first page into the games already listed: an entry read again replaces
 * its old copy, a new one joins; the order is then `orderMyGames` over newest first.
 */
export function mergeGames(listed: readonly MyGame[], fresh: readonly MyGame[]): MyGame[] {
  const byId = new Map(listed.map((g) => [g.id, g] as const));
  for (const g of fresh) byId.set(g.id, g);
  const all = [...byId.values()].sort((a, b) => b.created_at - a.created_at);
  return orderMyGames(all);
}

/** How the game stands, in words. */
export function standingText(g: MyGame): string {
  if (g.result) return g.result.description;
  const moves = g.ply === 0 ? 'no moves yet' : `${g.ply} half-move${g.ply === 1 ? '' : 's'}`;
  return `In progress, ${moves}`;
}

/** The link down to the list: "My games", or "My games: your turn in 2" when games wait on the player. */
export function jumpText(games: readonly MyGame[]): string {
  const waiting = games.filter((g) => g.your_turn && g.status !== 'over').length;
  return waiting ? `My games: your turn in ${waiting}` : 'My games';
}

/** Where an entry opens: the game itself, or its review when it is over. */
export function entryHref(g: MyGame): string {
  const id = encodeURIComponent(g.id);
  return g.status === 'over' ? `/?game=${id}&review` : `/?game=${id}`;
}

function entryHtml(g: MyGame): string {
  const date = new Date(g.created_at * 1000);
  const when = date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  const sides = g.mode === 'local' ? '' : ` · you play ${g.you.map(capital).join(' and ')}`;
  const rules = g.rules ? ` (${capital(g.rules)})` : '';
  const kind = kindText(g);
  const speed = g.per_move ? (g.days_per_move ? daysPerMoveText(g.days_per_move) : 'Correspondence') : '';
  const terms = [kind, speed].filter(Boolean).join(' · ');
  const turn = turnText(g);
  return `<li><a class="my-game" href="${escape(entryHref(g))}" data-game="${escape(g.id)}" data-status="${g.status}"${g.your_turn && g.status !== 'over' ? ' data-your-turn="true"' : ''}>
    <span class="my-game-title">${escape(g.title)}${escape(rules)}</span>
    ${turn ? `<span class="my-game-turn${g.your_turn ? ' yours' : ''}">${escape(turn)}</span>` : ''}
    <span class="my-game-who">${escape(opponentText(g))}${escape(sides)}${terms ? ` · ${escape(terms)}` : ''}</span>
    <span class="my-game-result${g.result ? ' over' : ''}">${escape(standingText(g))}</span>
    <time class="my-game-date" datetime="${date.toISOString()}">${escape(when)}</time>
  </a></li>`;
}

/** Fills `section` with the player's games (hidden while there are none); how many. */
export async function renderMyGames(
  section: HTMLElement,
  load: (before?: string | null) => Promise<MyGamesPage> = api.myGames,
  pollMs = MY_GAMES_POLL_MS,
  /** Told the games listed after every read (the opening screen's link down to the list). */
  onList: (games: readonly MyGame[]) => void = () => undefined,
): Promise<number> {
  section.innerHTML = '<h2>My games</h2><ul class="my-games-list"></ul><button type="button" class="more-games" hidden>More games</button>';
  const list = section.querySelector('ul') as HTMLUListElement;
  const more = section.querySelector('button') as HTMLButtonElement;
  let next: string | null = null;
  let games: MyGame[] = [];
  const show = () => {
    list.innerHTML = games.map(entryHtml).join('');
    section.hidden = games.length === 0;
    onList(games);
  };
  const page = async (before: string | null) => {
    const p = await load(before);
    games = before === null ? orderMyGames(p.games) : [...games, ...p.games.filter((g) => !games.some((x) => x.id === g.id))];
    next = p.next;
    more.hidden = next === null;
    show();
  };
  more.addEventListener('click', () => {
    more.disabled = true;
    void page(next)
      .catch(() => undefined)
      .finally(() => (more.disabled = false));
  });
  section.hidden = true;
  // No list (the server unreachable): the screen goes on without it.
  await page(null).catch(() => undefined);
  // Read again every minute while the list is on the screen; tell of a new turn.
  const poll = async () => {
    if (!section.isConnected) return;
    try {
      const fresh = (await load(null)).games;
      const turned = newlyMyTurn(games, fresh);
      games = mergeGames(games, fresh);
      show();
      for (const g of turned) {
        notifyTurn('Your turn', `${g.title}: ${opponentText(g)}`, entryHref(g), `turn-${g.id}`);
      }
    } catch {
      // Unreachable for now: the next minute tries again.
    }
    if (section.isConnected) setTimeout(() => void poll(), pollMs);
  };
  if (pollMs > 0) setTimeout(() => void poll(), pollMs);
  return games.length;
}
