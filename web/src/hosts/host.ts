// The one interface the game screen talks to. A host answers for games: the spacechess
// server over HTTP and its WebSocket (ServerHost), or the rules and the engine running in
// this browser's Web Workers (BrowserHost). Both speak the server's shapes (docs/api.md):
// the same GameView, the same socket messages, so the screen does not know which answers.

import type { Catalogue, GameView, NewGame, PositionView, ServerMessage, Side } from '../api';
import type { DrawAnswer } from '../generated/api';
import type { ConnectionState } from '../socket';

/** Where a game lives: on the server, or in this browser (kept in IndexedDB). */
export type HostKind = 'server' | 'browser';

/** What a host tells the screen as it happens. */
export interface LinkEvents {
  /** A socket message: a new state or update, the computer's thinking, an Oracle report, an error. */
  message(m: ServerMessage): void;
  connection(s: ConnectionState): void;
}

/** One open game, as the screen acts on it. Every answer is the game afterwards. */
export interface GameLink {
  /** News arrives without asking (an open socket; always, in the browser). */
  readonly live: boolean;
  fetch(): Promise<GameView>;
  /** Plays a move's token; `ply` is the half-moves played as the screen saw them. */
  move(token: string, ply: number): Promise<GameView>;
  takeback(): Promise<GameView>;
  offerDraw(): Promise<DrawAnswer>;
  resign(side: Side): Promise<GameView>;
  /** Puts the Oracle on duty: reports come as `oracle` messages on the player's turns. */
  oracleOn(): Promise<void>;
  oracleOff(): Promise<void>;
  /** The game's record (docs/records.md). */
  record(): Promise<string>;
  /** Answers the online opponent's draw offer, take-back request or rematch offer (server games only). */
  answerOffer?(answer: 'accept' | 'decline'): Promise<GameView>;
  /** Offers a finished online game's rematch, or accepts the opponent's (server games only). */
  rematch?(): Promise<GameView>;
  /** Claims the win or a draw when the online opponent has gone (server games only). */
  claim?(result: 'win' | 'draw'): Promise<GameView>;
  /** The board after `ply` half-moves, for review. */
  position(ply: number): Promise<PositionView>;
  /** Stops listening (and any work the host does for this game alone). */
  close(): void;
}

export interface GameHost {
  readonly kind: HostKind;
  /** What a player can choose (the rules' catalogue). */
  catalogue(): Promise<Catalogue>;
  createGame(game: NewGame): Promise<GameView>;
  connect(id: string, events: LinkEvents): GameLink;
}
