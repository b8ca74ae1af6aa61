//! Who may take back a move now: the rule the `TakeBack` command obeys (commands.rs),
//! told in the view ([`GameView::take_back_sides`](crate::GameView)) so that no client
//! repeats it. A result decided outside the board (agreement, resignation, time, a claim)
//! is final; otherwise in local mode any move may be taken back, against the computer
//! the human's last move (with the computer's reply), and online a seat's own last move
//! once both seats are taken (the opponent is asked).

use crate::table::Table;
use crate::view::Mode;
use rules::screen::Side;
use rules::{Color, GameStatus};

impl Table {
    /// Whether the player of `side` may take back now.
    pub fn may_take_back(&self, side: Color) -> bool {
        if let GameStatus::Over(o) = self.game().status() {
            if o.termination.is_declared() {
                return false;
            }
        }
        match self.mode() {
            Mode::Local => self.ply() > 0,
            Mode::Computer => side == self.human() && self.take_back_count(side) > 0,
            Mode::Online => !self.seats().any_open() && self.take_back_count(side) > 0,
        }
    }

    /// The sides whose player may take back now (see [`Table::may_take_back`]).
    pub fn take_back_sides(&self) -> Vec<Side> {
        [Color::White, Color::Black]
            .into_iter()
            .filter(|&side| self.may_take_back(side))
            .map(Side::from)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use engine::api::{Level, Score};
    use rules::screen::Side;
    use rules::{Color, Setup, Variant};

    const A: &str = "player-a";
    const B: &str = "player-b";

    fn table(mode: Mode) -> Table {
        let new = NewTable {
            setup: Setup::standard(Variant::Fourfold),
            position: None,
            mode,
            human: Color::White,
            level: Level::Depth(1),
            time_control: None,
            rated: false,
            seats: Seats::new(mode, A, Color::White),
            invite: (mode == Mode::Online).then(|| "code".to_string()),
            online: OnlineTimes::default(),
        };
        let mut t = Table::new(new, &[], 0).unwrap();
        t.start(0);
        t
    }

    fn play(t: &mut Table, actor: Actor<'_>) {
        let token = t.game().legal_tokens()[0].clone();
        let cmd = match actor {
            Actor::Host => Command::ComputerMove {
                ply: t.ply(),
                token: Some(token),
                score: Score::Cp(0),
                depth: 1,
            },
            Actor::Player(_) => Command::Move {
                text: token,
                ply: None,
            },
        };
        t.apply(cmd, actor, 0).unwrap();
    }

    /// The view names the sides `may_take_back` allows, and the TakeBack command of
    /// each side's player is obeyed exactly when it does.
    fn sides(t: &Table, players: [&str; 2]) -> Vec<Side> {
        let view = t.view("g", 0, 0, HostFacts::default());
        assert_eq!(view.take_back_sides, t.take_back_sides());
        for (side, player) in [Color::White, Color::Black].into_iter().zip(players) {
            let obeyed = t
                .clone()
                .apply(Command::TakeBack, Actor::Player(player), 0)
                .is_ok();
            assert_eq!(t.may_take_back(side), obeyed, "{side:?} ({player})");
        }
        view.take_back_sides
    }

    #[test]
    fn local_any_move_until_a_result_is_declared() {
        let mut t = table(Mode::Local);
        assert_eq!(sides(&t, [A, A]), []);
        play(&mut t, Actor::Player(A));
        assert_eq!(sides(&t, [A, A]), [Side::White, Side::Black]);
        t.apply(Command::Resign { side: None }, Actor::Player(A), 0)
            .unwrap();
        assert_eq!(sides(&t, [A, A]), []);
    }

    #[test]
    fn against_the_computer_the_humans_moves_only() {
        let mut t = table(Mode::Computer);
        // The computer's seat has no player: its command is refused, as the view says.
        assert_eq!(sides(&t, [A, B]), []);
        play(&mut t, Actor::Player(A));
        assert_eq!(sides(&t, [A, B]), [Side::White]);
        play(&mut t, Actor::Host);
        assert_eq!(sides(&t, [A, B]), [Side::White]);
    }

    #[test]
    fn online_each_seat_its_own_moves_once_both_are_taken() {
        let mut t = table(Mode::Online);
        assert_eq!(sides(&t, [A, B]), []);
        t.apply(Command::Join, Actor::Player(B), 0).unwrap();
        play(&mut t, Actor::Player(A));
        assert_eq!(sides(&t, [A, B]), [Side::White]);
        play(&mut t, Actor::Player(B));
        assert_eq!(sides(&t, [A, B]), [Side::White, Side::Black]);
    }
}
