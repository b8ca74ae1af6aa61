// Positions reached by real play for the browser tests: seeded random legal moves through
// the API (the same games every run), and the same position opened as Black's player.

import { PLAYER, createGame } from './harness.mjs';

/** A small seeded generator (mulberry32), so every run plays the same games. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Forgets a game (a player may keep only 50 unfinished ones). */
export async function forget(base, id) {
  await fetch(`${base}/api/games/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${PLAYER}` } });
}

/** A two-player game of `setup` after `plies` seeded random legal moves (the next seed when one ends early). */
export async function seededGame(base, setup, plies, seed) {
  for (let attempt = 0; attempt < 8; attempt++) {
    let g = await createGame(base, { ...setup, mode: 'local' });
    const next = random(seed + attempt * 7919);
    while (g.ply < plies && g.legal_moves.length > 0) {
      const m = g.legal_moves[Math.floor(next() * g.legal_moves.length)];
      const res = await fetch(`${base}/api/games/${g.id}/moves`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${PLAYER}` },
        body: JSON.stringify({ move: m.token, ply: g.ply }),
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`move ${m.token}: ${res.status} ${JSON.stringify(body)}`);
      g = body;
    }
    if (g.legal_moves.length > 0) return g;
    await forget(base, g.id);
  }
  throw new Error(`no seeded game of ${JSON.stringify(setup)} lasted ${plies} plies`);
}

/**
 * The seeded game as `side` sees it by default: White plays it on one device (White's
 * view); Black plays on against the computer from its record (Black's view).
 */
export async function seededGameFor(base, side, setup, plies, seed) {
  const g = await seededGame(base, setup, plies, seed);
  if (side === 'white') return g;
  const res = await fetch(`${base}/api/games/${g.id}/record`);
  const record = await res.text();
  if (res.status !== 200) throw new Error(`record: ${res.status} ${record}`);
  await forget(base, g.id);
  return createGame(base, { mode: 'computer', human: 'black', level: 1, options: undefined, record });
}
