//! A game: a start position, the moves played, and how it ended.

use crate::error::{MoveError, SetupError};
use crate::piece::{Color, PieceKind};
use crate::position::{MoveSquares, Mover, Position};
use crate::setup::Setup;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    Agreement,
    Resignation,
    Time,
    /// Ended before it began (an online game whose side made no first move in time):
    /// nobody wins or loses.
    Aborted,
    /// A player left (an online game whose opponent claimed the win or a draw).
    Abandoned,
}

impl Termination {
    pub const ALL: [Termination; 10] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Repetition,
        Termination::FiftyMoves,
        Termination::InsufficientMaterial,
        Termination::Agreement,
        Termination::Resignation,
        Termination::Time,
        Termination::Aborted,
        Termination::Abandoned,
    ];

    /// The termination with this identifier.
    pub fn from_id(id: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.id() == id)
    }

    /// Decided outside the board (agreement, resignation, time, abort, a player gone):
    /// cannot be taken back.
    pub fn is_declared(self) -> bool {
        matches!(
            self,
            Termination::Agreement
                | Termination::Resignation
                | Termination::Time
                | Termination::Aborted
                | Termination::Abandoned
        )
    }

    /// The identifier used by the API and records.
    pub fn id(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "repetition",
            Termination::FiftyMoves => "fifty-moves",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Time => "time",
            Termination::Aborted => "aborted",
            Termination::Abandoned => "abandoned",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "threefold repetition",
            Termination::FiftyMoves => "fifty moves without a capture or pawn move",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::Agreement => "draw by agreement",
            Termination::Resignation => "resignation",
            Termination::Time => "loss on time",
            Termination::Aborted => "abort",
            Termination::Abandoned => "the opponent leaving",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
}

impl Outcome {
    pub fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }

    pub fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`; `*` for an aborted game (no result).
    pub fn result_string(&self) -> &'static str {
        if self.termination == Termination::Aborted {
            return "*";
        }
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The result in words, e.g. `White wins by checkmate`, `Draw by agreement`.
    pub fn description(&self) -> String {
        let reason = match self.termination {
            Termination::FiftyMoves => "the 50-move rule",
            Termination::Agreement => "agreement",
            t => return self.worded(t),
        };
        match self.winner {
            None => format!("Draw by {reason}"),
            Some(w) => format!("{} wins by {reason}", side_name(w)),
        }
    }

    fn worded(&self, t: Termination) -> String {
        match (self.winner, t) {
            (_, Termination::Aborted) => "Game aborted: nobody wins or loses".to_string(),
            (None, Termination::Abandoned) => {
                "Draw: a player left the game and the other claimed a draw".to_string()
            }
            (Some(w), Termination::Abandoned) => format!(
                "{} wins: {} left the game",
                side_name(w),
                side_name(w.opposite())
            ),
            (None, t) => format!("Draw by {t}"),
            (Some(w), Termination::Resignation) => {
                format!(
                    "{} wins: {} resigned",
                    side_name(w),
                    side_name(w.opposite())
                )
            }
            (Some(w), Termination::Time) => format!("{} wins on time", side_name(w)),
            (Some(w), t) => format!("{} wins by {t}", side_name(w)),
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    InProgress,
    Over(Outcome),
}

/// Why a move could not be played in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver(Outcome),
    Move(MoveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(
                f,
                "the game is over ({}, {})",
                o.result_string(),
                o.termination
            ),
            PlayError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// The status of a position from the rules alone (no history): mate, stalemate, 50 moves,
/// insufficient material. In that order: a mate on the hundredth half-move is a mate.
pub fn position_status<P: Position>(pos: &P) -> GameStatus {
    crate::generations::count();
    status_with_moves(pos, pos.has_legal_move())
}

/// [`position_status`] when whether a legal move exists is already known.
fn status_with_moves<P: Position>(pos: &P, has_legal_move: bool) -> GameStatus {
    if !has_legal_move {
        return GameStatus::Over(if pos.in_check() {
            Outcome::win(pos.turn().opposite(), Termination::Checkmate)
        } else {
            Outcome::draw(Termination::Stalemate)
        });
    }
    if pos.insufficient_material() {
        return GameStatus::Over(Outcome::draw(Termination::InsufficientMaterial));
    }
    if pos.halfmove_clock() >= 100 {
        return GameStatus::Over(Outcome::draw(Termination::FiftyMoves));
    }
    GameStatus::InProgress
}

/// A move as it was played: everything a display or a record needs, worked out once in
/// the position it was played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub token: String,
    /// Display notation with `+`/`#`.
    pub notation: String,
    pub squares: MoveSquares,
    pub mover: Mover,
    /// The side that made the move.
    pub side: Color,
    /// The full-move number of the move (the position's before it).
    pub number: u32,
    pub captured: Option<PieceKind>,
    pub promotion: Option<PieceKind>,
    pub castling: bool,
}

