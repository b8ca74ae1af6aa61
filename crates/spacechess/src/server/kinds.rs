//! The plain values a game's state is made of that the store and the JSON view both
//! name: the mode, an offer's kind, a move's evaluation and its source. They are the
//! game table's (`table::view`); named here so that the store does not depend on the
//! JSON module.

pub use table::view::{Eval, EvalSource, Mode, OfferKind};
