//! Stacked Boards: material, being on the enemy king's board (only pieces there can
//! attack the king: captures are board-local), pawn advance, central files and the
//! knights' room to move.
//! Weights: `weights/stacked.txt`.

use super::weights::{self, material_terms_of, Committed, Terms, Weighted, MATERIAL};
use super::{Evaluate, PieceValues};
use crate::score::Value;
use rules::stacked::StackedPosition;
use rules::{Color, PieceKind, Position};

/// The terms: material; each knight, bishop, rook, queen on the enemy king's board;
/// ranks of pawn advance; knights and bishops on the four central files; the squares of
/// its board each knight attacks that its side does not hold (its mobility: a table
/// look-up; the sliders' mobility and the attacks next to the enemy king were terms
/// until a match at equal time preferred the speed, docs/engine.md); when one side leads
/// by a rook's worth of pieces, the mop-up terms for that side: how far the enemy king
/// stands from its board's centre (it is mated at an edge), the squares it could flee
/// to (on its board and straight up or down: pieces attack only their own board, so a
/// king escapes to a board where none stand), whether it stands on the bottom or top
/// board (one board to flee to) and how near the hunter's king stands from a board next
/// to it (where it guards the squares straight up or down: the usual mate has the
/// hunter's pieces on the hunted king's board and its king on the next); tempo.
pub const TERMS: &[&str] = &[
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    "knight_on_king_board",
    "bishop_on_king_board",
    "rook_on_king_board",
    "queen_on_king_board",
    "pawn_advance",
    "central",
    "knight_mobility",
    "mop_up_edge",
    "mop_up_flights",
    "mop_up_outer",
    "mop_up_shadow",
    "tempo",
];
/// The first on-king-board term (knight; then bishop, rook, queen).
const ON_KING_BOARD: usize = 5;
const PAWN_ADVANCE: usize = 9;
const CENTRAL: usize = 10;
const KNIGHT_MOBILITY: usize = 11;
const MOP_UP_EDGE: usize = 12;
const MOP_UP_FLIGHTS: usize = 13;
const MOP_UP_OUTER: usize = 14;
const MOP_UP_SHADOW: usize = 15;
const TEMPO: usize = 16;
/// Piece material (standard values, pawns not counted) one side must lead by for the
/// mop-up terms to count: enough to mate, if the enemy king can be caught.
const MOP_UP_LEAD: Value = 500;
const CENTRAL_FILES: u64 = 0x3C3C_3C3C_3C3C_3C3C;

static WEIGHTS: Committed = Committed::new(
    rules::Variant::Stacked,
    None,
    "stacked",
    TERMS,
    include_str!("weights/stacked.txt"),
);

/// One side's counts: pieces on the enemy king's board (knight to queen), pawn advance,
/// central minor pieces, knight mobility.
struct Side {
    on_king_board: [Value; 4],
    pawn_advance: Value,
    central: Value,
    knight_mobility: Value,
}

impl Weighted for StackedPosition {
    fn committed_for(_: rules::RuleSet) -> &'static Committed {
        &WEIGHTS
    }
    fn terms<T: Terms>(&self, t: &mut T) {
        let us = self.turn();
        let (a, b) = (side(self, us), side(self, us.opposite()));
        // Counted once: the material terms and the mop-up's lead both read them.
        let material = self.material();
        material_terms_of(&material, us, t);
        for k in 0..4 {
            t.add(ON_KING_BOARD + k, a.on_king_board[k] - b.on_king_board[k]);
        }
        t.add(PAWN_ADVANCE, a.pawn_advance - b.pawn_advance);
        t.add(CENTRAL, a.central - b.central);
        t.add(KNIGHT_MOBILITY, a.knight_mobility - b.knight_mobility);
        let hunt = mop_up(self, us, &material);
        t.add(MOP_UP_EDGE, hunt.edge);
        t.add(MOP_UP_FLIGHTS, hunt.flights);
        t.add(MOP_UP_OUTER, hunt.outer);
        t.add(MOP_UP_SHADOW, hunt.shadow);
        t.add(TEMPO, 1);
    }
}

