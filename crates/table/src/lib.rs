//! One game table: the rules of a game in progress, written once for every host.
//!
//! The rules crate knows chess; this crate knows a game being played: who holds each
//! seat, the clocks, offers, take-backs, the computer's turn, the scores shown and the
//! Oracle's duty. A host (the server, the WebAssembly module) keeps tables, stores them,
//! runs the engine and the timers, and passes the time in: nothing here reads a clock,
//! starts a thread or touches I/O. Times are the host's wall clock in milliseconds (i64).
//!
//! # API
//!
//! - [`Table`]: one game's state. Made by [`Table::new`] from a [`NewTable`] (set-up,
//!   mode, human side, level, [`TimeControl`], [`Seats`], invitation, [`OnlineTimes`])
//!   and the moves already played ([`PastMove`]: token, evaluation, clocks after it);
//!   [`Table::restore`] puts back a stored table's declared result, offer, rematch link
//!   and version ([`Restored`]); [`Table::start`] brings it to life in a host (clocks,
//!   the computer's turn, timers).
//! - [`Table::apply`]`(`[`Command`]`, `[`Actor`]`, now_ms)` → `Result<`[`Change`]`,
//!   `[`Refusal`]`>`. Players' commands (by player key): `Move` (exact token first,
//!   then any written form; optional expected ply), `TakeBack`, `OfferDraw` (with the
//!   computer's verdict, see [`Table::draw_verdict_needed`]), `Answer`, `Rematch`,
//!   `Resign`, `Claim`, `OracleOn`/`OracleOff`, and `Join`. The host's: `ComputerMove`,
//!   `Evaluation`, `RematchMade`, `Wake(`[`Timer`]`)` (flag, first-move abort, absence),
//!   `Presence`, `Seen`.
//! - A [`Change`]: `changed` (the version went up by exactly one), `writes` to store
//!   before answering ([`Write`]), `events` to publish ([`Event`]: the state, an offer
//!   declined), `duties` in order ([`Duty`]: stop engines, search, the Oracle, evaluate
//!   ply N, wake at a deadline, create a rematch), and a draw offer's answer. A
//!   [`Refusal`] carries an [`ErrorCode`] and a message, and changes nothing but what
//!   its `change` says (a late move: the mover lost on time).
//! - Reading: [`Table::version`] (every change increments it; refusals do not), mode,
//!   seats, clocks, offer, evaluations, [`Table::human_to_move`],
//!   [`Table::computer_to_move`], [`Table::take_back_count`], [`Table::gone`],
//!   [`Table::search_clock`], [`Table::record`], [`Table::position_at`]. Checks that
//!   change nothing, for a host to run before its own limits: [`Table::seated`],
//!   [`Table::may_delete`], [`Table::draw_verdict_needed`], [`Table::join_would_seat`].
//! - Views ([`view`]): [`Table::view`] builds the [`GameView`] (docs/api.md) from the
//!   table and the host's [`HostFacts`] (watchers, the computer thinking);
//!   [`Table::personal`] what only one player is told; [`view::thinking`] and
//!   [`view::oracle_moves`] the computer's progress and the Oracle's report. Every
//!   score becomes pawns by one mapping, `engine::api::Score::pawns_for_white` (a mate
//!   in n is ±(100 − n/100)). Serde `Serialize`; ts-rs declarations behind feature `ts`.
//! - [`ErrorCode`]: the one list of error codes every host answers with.

pub mod change;
pub mod clock;
pub mod code;
pub mod commands;
pub mod presence;
pub mod requests;
pub mod seats;
pub mod table;
pub mod take_back;
pub mod view;

#[cfg(test)]
mod tests;

pub use change::{Change, Duty, Event, Refusal, Timer, Write};
pub use clock::{Clocks, TimeControl, DAYS_PER_MOVE, DAY_MS};
pub use code::ErrorCode;
pub use commands::{record_date, Actor, Command};
pub use presence::{OnlineTimes, Presence};
pub use requests::{MoveBody, NewGame, NewGameBody, OracleBody, ResignBody, TimeControlBody};
pub use seats::{Holder, Seats};
pub use table::{
    game_at, play_refusal, position_view, HostFacts, NewTable, PastMove, RematchGame, Restored,
    Table,
};
pub use view::{Eval, EvalSource, GameView, Mode, OfferKind, PlayerLabel, PlayersView};
