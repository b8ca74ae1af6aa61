// The lobby's calls (docs/api.md, "Lobby"). Refusals keep the server's Retry-After, so
// that "too many" can say how long to wait.

import { ApiError } from '../api';
import { asSentence, refusalText } from '../refusals';
import type { ChallengeRequest, ChallengeView, Lobby, QuickAnswer } from './types';

/** A refusal with the seconds the server asked to wait (429), when it said. */
export class LobbyError extends ApiError {
  constructor(
    code: string,
    message: string,
    status: number,
    readonly retryAfter: number | null,
  ) {
    super(code, message, status);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new LobbyError('network', 'The server could not be reached.', 0, null);
  }
  if (!response.ok) {
    let code = `http_${response.status}`;
    let message = `The server answered ${response.status}.`;
    try {
      const parsed = (await response.json()) as { error?: { code?: string; message?: string } };
      if (parsed.error?.code) code = parsed.error.code;
      if (parsed.error?.message) message = parsed.error.message;
    } catch {
      // Not JSON: keep the status.
    }
    const wait = Number(response.headers.get('retry-after'));
    throw new LobbyError(code, message, response.status, Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : null);
  }
  if (response.status === 204 || response.status === 202) return undefined as T;
  return (await response.json()) as T;
}

const challenge = (id: string) => `/api/lobby/challenges/${encodeURIComponent(id)}`;

export const lobbyApi = {
  lobby: () => call<Lobby>('GET', '/api/lobby'),
  create: (body: ChallengeRequest) => call<ChallengeView>('POST', '/api/lobby/challenges', body),
  cancel: (id: string) => call<undefined>('DELETE', challenge(id)),
  accept: (id: string) => call<{ game: string }>('POST', `${challenge(id)}/accept`),
  quick: (pairing: string) => call<QuickAnswer>('POST', '/api/lobby/quick', { pairing }),
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
      const wait = e instanceof LobbyError && e.retryAfter !== null ? ` Try again in ${waitText(e.retryAfter)}.` : ' Try again a little later.';
      return `${refusalText(e)}${wait}`;
    }
  }
  return refusalText(e);
}