impl PlayedMove {
    /// Describes a legal move of `before`; `suffix` is `+`, `#` or empty.
    pub fn describe<P: Position>(before: &P, m: P::Move, suffix: &str) -> PlayedMove {
        let facts = before.move_facts(m);
        PlayedMove {
            token: before.move_token(m),
            notation: format!("{}{suffix}", before.move_notation(m)),
            squares: before.move_squares(m),
            mover: facts.mover,
            side: before.turn(),
            number: before.fullmove_number(),
            captured: facts.captured,
            promotion: facts.promotion,
            castling: facts.castling,
        }
    }
}

/// What is known of the current position, worked out once when it is reached.
#[derive(Clone, Debug)]
struct Current<M> {
    /// Every legal move (also when a rule such as the 50 moves ended the game).
    legal: Vec<M>,
    /// The status from the rules and the repetition rule (declared results aside).
    status: GameStatus,
}

/// A game: the start position, every move since, and a result once it has ended.
///
/// The current position's legal moves and status are computed once, when the position is
/// reached (one move generation per move played or taken back), and every question about
/// them is answered from that.
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    start: P,
    /// `positions[i]` is the position before `moves[i]`; the last entry is the current one.
    positions: Vec<P>,
    moves: Vec<P::Move>,
    /// `played[i]` describes `moves[i]`.
    played: Vec<PlayedMove>,
    /// A result decided outside the board: agreement, resignation, time.
    declared: Option<Outcome>,
    current: Current<P::Move>,
}

impl<P: Position> Game<P> {
    /// A game from the given position.
    pub fn new(start: P) -> Game<P> {
        let legal = start.legal_moves();
        let mut game = Game {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            played: Vec::new(),
            declared: None,
            current: Current {
                legal: Vec::new(),
                status: GameStatus::InProgress,
            },
        };
        game.arrive(legal);
        game
    }

    /// Records what is known of the position just reached, given its legal moves.
    fn arrive(&mut self, legal: Vec<P::Move>) {
        let status = match status_with_moves(self.position(), !legal.is_empty()) {
            GameStatus::InProgress if self.repetitions() >= 3 => {
                GameStatus::Over(Outcome::draw(Termination::Repetition))
            }
            s => s,
        };
        self.current = Current { legal, status };
    }

    /// A game from the standard start of a setup.
    pub fn from_setup(setup: &Setup) -> Result<Game<P>, SetupError> {
        Ok(Game::new(P::start(setup)?))
    }

    pub fn start_position(&self) -> &P {
        &self.start
    }

    pub fn position(&self) -> &P {
        self.positions.last().expect("a game always has a position")
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The moves played, described as they were played.
    pub fn played(&self) -> &[PlayedMove] {
        &self.played
    }

    /// The position before each move, then the current one (one more than moves).
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The legal moves of the current position; none once the game is over.
    pub fn legal_moves(&self) -> &[P::Move] {
        if self.is_over() {
            &[]
        } else {
            &self.current.legal
        }
    }

    /// How often the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        let h = self.position().hash();
        self.positions.iter().filter(|p| p.hash() == h).count()
    }

    /// The hashes of all positions so far, oldest first (for the search's repetition check).
    pub fn hashes(&self) -> Vec<u64> {
        self.positions.iter().map(|p| p.hash()).collect()
    }

    /// In progress, or how the game ended.
    pub fn status(&self) -> GameStatus {
        match self.declared {
            Some(o) => GameStatus::Over(o),
            None => self.current.status,
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            GameStatus::Over(o) => Some(o),
            GameStatus::InProgress => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays a move, which must be legal and the game not over. Returns the move as
    /// played (also the last entry of [`Game::played`]).
    pub fn play(&mut self, m: P::Move) -> Result<&PlayedMove, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if !self.current.legal.contains(&m) {
            return Err(PlayError::Move(MoveError::illegal(&format!("{m:?}"))));
        }
        let before = self.position();
        let mut next = before.clone();
        next.play(m);
        let legal = next.legal_moves();
        let suffix = match (next.in_check(), legal.is_empty()) {
            (false, _) => "",
            (true, true) => "#",
            (true, false) => "+",
        };
        let described = PlayedMove::describe(before, m, suffix);
        self.positions.push(next);
        self.moves.push(m);
        self.played.push(described);
        self.arrive(legal);
        Ok(self.played.last().expect("just played"))
    }

    /// The legal move whose token is exactly `token` (what machines send: the browser, the
    /// engine, stored games).
    pub fn find_token(&self, token: &str) -> Result<P::Move, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let pos = self.position();
        self.current
            .legal
            .iter()
            .copied()
            .find(|&m| pos.move_token(m) == token)
            .ok_or_else(|| PlayError::Move(MoveError::illegal(&truncated(token))))
    }

    /// Plays a move given in any accepted form (token or notation), as people type them.
    /// The move as played is then the last of [`Game::played`].
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let m = crate::notation::find_in(self.position(), &self.current.legal, text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move given as its exact token.
    pub fn play_token(&mut self, token: &str) -> Result<P::Move, PlayError> {
        let m = self.find_token(token)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move. Refused (returns `None`) when there is none or the game
    /// ended by agreement, resignation or time.
    pub fn undo(&mut self) -> Option<P::Move> {
        if self.declared.is_some() {
            return None;
        }
        let m = self.moves.pop()?;
        self.positions.pop();
        self.played.pop();
        let legal = self.position().legal_moves();
        self.arrive(legal);
        Some(m)
    }

    /// Ends the game: `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        self.declare(Outcome::win(color.opposite(), Termination::Resignation))
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.declare(Outcome::draw(Termination::Agreement))
    }

    /// Ends the game: `color` ran out of time.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, PlayError> {
        self.declare(Outcome::win(color.opposite(), Termination::Time))
    }

