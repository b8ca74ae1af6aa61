// The lobby's calls (docs/api.md, "Lobby"). Refusals keep the server's Retry-After, so
// that "too many" can say how long to wait.

import { ApiError, request } from '../api';
import { asSentence, refusalText } from '../refusals';
import type { ChallengeRequest, ChallengeView, Lobby, QuickAnswer } from './types';

const challenge = (id: string) => `/api/lobby/challenges/${encodeURIComponent(id)}`;

export const lobbyApi = {
  lobby: () => request<Lobby>('GET', '/api/lobby'),
  create: (body: ChallengeRequest) => request<ChallengeView>('POST', '/api/lobby/challenges', body),
  cancel: (id: string) => request<undefined>('DELETE', challenge(id)),
  accept: (id: string) => request<{ game: string }>('POST', `${challenge(id)}/accept`),
  quick: (pairing: string) => request<QuickAnswer>('POST', '/api/lobby/quick', { pairing }),
  /** Withdraws challenges as the page goes away: a request that outlives the page. */
  cancelOnLeave: (ids: readonly string[]) => {
    for (const id of ids) void fetch(challenge(id), { method: 'DELETE', keepalive: true }).catch(() => undefined);
  },
};

/** Seconds in words: "20 s", "3 min", "2 h". */
function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** A lobby refusal as the player reads it. */
export function lobbyRefusal(e: unknown): string {
  if (e instanceof ApiError) {
    // The server's sentence names the pool, the rating and the range.
    if (e.code === 'rating_out_of_range' || e.code === 'out_of_range') return `${asSentence(e.message)} Choose another challenge, or create your own.`;
    if (e.code === 'unknown_challenge' || e.status === 404) return 'That challenge is gone: someone took it, or its player withdrew it.';
    if (e.status === 409 && e.code !== 'name_required') return refusalText(e);
    if (e.status === 429) {
      const wait = e.retryAfterS !== null ? ` Try again in ${waitText(e.retryAfterS)}.` : ' Try again a little later.';
      return `${refusalText(e)}${wait}`;
    }
  }
  return refusalText(e);
}
