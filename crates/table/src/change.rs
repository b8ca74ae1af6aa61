//! What a command did: the change to publish and store, and the host's duties after it;
//! or a refusal. A host stores a change's writes before it answers, then publishes its
//! events and performs its duties in order.

use crate::code::ErrorCode;
use crate::view::{Eval, OfferKind};
use rules::{Color, Outcome};

/// Why a command was refused: the code every host answers with and a message for people.
/// A refusal changes nothing, except where `change` says otherwise (a move that arrived
/// after its side's flag fell: the move is refused and the side loses on time).
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
    /// What happened all the same (store and publish it like any change).
    pub change: Option<Box<Change>>,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            change: None,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.id(), self.message)
    }
}

impl std::error::Error for Refusal {}

/// What the store must write for a change (the table's `version` goes with each).
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A move appended: its ply (from 0), token, evaluation, both clocks after it
    /// (`[white, black]` ms, with a time control) and the result if it ended the game.
    Move {
        ply: usize,
        token: String,
        eval: Option<Eval>,
        clocks: Option<[i64; 2]>,
        result: Option<Outcome>,
    },
    /// Moves taken back: only the first `keep` remain.
    Truncate { keep: usize },
    /// A result declared outside the board (agreement, resignation, time, abort, claim).
    Result(Outcome),
    /// The pending offer (`None`: none).
    Offer(Option<(OfferKind, Color)>),
    /// The seats changed (`Table::seats`).
    Seats,
    /// The evaluation of move `ply` arrived.
    Eval { ply: usize, eval: Eval },
}

/// What listeners are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The table changed: publish its view.
    State,
    /// The opponent declined the offer `from` made (by answering it, or by moving).
    Declined { kind: OfferKind, from: Color },
}

/// Timers the host keeps: when one falls due the host sends the matching command
/// ([`crate::Command::Flag`], [`crate::Command::Abort`], [`crate::Command::Gone`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// The side to move's flag falls.
    Flag,
    /// The side to move's first-move time ends.
    Abort,
    /// This side's player counts as gone (an online game).
    Gone(Color),
}

/// Work for the host after a change, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Duty {
    /// Stop the computer's search and the Oracle (the state they ran on is gone).
    StopEngines,
    /// Stop the Oracle only (taken off duty, or put on again with a new budget).
    StopOracle,
    /// The computer is to move: search the current position (level and clock from
    /// [`crate::Table::search_clock`]) and send [`crate::Command::ComputerMove`].
    Search,
    /// Put the Oracle on the current position with this budget.
    Oracle { budget_ms: u64 },
    /// Evaluate the position after move `ply` (from 0) for the record and send
    /// [`crate::Command::Evaluation`] with `line` (the tokens up to that move).
    Evaluate { ply: usize, line: Vec<String> },
    /// Wake at `at_ms` (host wall clock) and send the timer's command. A later change
    /// lists every timer again; timers from before it may be dropped.
    Wake { timer: Timer, at_ms: i64 },
    /// An accepted rematch: create the new game ([`crate::RematchGame`]), then send
    /// [`crate::Command::RematchMade`] with its id.
    CreateRematch(crate::RematchGame),
}

/// A change a command made (or, with `changed` false, the answer of one that changed
/// nothing: a view, a declined draw offer).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Change {
    /// The table changed (and its version went up by one).
    pub changed: bool,
    /// Store these before answering.
    pub writes: Vec<Write>,
    pub events: Vec<Event>,
    pub duties: Vec<Duty>,
    /// A draw offer's answer: accepted (the game is drawn) or not.
    pub draw_accepted: Option<bool>,
}

impl Change {
    /// Whether the change asks for `duty`.
    pub fn has(&self, duty: &Duty) -> bool {
        self.duties.contains(duty)
    }

    /// The timers the change arms.
    pub fn wakes(&self) -> impl Iterator<Item = (Timer, i64)> + '_ {
        self.duties.iter().filter_map(|d| match d {
            Duty::Wake { timer, at_ms } => Some((*timer, *at_ms)),
            _ => None,
        })
    }
}
