// "My games" on the opening screen: this player's games on the server, newest first
// (GET /api/games, docs/api.md), a page at a time. A running game opens to be played on;
// a finished one opens for review (the game screen's review tools, `&review`).

import { api, type MyGame, type MyGamesPage } from './api';
import './my-games.css';

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Who the player plays against, in words. */
export function opponentText(g: MyGame): string {
  if (g.mode === 'local') return 'Two players on this device';
  if (g.opponent === 'computer') return `Against the computer${g.level === null ? '' : `, look-ahead ${g.level === 'max' ? 'Max' : g.level}`}`;
  if (g.opponent === 'open') return 'Online: waiting for your friend';
  return 'Online against a friend';
}

/** How the game stands, in words. */
export function standingText(g: MyGame): string {
  if (g.result) return g.result.description;
  const moves = g.ply === 0 ? 'no moves yet' : `${g.ply} half-move${g.ply === 1 ? '' : 's'}`;
  return `In progress, ${moves}`;
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
  return `<li><a class="my-game" href="${escape(entryHref(g))}" data-game="${escape(g.id)}" data-status="${g.status}">
    <span class="my-game-title">${escape(g.title)}${escape(rules)}</span>
    <span class="my-game-who">${escape(opponentText(g))}${escape(sides)}</span>
    <span class="my-game-result${g.result ? ' over' : ''}">${escape(standingText(g))}</span>
    <time class="my-game-date" datetime="${date.toISOString()}">${escape(when)}</time>
  </a></li>`;
}

/** Fills `section` with the player's games (hidden while there are none); how many. */
export async function renderMyGames(section: HTMLElement, load: (before?: string | null) => Promise<MyGamesPage> = api.myGames): Promise<number> {
  section.innerHTML = '<h2>My games</h2><ul class="my-games-list"></ul><button type="button" class="more-games" hidden>More games</button>';
  const list = section.querySelector('ul') as HTMLUListElement;
  const more = section.querySelector('button') as HTMLButtonElement;
  let next: string | null = null;
  const page = async (before: string | null) => {
    const p = await load(before);
    list.insertAdjacentHTML('beforeend', p.games.map(entryHtml).join(''));
    next = p.next;
    more.hidden = next === null;
    section.hidden = list.children.length === 0;
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
  return list.children.length;
}
