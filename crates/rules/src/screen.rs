//! The screen's view model: what a user interface draws of a game, as plain data built
//! by the rules (cells, attack boards and the squares they cover, legal moves with their
//! squares, history with move numbers and sides, the result in words). A front end only
//! draws it; no rule knowledge is needed outside this crate. Free of any server type, so
//! the same code can run wherever the rules run.

use crate::any::{AnyGame, MoveInfo};
use crate::game::{Game, GameStatus, Outcome, PlayedMove};
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Cell, MoveSquares, Mover, Position};
use crate::setup::{RuleSet, Variant};
use crate::trid::geometry::{sq_x, sq_y, sq_z, square_name, Placement};

#[cfg(feature = "serde")]
use serde::Serialize;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Status {
    InProgress,
    Over,
}

/// What a move moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MoverKind {
    Piece,
    Board,
}

/// A square named and placed: the name as in move tokens, the variant's coordinates (see
/// [`Cell::coords`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SquareRef {
    pub name: String,
    pub coords: [i8; 4],
}

/// One square that exists now, with its piece (a letter, upper case for White).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CellView {
    pub name: String,
    /// The board or level it belongs to (`B`/`M`/`T`; `W`/`N`/`B` or an attack board's
    /// name; `L1`..`L4`; `00`..`11`).
    pub board: String,
    pub coords: [i8; 4],
    pub dark: bool,
    pub piece: Option<String>,
}

/// Where a Tri-D attack board stands (or would stand after a board move).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlacementView {
    /// E.g. `b1(3)`.
    pub position: String,
    /// The post: the corner square without level, e.g. `b1`.
    pub post: String,
    pub level: i8,
    /// Standing above its main board (else hanging below).
    pub standing: bool,
    /// The level of the main board the post belongs to (2, 4 or 6): the post reaches from
    /// there to the board.
    pub main_level: i8,
    /// The post's column at the board's level, as coordinates.
    pub post_coords: [i8; 4],
    /// The four squares the board covers there.
    pub squares: Vec<SquareRef>,
}

impl PlacementView {
    /// The view of a Tri-D placement name such as `b1(3)`.
    pub fn of_trid(position: &str) -> Option<PlacementView> {
        let p = Placement::parse(position)?;
        let post = p.post();
        let (px, py) = post.corner();
        Some(PlacementView {
            position: p.name(),
            post: post.name(),
            level: p.level,
            standing: p.standing(),
            main_level: post.main_level(),
            post_coords: [px, py, p.level, 0],
            squares: p
                .squares()
                .into_iter()
                .map(|s| SquareRef {
                    name: square_name(s),
                    coords: [sq_x(s), sq_y(s), sq_z(s), 0],
                })
                .collect(),
        })
    }
}

/// A Tri-D attack board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardView {
    /// `WQL`, `WKL`, `BQL` or `BKL`.
    pub name: String,
    pub owner: Side,
    #[cfg_attr(feature = "serde", serde(flatten))]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub placement: PlacementView,
}

/// A board or level as a screen names it: its id (as in [`CellView::board`]) and its name
/// for people (`Top`, `L2`, `Z0 W1`, `Level 4`, `WQL (3)`). One per board that has squares
/// now, in the order of the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardInfo {
    pub id: String,
    pub label: String,
}

/// What a move does, in the position it is (or was) played from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveView {
    /// The exact token to send back to play it.
    pub token: String,
    /// Display notation (legal moves: without `+`/`#`; history: with them).
    pub notation: String,
    /// The square left (for a board move: the board's name).
    pub from: String,
    /// The square reached (for a board move: its new position, e.g. `b4(1)`).
    pub to: String,
    /// The captured piece's square when it is not `to` (en passant).
    pub captured_square: Option<String>,
    pub mover: MoverKind,
    /// The moving piece (for castling the king), a letter in the mover's case.
    pub piece: Option<String>,
    pub capture: bool,
    /// The piece a pawn becomes, a letter in the mover's case.
    pub promotion: Option<String>,
    pub castling: bool,
    /// A board move's destination with the squares it covers there.
    pub board_to: Option<PlacementView>,
    /// What a player may type for it besides the token and the notation, in ASCII: the
    /// shortest form first (piece and destination, the origin's file, rank or board/level
    /// only when another legal move needs it: `NMf3`, `exd5(4)`, `O-O`), then looser
    /// forms that may fit several moves (`Nf3`, `Ng1Mf3`). Only in a position's legal
    /// move list; empty in the history and elsewhere.
    pub short_forms: Vec<String>,
}