    /// Ends the game without a result (no first move in time).
    pub fn abort(&mut self) -> Result<Outcome, PlayError> {
        self.declare(Outcome::draw(Termination::Aborted))
    }

    /// Ends the game because a player left: `winner` claimed the win, or (`None`) the
    /// remaining player claimed a draw.
    pub fn claim_abandoned(&mut self, winner: Option<Color>) -> Result<Outcome, PlayError> {
        self.declare(Outcome {
            winner,
            termination: Termination::Abandoned,
        })
    }

    fn declare(&mut self, o: Outcome) -> Result<Outcome, PlayError> {
        if let Some(done) = self.outcome() {
            return Err(PlayError::GameOver(done));
        }
        self.declared = Some(o);
        Ok(o)
    }

    /// The result set by [`Game::resign`], [`Game::agree_draw`] or [`Game::lose_on_time`].
    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// Restores a declared result (when loading a stored game).
    pub fn set_declared(&mut self, o: Option<Outcome>) {
        self.declared = o;
    }
}

/// A rejected input as shown in an error: at most 64 characters.
fn truncated(s: &str) -> String {
    s.chars().take(crate::notation::MAX_MOVE_TEXT).collect()
}

impl From<MoveError> for PlayError {
    fn from(e: MoveError) -> Self {
        PlayError::Move(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::standard_setups;
    use crate::zobrist::splitmix64;

    /// The status and legal moves computed from scratch, for comparison with the cache.
    fn fresh<P: Position>(g: &Game<P>) -> (Vec<P::Move>, GameStatus) {
        let status = match g.declared() {
            Some(o) => GameStatus::Over(o),
            None => match position_status(g.position()) {
                GameStatus::InProgress if g.repetitions() >= 3 => {
                    GameStatus::Over(Outcome::draw(Termination::Repetition))
                }
                s => s,
            },
        };
        let legal = match status {
            GameStatus::InProgress => g.position().legal_moves(),
            GameStatus::Over(_) => Vec::new(),
        };
        (legal, status)
    }

    fn check<P: Position>(setup: &Setup) {
        let mut g: Game<P> = Game::from_setup(setup).unwrap();
        let mut seed = 7;
        for ply in 0..40 {
            assert_eq!(
                (g.legal_moves().to_vec(), g.status()),
                fresh(&g),
                "{setup} ply {ply}"
            );
            if g.is_over() {
                break;
            }
            let (s, r) = splitmix64(seed);
            seed = s;
            let m = g.legal_moves()[(r % g.legal_moves().len() as u64) as usize];
            let before = g.position().clone();
            let token = before.move_token(m);
            let played = g.play_token(&token).unwrap();
            assert_eq!(played, m);
            let last = g.played().last().unwrap();
            assert_eq!(last.token, token);
            assert_eq!(last.side, before.turn());
            assert_eq!(last.number, before.fullmove_number());
            assert_eq!(
                last.notation,
                crate::notation::notation_with_suffix(&before, m)
            );
            if ply % 7 == 6 {
                g.undo().unwrap();
                assert_eq!(
                    (g.legal_moves().to_vec(), g.status()),
                    fresh(&g),
                    "{setup} undo"
                );
                g.play(m).unwrap();
            }
        }
        assert!(g.play_token("no such move").is_err());
    }

    #[test]
    fn the_cache_equals_a_fresh_computation_through_plays_and_undos() {
        for setup in standard_setups() {
            crate::with_position_type!(setup.variant(), P => check::<P>(&setup));
        }
    }

    #[test]
    fn an_abort_has_no_result_and_a_claim_names_who_left() {
        let setup = crate::setup::Setup::standard(crate::setup::Variant::Stacked);
        crate::with_position_type!(setup.variant(), P => {
            let mut g: Game<P> = Game::new(P::start(&setup).unwrap());
            let o = g.abort().unwrap();
            assert_eq!((o.winner, o.result_string()), (None, "*"));
            assert_eq!(o.description(), "Game aborted: nobody wins or loses");
            assert!(g.is_over() && g.undo().is_none());
            assert!(g.claim_abandoned(None).is_err(), "over already");
            let mut g: Game<P> = Game::new(P::start(&setup).unwrap());
            let o = g.claim_abandoned(Some(Color::Black)).unwrap();
            assert_eq!(o.result_string(), "0-1");
            assert_eq!(o.description(), "Black wins: White left the game");
            let draw = Outcome::draw(Termination::Abandoned);
            assert_eq!(draw.result_string(), "1/2-1/2");
            assert!(Termination::Abandoned.is_declared() && Termination::Aborted.is_declared());
        });
    }
}
