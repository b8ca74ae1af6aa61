// The shapes of the player routes (docs/api.md, "Players and accounts", "Ratings"), from
// the server's Rust types.

export type { Leaderboard, LeaderView, Me, PlayerLabel, PlayersView, PoolRatingView, Profile, RatingPointView } from '../generated/api';
