// The player routes (docs/api.md, "Players and accounts", "Ratings"): who this browser is,
// names, accounts and sessions, profiles and leaderboards. Refusals are ApiErrors with the
// server's code, and the Retry-After of a 429 in seconds.

import { ApiError } from '../api';
import type { Leaderboard, LeaderView, Me, Profile } from './types';

/** A refusal with the seconds the server asked to wait (429), if it said. */
export class IdentityError extends ApiError {
  constructor(
    code: string,
    message: string,
    status: number,
    readonly retryAfterS: number | null,
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
      credentials: 'same-origin',
    });
  } catch {
    throw new IdentityError('network', 'The server could not be reached.', 0, null);
  }
  if (!response.ok) {
    let code = 'http_' + response.status;
    let message = `The server answered ${response.status}.`;
    try {
      const parsed = (await response.json()) as { error?: { code?: string; message?: string } };
      if (parsed.error?.code) code = parsed.error.code;
      if (parsed.error?.message) message = parsed.error.message;
    } catch {
      // Not JSON: keep the status.
    }
    const retry = Number(response.headers.get('retry-after'));
    throw new IdentityError(code, message, response.status, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

const named = (name: string) => encodeURIComponent(name);

export const identityApi = {
  me: () => call<Me>('GET', '/api/me'),
  setName: (name: string) => call<Me>('PUT', '/api/me/name', { name }),
  createAccount: (password: string) => call<Me>('POST', '/api/account', { password }),
  logIn: (name: string, password: string) => call<Me>('POST', '/api/session', { name, password }),
  logOut: () => call<undefined>('DELETE', '/api/session'),
  profile: (name: string) => call<Profile>('GET', `/api/players/${named(name)}`),
  leaderboard: async (pool: string): Promise<LeaderView[]> => (await call<Leaderboard>('GET', `/api/ratings/${named(pool)}`)).players,
};
