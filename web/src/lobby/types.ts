// The lobby's shapes (docs/api.md, "Lobby"): the server's own, generated from its Rust types.

export type {
  ChallengeRequest,
  ChallengeView,
  ColorWish,
  LiveGameView,
  Lobby,
  LobbyGame,
  PlayerLabel as LobbyPlayer,
  QuickAnswer,
  QuickPairing,
  TimeControlView,
} from '../generated/api';