impl Evaluate for StackedPosition {
    fn evaluate(&self) -> Value {
        self.weighted_score()
    }
    fn piece_values(&self) -> PieceValues {
        weights::piece_values(WEIGHTS.get())
    }
}

/// The mop-up counts from `us`'s view (all zero without a lead).
#[derive(Default)]
struct Hunt {
    /// The hunted king's distance from its board's centre (0–6, Manhattan from the
    /// nearest of the four central squares).
    edge: Value,
    /// Its flight squares ([`StackedPosition::king_flights`], 0–10).
    flights: Value,
    /// 1 when it stands on the bottom or top board (one board to flee to, not two).
    outer: Value,
    /// How near the hunter's king stands to it from a board next to its own, where it
    /// guards the squares straight up or down (7 minus the kings' distance across the
    /// board, when the boards are next to each other; 0 otherwise).
    shadow: Value,
}

/// The mop-up counts for the side with a lead of [`MOP_UP_LEAD`] in pieces, positive
/// when that is `us`.
fn mop_up(p: &StackedPosition, us: Color, material: &[[u8; 6]; 2]) -> Hunt {
    let pieces = |c: Color| -> Value {
        let m = material[c.index()];
        [
            (PieceKind::Knight, 310),
            (PieceKind::Bishop, 330),
            (PieceKind::Rook, 500),
            (PieceKind::Queen, 950),
        ]
        .into_iter()
        .map(|(kind, v)| Value::from(m[kind.index()]) * v)
        .sum()
    };
    let lead = pieces(us) - pieces(us.opposite());
    let (loser, sign) = if lead >= MOP_UP_LEAD {
        (us.opposite(), 1)
    } else if lead <= -MOP_UP_LEAD {
        (us, -1)
    } else {
        return Hunt::default();
    };
    // (file, rank) of a king's local square.
    let place = |c: Color| {
        let local = p.king_local(c) as Value;
        (local % 8, local / 8)
    };
    let ((file, rank), (hunter_file, hunter_rank)) = (place(loser), place(loser.opposite()));
    let centre = |v: Value| (3 - v).max(v - 4);
    let board = p.king_board(loser);
    let shadow = if board.abs_diff(p.king_board(loser.opposite())) == 1 {
        7 - (file - hunter_file).abs().max((rank - hunter_rank).abs())
    } else {
        0
    };
    Hunt {
        edge: sign * (centre(file) + centre(rank)),
        flights: sign * p.king_flights(loser) as Value,
        outer: sign * Value::from(board != 1),
        shadow: sign * shadow,
    }
}

fn side(p: &StackedPosition, c: Color) -> Side {
    let enemy_king_board = p.king_board(c.opposite());
    let mut s = Side {
        on_king_board: [0; 4],
        pawn_advance: 0,
        central: 0,
        knight_mobility: 0,
    };
    for (k, kind) in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .into_iter()
    .enumerate()
    {
        s.on_king_board[k] = p.pieces_on_board(enemy_king_board, c, kind).count_ones() as Value;
    }
    for b in 0..3 {
        let minors =
            p.pieces_on_board(b, c, PieceKind::Knight) | p.pieces_on_board(b, c, PieceKind::Bishop);
        s.central += (minors & CENTRAL_FILES).count_ones() as Value;
        let own = p.occupied_on_board(b, c);
        let mut knights = p.pieces_on_board(b, c, PieceKind::Knight);
        while knights != 0 {
            let local = knights.trailing_zeros() as usize;
            knights &= knights - 1;
            s.knight_mobility +=
                (p.attacks(b, PieceKind::Knight, c, local) & !own).count_ones() as Value;
        }
        let mut pawns = p.pieces_on_board(b, c, PieceKind::Pawn);
        while pawns != 0 {
            let local = pawns.trailing_zeros() as Value;
            pawns &= pawns - 1;
            let rank = local / 8;
            let advanced = if c == Color::White {
                rank - 1
            } else {
                6 - rank
            };
            s.pawn_advance += advanced.max(0);
        }
    }
    s
}