impl MoveView {
    #[allow(clippy::too_many_arguments)]
    fn new(
        token: &str,
        notation: &str,
        squares: &MoveSquares,
        mover: Mover,
        side: Color,
        captured: Option<PieceKind>,
        promotion: Option<PieceKind>,
        castling: bool,
    ) -> MoveView {
        let letter = |k: PieceKind| Piece::new(side, k).char().to_string();
        let (kind, piece) = match mover {
            Mover::Piece(k) => (MoverKind::Piece, Some(letter(k))),
            Mover::Board => (MoverKind::Board, None),
        };
        MoveView {
            token: token.to_string(),
            notation: notation.to_string(),
            from: squares.from.clone(),
            to: squares.to.clone(),
            captured_square: squares.captured.clone(),
            mover: kind,
            piece,
            capture: captured.is_some(),
            promotion: promotion.map(letter),
            castling,
            board_to: match mover {
                Mover::Board => PlacementView::of_trid(&squares.to),
                Mover::Piece(_) => None,
            },
            short_forms: Vec::new(),
        }
    }

    /// A legal move of a position where `side` is to move.
    pub fn legal(m: &MoveInfo, side: Color) -> MoveView {
        MoveView::new(
            &m.token,
            &m.notation,
            &m.squares,
            m.mover,
            side,
            m.captured,
            m.promotion,
            m.castling,
        )
    }

    /// A move as it was played.
    pub fn played(m: &PlayedMove) -> MoveView {
        MoveView::new(
            &m.token,
            &m.notation,
            &m.squares,
            m.mover,
            m.side,
            m.captured,
            m.promotion,
            m.castling,
        )
    }
}

/// One move of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryEntry {
    /// The full-move number (`1.` for White's first move).
    pub number: u32,
    /// The side that made it.
    pub side: Side,
    #[cfg_attr(feature = "serde", serde(flatten))]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub r#move: MoveView,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ResultView {
    /// `null` for a draw.
    pub winner: Option<Side>,
    /// The termination's identifier (see the catalogue).
    pub reason: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub text: String,
    /// In words, e.g. `White wins by checkmate`.
    pub description: String,
}

impl From<Outcome> for ResultView {
    fn from(o: Outcome) -> ResultView {
        ResultView {
            winner: o.winner.map(Side::from),
            reason: o.termination.id().into(),
            text: o.result_string().into(),
            description: o.description(),
        }
    }
}

/// The squares of the last move, for highlighting.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LastMove {
    pub from: String,
    pub to: String,
}

/// The board and what is known of the game, as a screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Screen {
    pub variant: Variant,
    /// The variant's name for people.
    pub title: String,
    /// The Tri-D rule set (`null` elsewhere).
    pub rules: Option<RuleSet>,
    pub options: Vec<String>,
    pub position: String,
    pub start_position: String,
    pub turn: Side,
    /// Half-moves played.
    pub ply: u32,
    pub fullmove: u32,
    pub status: Status,
    pub result: Option<ResultView>,
    pub checked_kings: Vec<String>,
    pub cells: Vec<CellView>,
    /// The boards and levels of `cells`, named for people.
    // Inlined in the web contract, so that its list of declared types needs no new entry.
    #[cfg_attr(feature = "ts", ts(inline))]
    pub boards: Vec<BoardInfo>,
    pub attack_boards: Vec<BoardView>,
    /// Empty when `with_moves` was false or the game is over.
    pub legal_moves: Vec<MoveView>,
    pub last_move: Option<LastMove>,
}

/// The boards of `cells` in their order, each named as `variant` names it.
fn board_infos(
    variant: Variant,
    cells: &[CellView],
    attack_boards: &[BoardView],
) -> Vec<BoardInfo> {
    let mut boards: Vec<BoardInfo> = Vec::new();
    for c in cells {
        if !boards.iter().any(|b| b.id == c.board) {
            boards.push(BoardInfo {
                id: c.board.clone(),
                label: board_label(variant, &c.board, attack_boards),
            });
        }
    }
    boards
}

