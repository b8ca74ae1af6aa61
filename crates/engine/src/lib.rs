//! The spacechess engine: evaluation, search, the Oracle and the baseline player, generic
//! over [`rules::Position`].

pub mod api;
pub mod bench;
pub mod clock;
pub mod eval;
mod eval_cache;
pub mod oracle;
pub mod ordering;
pub mod plain;
pub mod puzzle;
pub mod score;
pub mod search;
pub mod time;
pub mod tt;
pub mod tune;
pub mod types;
