//! The players' labels of an online game (GameView `players`): each side's name and
//! rating in the game's pool, and once a rated game is over, the change it brought. The
//! table knows only player keys; the host reads names and ratings from its store and
//! keeps them with the game (`GameState::players`), so views and socket messages carry
//! them without a read. They are read again when a game is loaded, when its seats
//! change, and when it ends (after the rating).

use super::game::{GameSlot, GameState};
use super::ratings::{ended, ends_game, pool_of};
use super::service::{Mode, Service};
use super::store::StoreResult;
use rules::GameStatus;
use std::sync::Arc;
use table::view::{PlayerLabel, PlayersView};
use table::{Change, Holder, Write};

/// What the labels are read from, taken under the game's lock.
struct Wanted {
    game_id: String,
    pool: String,
    white: Option<String>,
    black: Option<String>,
    rated_over: bool,
    /// The labels before, to keep a finished game's ratings as they were before it.
    before: Option<PlayersView>,
}

impl Service {
    /// The game's labels read afresh (unless the game needs none: not online); a change
    /// is published to the game's sockets.
    pub(super) fn refresh_labels(&self, slot: &Arc<GameSlot>) {
        let wanted = {
            let mut st = slot.lock();
            st.labels_due = false;
            let table = &st.table;
            if table.mode() != Mode::Online {
                return;
            }
            let player = |h: &Holder| match h {
                Holder::Player(p) => Some(p.clone()),
                _ => None,
            };
            Wanted {
                game_id: slot.id.clone(),
                pool: pool_of(&table.game().setup()),
                white: player(&table.seats().white),
                black: player(&table.seats().black),
                rated_over: table.rated() && table.game().status() != GameStatus::InProgress,
                before: st.players.clone(),
            }
        };
        let labels = match self.read_labels(&wanted) {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "spacechess: game {}: cannot read its players' names: {e}",
                    slot.id
                );
                // Tried again on the next request.
                slot.lock().labels_due = true;
                return;
            }
        };
        let mut st = slot.lock();
        if st.players.as_ref() != Some(&labels) {
            st.players = Some(labels);
            slot.send(st.publish(&slot.id, None, false).update);
        }
    }

    /// Names and ratings from the store.
    fn read_labels(&self, w: &Wanted) -> StoreResult<PlayersView> {
        let ids: Vec<&str> = [w.white.as_deref(), w.black.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        let names = self.store.names_of(&ids)?;
        let ratings = self.store.ratings_of_players(&ids, &w.pool)?;
        let change = if w.rated_over {
            self.store.rated_result(&w.game_id)?
        } else {
            None
        };
        let label = |id: &Option<String>, change: Option<i32>, before: Option<&PlayerLabel>| {
            let Some(id) = id else {
                return PlayerLabel::default();
            };
            let r = ratings.get(id).map(|r| r.rating).unwrap_or_default();
            let mut rating = r.rating.round() as i32;
            let mut provisional = r.is_provisional();
            if let Some(c) = change {
                // The rating the game started from: kept from before, else worked back.
                match before.and_then(|b| b.rating.map(|x| (x, b.provisional))) {
                    Some((x, p)) => {
                        rating = x;
                        provisional = p;
                    }
                    None => rating -= c,
                }
            }
            PlayerLabel {
                name: names.get(id).cloned(),
                rating: Some(rating),
                provisional,
                change,
            }
        };
        let before = w.before.as_ref();
        Ok(PlayersView {
            white: label(&w.white, change.map(|c| c.0), before.map(|b| &b.white)),
            black: label(&w.black, change.map(|c| c.1), before.map(|b| &b.black)),
        })
    }

    /// After a change is performed: labels read again off the game's lock when the seats
    /// changed, and a game that ended rated (or aborted) first (`ratings.rs`).
    pub(super) fn labels_after(
        self: &Arc<Self>,
        slot: &Arc<GameSlot>,
        st: &mut GameState,
        change: &Change,
    ) {
        if st.table.mode() != Mode::Online {
            return;
        }
        let seated = change.writes.iter().any(|w| matches!(w, Write::Seats));
        let end = if ends_game(&change.writes) {
            ended(&slot.id, st)
        } else {
            None
        };
        if !seated && end.is_none() {
            return;
        }
        let service = Arc::clone(self);
        let slot = Arc::clone(slot);
        self.runtime.spawn_blocking(move || match end {
            Some(end) => service.settle_rating(&slot, end),
            None => service.refresh_labels(&slot),
        });
    }

    /// Reads the labels of a game loaded without them (once; a failed read is tried
    /// again on the next request).
    pub(super) fn ensure_labels(&self, slot: &Arc<GameSlot>) {
        if slot.lock().labels_due {
            self.refresh_labels(slot);
        }
    }
}
