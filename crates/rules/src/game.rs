//! A game: a start position, the moves played, and how it ended.

use crate::error::{MoveError, SetupError};
use crate::piece::Color;
use crate::position::Position;
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
}

impl Termination {
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

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
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
    if !pos.has_legal_move() {
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

/// A game: the start position, every move since, and a result once it has ended.
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    start: P,
    /// `positions[i]` is the position before `moves[i]`; the last entry is the current one.
    positions: Vec<P>,
    moves: Vec<P::Move>,
    /// A result decided outside the board: agreement, resignation, time.
    declared: Option<Outcome>,
}

impl<P: Position> Game<P> {
    /// A game from the given position.
    pub fn new(start: P) -> Game<P> {
        Game {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            declared: None,
        }
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

    /// The position before each move, then the current one (one more than moves).
    pub fn positions(&self) -> &[P] {
        &self.positions
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
        if let Some(o) = self.declared {
            return GameStatus::Over(o);
        }
        match position_status(self.position()) {
            GameStatus::InProgress if self.repetitions() >= 3 => {
                GameStatus::Over(Outcome::draw(Termination::Repetition))
            }
            s => s,
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

    /// Plays a move, which must be legal and the game not over.
    pub fn play(&mut self, m: P::Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let pos = self.position();
        if !pos.legal_moves().contains(&m) {
            return Err(PlayError::Move(MoveError::illegal(&format!("{m:?}"))));
        }
        let mut next = pos.clone();
        next.play(m);
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Plays a move given in any accepted form (token or notation).
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let m = self.position().parse_move(text).map_err(PlayError::Move)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move given as a token.
    pub fn play_token(&mut self, token: &str) -> Result<P::Move, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let m = self
            .position()
            .parse_move_token(token)
            .map_err(PlayError::Move)?;
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

impl From<MoveError> for PlayError {
    fn from(e: MoveError) -> Self {
        PlayError::Move(e)
    }
}
