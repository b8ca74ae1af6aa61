//! Seats: who holds each side of a game. Against the computer the player's side belongs
//! to the player who created the game; in `local` mode both sides do; in `online` mode
//! the creator's side, and the other once someone takes it through the invitation.
//! Only a seat's holder may act on the game; everyone else watches. Players are known
//! by their key (the host's player id, a secret never shown in views).

use crate::view::{HolderView, Mode};
use rules::Color;

/// Who holds one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The engine plays this side.
    Computer,
    /// The player with this key.
    Player(String),
    /// An online game's side no one has taken yet.
    Open,
    /// A game stored before seats existed: the first player who acts on it takes it.
    Unclaimed,
}

/// The stored form of an unclaimed seat (games from before seats).
pub const UNCLAIMED: &str = "*";

/// Both sides' holders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    pub white: Holder,
    pub black: Holder,
}

impl Seats {
    /// The seats of a new game created by `creator` playing `human`.
    pub fn new(mode: Mode, creator: &str, human: Color) -> Seats {
        let mine = Holder::Player(creator.to_string());
        let other = match mode {
            Mode::Computer => Holder::Computer,
            Mode::Local => mine.clone(),
            Mode::Online => Holder::Open,
        };
        let mut seats = Seats {
            white: mine.clone(),
            black: mine,
        };
        *seats.get_mut(human.opposite()) = other;
        seats
    }

    /// From the store's columns (`None`: the computer, or an open seat; `"*"`: a seat
    /// from before seats). The host checks player keys before (an unreadable key is
    /// best passed as `"*"`).
    pub fn from_stored(
        mode: Mode,
        human: Color,
        white: Option<&str>,
        black: Option<&str>,
    ) -> Seats {
        let read = |side: Color, s: Option<&str>| match s {
            Some(UNCLAIMED) | Some("") => Holder::Unclaimed,
            Some(key) => Holder::Player(key.to_string()),
            None if mode == Mode::Computer && side != human => Holder::Computer,
            None => Holder::Open,
        };
        Seats {
            white: read(Color::White, white),
            black: read(Color::Black, black),
        }
    }

    /// The store's columns (white, black).
    pub fn to_stored(&self) -> (Option<String>, Option<String>) {
        let write = |h: &Holder| match h {
            Holder::Player(p) => Some(p.clone()),
            Holder::Unclaimed => Some(UNCLAIMED.to_string()),
            Holder::Computer | Holder::Open => None,
        };
        (write(&self.white), write(&self.black))
    }

    pub fn get(&self, side: Color) -> &Holder {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub fn get_mut(&mut self, side: Color) -> &mut Holder {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The sides `player` holds, White first.
    pub fn sides_of(&self, player: &str) -> Vec<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .filter(|&s| matches!(self.get(s), Holder::Player(p) if p == player))
            .collect()
    }

    /// Who holds `side`, as everyone may see it (never the player's key).
    pub fn holder_view(&self, side: Color) -> HolderView {
        match self.get(side) {
            Holder::Computer => HolderView::Computer,
            Holder::Player(_) | Holder::Unclaimed => HolderView::Player,
            Holder::Open => HolderView::Open,
        }
    }

    /// The first side still waiting for its player.
    pub fn open_side(&self) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&s| *self.get(s) == Holder::Open)
    }

    /// Whether a side is still waiting for its player.
    pub fn any_open(&self) -> bool {
        self.open_side().is_some()
    }

    /// Gives every unclaimed seat to `player`; true if any was.
    pub fn claim_unclaimed(&mut self, player: &str) -> bool {
        let mut any = false;
        for side in [Color::White, Color::Black] {
            let h = self.get_mut(side);
            if *h == Holder::Unclaimed {
                *h = Holder::Player(player.to_string());
                any = true;
            }
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_games_seat_their_creator() {
        let computer = Seats::new(Mode::Computer, "p", Color::Black);
        assert_eq!(computer.white, Holder::Computer);
        assert_eq!(computer.sides_of("p"), [Color::Black]);
        let local = Seats::new(Mode::Local, "p", Color::White);
        assert_eq!(local.sides_of("p"), [Color::White, Color::Black]);
        assert!(local.sides_of("q").is_empty());
        let online = Seats::new(Mode::Online, "p", Color::Black);
        assert_eq!(online.open_side(), Some(Color::White));
        assert_eq!(online.holder_view(Color::White), HolderView::Open);
    }

    #[test]
    fn seats_round_trip_through_the_store_and_old_games_are_claimed_once() {
        let s = Seats::new(Mode::Computer, "p", Color::White);
        let (w, b) = s.to_stored();
        assert_eq!(
            Seats::from_stored(Mode::Computer, Color::White, w.as_deref(), b.as_deref()),
            s
        );
        let mut old = Seats::from_stored(Mode::Local, Color::White, Some("*"), Some("*"));
        assert!(old.sides_of("p").is_empty());
        assert!(old.claim_unclaimed("p"));
        assert_eq!(old.sides_of("p"), [Color::White, Color::Black]);
        assert!(!old.claim_unclaimed("q"));
        assert_eq!(old.sides_of("p").len(), 2);
    }
}
