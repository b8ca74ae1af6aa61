//! What a table's change asks of the server, beside the engines: its writes to the
//! store (in order, each naming the version the last one returned), the history entries
//! it touched, and timers that wake at a deadline of the host's clock.

use super::game::{now_ms, GameState};
use super::store::{GameStore, StoreResult, StoredMove, StoredSeats, Version};
use std::time::Duration;
use table::{Table, Write};

/// Slack after a deadline so that it has certainly passed when checked.
const SLACK: Duration = Duration::from_millis(5);

/// The seats and the invitation as the store keeps them.
pub(super) fn stored_seats(table: &Table) -> StoredSeats {
    let (white, black) = table.seats().to_stored();
    StoredSeats {
        white,
        black,
        invite: table.invite().map(str::to_string),
    }
}

/// A move as the store keeps it.
pub(super) fn stored_move(
    ply: usize,
    token: &str,
    eval: Option<table::Eval>,
    clocks: Option<[i64; 2]>,
) -> StoredMove {
    StoredMove {
        ply: ply as u32,
        token: token.to_string(),
        eval,
        white_ms: clocks.map(|c| c[0]),
        black_ms: clocks.map(|c| c[1]),
    }
}

/// Stores `writes` in order; `version` follows each write that succeeded.
pub(super) fn store_writes(
    store: &dyn GameStore,
    id: &str,
    version: &mut Version,
    table: &Table,
    writes: &[Write],
) -> StoreResult<()> {
    for w in writes {
        *version = match w {
            Write::Move {
                ply,
                token,
                eval,
                clocks,
                result,
            } => store.append_move(
                id,
                *version,
                &stored_move(*ply, token, *eval, *clocks),
                *result,
            )?,
            Write::Truncate { keep } => store.truncate_moves(id, *version, *keep as u32)?,
            Write::Result(outcome) => store.declare_result(id, *version, *outcome)?,
            Write::Offer(offer) => store.set_offer(id, *version, *offer)?,
            Write::Seats => store.set_seats(id, *version, &stored_seats(table))?,
            Write::Eval { ply, eval } => store.set_eval(id, *version, *ply as u32, *eval)?,
        };
    }
    Ok(())
}

/// Notes the history entries `writes` changed (the next socket update carries them).
pub(super) fn touch_history(st: &mut GameState, writes: &[Write]) {
    for w in writes {
        match w {
            Write::Move { ply, .. } | Write::Eval { ply, .. } => st.touch_history(*ply),
            Write::Truncate { keep } => st.touch_history(*keep),
            Write::Result(_) | Write::Offer(_) | Write::Seats => {}
        }
    }
}

/// Runs `f` on the blocking pool once the host's clock reaches `at_ms` (and a little).
pub(super) fn wake_at(
    runtime: &tokio::runtime::Handle,
    at_ms: i64,
    f: impl FnOnce() + Send + 'static,
) {
    let wait = Duration::from_millis(at_ms.saturating_sub(now_ms()).max(0) as u64) + SLACK;
    runtime.spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = tokio::task::spawn_blocking(f).await;
    });
}
