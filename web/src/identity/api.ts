// The player routes (docs/api.md, "Players and accounts", "Ratings"): who this browser is,
// names, accounts and sessions, profiles and leaderboards. Refusals are ApiErrors with the
// server's code, and the Retry-After of a 429 in seconds (`retryAfterS`).

import { request } from '../api';
import type { Leaderboard, LeaderView, Me, Profile } from './types';

const named = (name: string) => encodeURIComponent(name);

export const identityApi = {
  me: () => request<Me>('GET', '/api/me'),
  setName: (name: string) => request<Me>('PUT', '/api/me/name', { name }),
  createAccount: (password: string) => request<Me>('POST', '/api/account', { password }),
  logIn: (name: string, password: string) => request<Me>('POST', '/api/session', { name, password }),
  logOut: () => request<undefined>('DELETE', '/api/session'),
  profile: (name: string) => request<Profile>('GET', `/api/players/${named(name)}`),
  leaderboard: async (pool: string): Promise<LeaderView[]> => (await request<Leaderboard>('GET', `/api/ratings/${named(pool)}`)).players,
};
