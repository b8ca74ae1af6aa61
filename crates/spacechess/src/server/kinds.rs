//! The plain values a game's state is made of that the store and the JSON view both
//! name: the mode, an offer's kind, a move's evaluation and its source. Here rather than
//! in `view.rs` so that the store does not depend on the JSON module.

use serde::Serialize;

#[cfg(test)]
use ts_rs::TS;

/// Who plays the moves the API does not receive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum Mode {
    Computer,
    Local,
    /// Two players on their own devices; the second joins by the invitation.
    Online,
}

impl Mode {
    pub fn id(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Local => "local",
            Mode::Online => "online",
        }
    }

    pub fn from_id(id: &str) -> Option<Mode> {
        [Mode::Computer, Mode::Local, Mode::Online]
            .into_iter()
            .find(|m| m.id() == id)
    }
}

/// What an online player asks the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(test, derive(TS))]
pub enum OfferKind {
    Draw,
    TakeBack,
    /// Once the game is over: a new game of the same set-up, colours swapped.
    Rematch,
}

impl OfferKind {
    /// The identifier the API and the store use.
    pub fn id(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::TakeBack => "take-back",
            OfferKind::Rematch => "rematch",
        }
    }

    pub fn from_id(id: &str) -> Option<OfferKind> {
        [OfferKind::Draw, OfferKind::TakeBack, OfferKind::Rematch]
            .into_iter()
            .find(|k| k.id() == id)
    }
}

/// Whose search gave a move's evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS))]
pub enum EvalSource {
    /// The computer's own search, when it chose this move.
    Computer,
    /// The server's short search for the record, after a move no search scored.
    Quick,
    /// Written in an imported record.
    Record,
}

impl EvalSource {
    pub fn id(self) -> &'static str {
        match self {
            EvalSource::Computer => "computer",
            EvalSource::Quick => "quick",
            EvalSource::Record => "record",
        }
    }

    pub fn from_id(s: &str) -> Option<EvalSource> {
        [EvalSource::Computer, EvalSource::Quick, EvalSource::Record]
            .into_iter()
            .find(|e| e.id() == s)
    }
}

/// The evaluation after a move: pawns from White's side, and where it came from
/// (`source` is unknown for evaluations stored before sources were kept).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eval {
    pub pawns: f64,
    pub source: Option<EvalSource>,
    /// The depth of the computer's search.
    pub depth: Option<u32>,
}

impl Eval {
    pub fn quick(pawns: f64) -> Eval {
        Eval {
            pawns,
            source: Some(EvalSource::Quick),
            depth: None,
        }
    }
}
