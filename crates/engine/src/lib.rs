//! The spacechess engine: evaluation, search, the Oracle and the match runner, generic
//! over [`rules::Position`].

pub mod api;