/// The name people see for board `id`: Stacked's levels by where they stand, Fourfold's
/// boards by their two coordinates, Tri-D's main levels by number and its attack boards
/// with the level they stand at; Quadlevel's ids are already names.
fn board_label(variant: Variant, id: &str, attack_boards: &[BoardView]) -> String {
    match variant {
        Variant::Stacked => match id {
            "T" => "Top".into(),
            "M" => "Middle".into(),
            "B" => "Bottom".into(),
            _ => id.into(),
        },
        Variant::Quadlevel => id.into(),
        Variant::Fourfold => {
            let mut coords = id.chars();
            match (coords.next(), coords.next(), coords.next()) {
                (Some(z), Some(w), None) => format!("Z{z} W{w}"),
                _ => id.into(),
            }
        }
        Variant::Trid => match id {
            "W" => "Level 2".into(),
            "N" => "Level 4".into(),
            "B" => "Level 6".into(),
            _ => attack_boards.iter().find(|b| b.name == id).map_or_else(
                || id.into(),
                |b| format!("{} ({})", b.name, b.placement.level),
            ),
        },
    }
}

fn cell_view(c: Cell) -> CellView {
    CellView {
        name: c.name,
        board: c.board,
        coords: c.coords,
        dark: c.dark,
        piece: c.piece.map(|p| p.char().to_string()),
    }
}

/// The history entries from index `from` on.
pub fn history_of<P: Position>(game: &Game<P>, from: usize) -> Vec<HistoryEntry> {
    game.played()
        .iter()
        .skip(from)
        .map(|m| HistoryEntry {
            number: m.number,
            side: m.side.into(),
            r#move: MoveView::played(m),
        })
        .collect()
}

/// The screen of a game; legal moves are listed only when `with_moves`.
pub fn screen_of<P: Position>(game: &Game<P>, with_moves: bool) -> Screen {
    let pos = game.position();
    let setup = pos.setup();
    let status = game.status();
    let legal_moves = if with_moves {
        let side = pos.turn();
        let moves = game.legal_moves();
        moves
            .iter()
            .zip(crate::short_form::short_forms(pos, moves))
            .map(|(&m, short_forms)| MoveView {
                short_forms,
                ..MoveView::legal(&MoveInfo::describe(pos, m), side)
            })
            .collect()
    } else {
        Vec::new()
    };
    let cells: Vec<CellView> = pos.cells().into_iter().map(cell_view).collect();
    let attack_boards: Vec<BoardView> = pos
        .attack_boards()
        .into_iter()
        .filter_map(|b| {
            Some(BoardView {
                name: b.name,
                owner: b.owner.into(),
                placement: PlacementView::of_trid(&b.position)?,
            })
        })
        .collect();
    Screen {
        variant: setup.variant(),
        title: setup.variant().title().into(),
        rules: setup.rules_if_any(),
        options: setup
            .options()
            .ids()
            .into_iter()
            .map(String::from)
            .collect(),
        position: pos.position_string(),
        start_position: game.start_position().position_string(),
        turn: pos.turn().into(),
        ply: game.moves().len() as u32,
        fullmove: pos.fullmove_number(),
        status: match status {
            GameStatus::InProgress => Status::InProgress,
            GameStatus::Over(_) => Status::Over,
        },
        result: match status {
            GameStatus::InProgress => None,
            GameStatus::Over(o) => Some(o.into()),
        },
        checked_kings: pos.checked_kings(),
        boards: board_infos(setup.variant(), &cells, &attack_boards),
        cells,
        attack_boards,
        legal_moves,
        last_move: game.played().last().map(|m| LastMove {
            from: m.squares.from.clone(),
            to: m.squares.to.clone(),
        }),
    }
}

impl AnyGame {
    /// The screen of the game; legal moves are listed only when `with_moves`.
    pub fn screen(&self, with_moves: bool) -> Screen {
        crate::dispatch!(self, g => screen_of(g, with_moves))
    }

