// Refusals as the player reads them: the one place that turns an error code of the server
// (docs/api.md, "Errors") or of the browser's module into a sentence. Codes with a fixed
// meaning get this page's own sentence; codes whose message names the particular problem
// (which move, which field, how long to wait) keep the host's words, written as a sentence.

import { ApiError } from './api';

const SENTENCES: Record<string, string> = {
  not_your_seat: 'You are watching this game: only its players can do that.',
  no_engine_help: 'No engine helps either player while an online game runs: the Oracle and analysis open once the game is over.',
  no_offer: 'There is no offer waiting for your answer any more.',
  nothing_to_take_back: 'There is no move of yours to take back.',
  game_in_progress: 'The game is still going: that is possible once it is over (or after resigning).',
  unknown_game: 'This game is no longer available. Start a new game.',
  unknown_invite: 'This invitation does not belong to any game.',
  network: 'The server could not be reached; check the connection and try again.',
  internal: 'Something went wrong on the server; please try again.',
  too_large: 'That is too large for the server to accept.',
  http_403: 'The server refused that.',
};

/** A host's own words as a sentence: a capital letter first, a full stop at the end. */
export function asSentence(text: string): string {
  const t = text.trim();
  if (!t) return 'That was refused.';
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** What to tell the player about a refused or failed request. */
export function refusalText(e: unknown): string {
  if (e instanceof ApiError) return SENTENCES[e.code] ?? asSentence(e.message);
  return asSentence(e instanceof Error ? e.message : String(e));
}