    /// The history entries from index `from` on.
    pub fn history_entries(&self, from: usize) -> Vec<HistoryEntry> {
        crate::dispatch!(self, g => history_of(g, from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Setup;

    #[test]
    fn trid_boards_cover_their_four_squares_and_know_their_post() {
        let game = AnyGame::new(&Setup::standard(Variant::Trid), None).unwrap();
        let s = game.screen(true);
        assert_eq!(s.attack_boards.len(), 4);
        let wql = &s.attack_boards[0];
        assert_eq!(wql.name, "WQL");
        assert_eq!(wql.placement.post, "b1");
        assert_eq!(wql.placement.main_level, 2);
        assert!(wql.placement.standing);
        let mut names: Vec<&str> = wql
            .placement
            .squares
            .iter()
            .map(|q| q.name.as_str())
            .collect();
        names.sort();
        assert_eq!(names, ["a0(3)", "a1(3)", "b0(3)", "b1(3)"]);
        // Every covered square is a cell of the board.
        for q in &wql.placement.squares {
            assert!(s
                .cells
                .iter()
                .any(|c| c.name == q.name && c.board == "WQL" && c.coords == q.coords));
        }
        // A position with empty attack boards, which may move.
        let game = AnyGame::new(
            &Setup::standard(Variant::Trid),
            Some("Kc1(2),Pd2(2),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1"),
        )
        .unwrap();
        let s = game.screen(true);
        let board_moves: Vec<&MoveView> = s
            .legal_moves
            .iter()
            .filter(|m| m.mover == MoverKind::Board)
            .collect();
        assert!(!board_moves.is_empty());
        for m in board_moves {
            let to = m.board_to.as_ref().expect("a board move has a destination");
            assert_eq!(to.position, m.to);
            assert_eq!(to.squares.len(), 4);
        }
    }

    #[test]
    fn every_board_of_every_variant_is_named_once_in_the_cells_order() {
        for variant in Variant::ALL {
            let s = AnyGame::new(&Setup::standard(variant), None)
                .unwrap()
                .screen(false);
            let mut order: Vec<&str> = Vec::new();
            for c in &s.cells {
                if !order.contains(&c.board.as_str()) {
                    order.push(&c.board);
                }
            }
            let ids: Vec<&str> = s.boards.iter().map(|b| b.id.as_str()).collect();
            assert_eq!(ids, order, "{variant:?}");
            let labels: Vec<&str> = s.boards.iter().map(|b| b.label.as_str()).collect();
            let mut sorted = labels.clone();
            sorted.sort();
            let expected: &[&str] = match variant {
                Variant::Stacked => &["Bottom", "Middle", "Top"],
                Variant::Quadlevel => &["L1", "L2", "L3", "L4"],
                Variant::Fourfold => &["Z0 W0", "Z0 W1", "Z1 W0", "Z1 W1"],
                Variant::Trid => &[
                    "BKL (7)", "BQL (7)", "Level 2", "Level 4", "Level 6", "WKL (3)", "WQL (3)",
                ],
            };
            assert_eq!(sorted, expected, "{variant:?}");
        }
    }

    #[test]
    fn history_numbers_and_sides_follow_the_position() {
        // Black to move at move 7: the first entry is Black's 7th move.
        let setup = Setup::standard(Variant::Stacked);
        let mut game = AnyGame::new(&setup, None).unwrap();
        let first = game.legal_tokens()[0].clone();
        game.play_token(&first).unwrap();
        let second = game.legal_tokens()[0].clone();
        game.play_token(&second).unwrap();
        let h = game.history_entries(0);
        assert_eq!((h[0].number, h[0].side), (1, Side::White));
        assert_eq!((h[1].number, h[1].side), (1, Side::Black));
        assert_eq!(game.history_entries(1), h[1..].to_vec());
        let s = game.screen(false);
        assert!(s.legal_moves.is_empty());
        assert_eq!(s.last_move.as_ref().unwrap().to, h[1].r#move.to);
    }

    #[test]
    fn results_are_worded_by_the_rules() {
        let mut game = AnyGame::new(&Setup::standard(Variant::Stacked), None).unwrap();
        game.resign(Color::Black).unwrap();
        let r = game.screen(true).result.unwrap();
        assert_eq!(r.description, "White wins: Black resigned");
        assert_eq!((r.reason.as_str(), r.text.as_str()), ("resignation", "1-0"));
    }
}
