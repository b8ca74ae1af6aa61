//! The guide's own texts: a one-line summary per variant, the choices (rule sets and
//! options) explained, and the rules that no lesson covers.

use super::{Diagram, Topic};
use crate::setup::{Options, Variant};

/// Whether a choice is a Tri-D rule set or an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceKind {
    RuleSet,
    Option,
}

impl ChoiceKind {
    /// `rules` or `option`.
    pub fn id(self) -> &'static str {
        match self {
            ChoiceKind::RuleSet => "rules",
            ChoiceKind::Option => "option",
        }
    }
}

/// A rule set or option, explained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The identifier used by the API (`meder`, `rook-pawns`).
    pub id: &'static str,
    pub kind: ChoiceKind,
    /// One line for the opening screen.
    pub summary: &'static str,
    /// What changes, for the rules page.
    pub text: &'static str,
}

/// The variant in one line, for the opening screen.
pub fn summary(variant: Variant) -> &'static str {
    match variant {
        Variant::Stacked => "Three ordinary chessboards stacked; pieces move between them, but capture only on their own board.",
        Variant::Trid => "Star Trek tri-dimensional chess: three small main boards on three levels and four movable attack boards.",
        Variant::Quadlevel => "Four levels of 4×8, two kings and two queens a side; every diagonal move changes the rank.",
        Variant::Fourfold => "Four-dimensional chess on four 4×4 boards: every square has X, Y, Z and W coordinates.",
    }
}

/// The rule sets and options of a variant, in the order the opening screen lists them.
pub fn choices(variant: Variant) -> &'static [Choice] {
    match variant {
        Variant::Trid => TRID_CHOICES,
        Variant::Quadlevel => QUADLEVEL_CHOICES,
        Variant::Stacked | Variant::Fourfold => &[],
    }
}

const TRID_CHOICES: &[Choice] = &[
    Choice {
        id: "federation",
        kind: ChoiceKind::RuleSet,
        summary: "Federation rules (default): lines drip down under a ceiling; attack boards stand or hang and only their owner moves them.",
        text: "Following Roth's write-up of the Federation standard. A line is blocked only on its route: in each column it passes, the highest square not above the higher of its two levels. Attack boards have 24 positions (standing above or hanging below each main board's corners); only the owner moves a board, while it is empty or carries one own pawn, to a post one or two ranks away on its side, or flips it. Capturing the owner's last piece on a board wins the board. Castling is allowed from the first move.",
    },
    Choice {
        id: "meder",
        kind: ChoiceKind::RuleSet,
        summary: "Meder's tournament rules: any piece in a column blocks a line, voids are crossed, boards move to adjacent pins.",
        text: "Jens Meder's tournament rules. A line is blocked by a piece on any level of a column it passes; columns with no square are passed over. Boards only stand; a board holding at most one piece moves to an adjacent free pin, moved by the side whose piece is on it (an empty board by its original owner), forward or sideways when occupied. A pawn promotes on the furthest rank of its file that exists. No castling as a side's first move.",
    },
    Choice {
        id: "stepwise",
        kind: ChoiceKind::RuleSet,
        summary: "Stepwise rules: pieces walk column by column and may change level around blockers; boards move with exactly one piece.",
        text: "A line piece (and a pawn's double step) walks its path one column at a time, onto any empty square of each column, never back to a level it has left; a full column or one without squares stops it. A board moves only when it holds exactly one piece, by that piece's side, along its main board's row or column or to the nearest post of the main board above or below, and may turn 180° as it goes.",
    },
    Choice {
        id: "rook-pawns",
        kind: ChoiceKind::Option,
        summary: "Rook pawns (federation only): pawns on the a- and f-files may also step sideways toward the centre.",
        text: "A pawn on file a or f may also step sideways toward the centre onto an empty square of the next column, two columns on its first move, and capture diagonally toward the centre, one rank forward or back. On files b to e it is an ordinary pawn.",
    },
];

const QUADLEVEL_CHOICES: &[Choice] = &[Choice {
    id: "destroy-both-kings",
    kind: ChoiceKind::Option,
    summary: "Destroy Both Kings: a side with no answer to a check loses one king instead of the game, and must then lose the other.",
    text: "When the side to move has a king in check and no legal move but still has two kings, it gives up one attacked king of its choice and, in the same turn, makes a move after which its other king is safe. Its last king is then locked: it cannot move (it still guards the squares around it) unless its side has no other move. Checkmating the last king wins.",
}];

const NONE: Options = Options {
    rook_pawns: false,
    destroy_both_kings: false,
};

pub(super) const TOPICS: &[Topic] = &[
    // Stacked
    Topic {
        variant: Variant::Stacked,
        rules: None,
        title: "Three boards",
        text: "Three 8×8 boards stand one above another, all facing the same way: B at the bottom, M in the middle, T at the top. A square is named by its board, file and rank: Me4 is e4 on the middle board. White starts with the usual army on the bottom board, Black on the top board, and the middle board is empty. Every piece's first move must change boards (below).",
        diagram: Some(Diagram {
            rules: None,
            options: NONE,
            position: "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 0 1",
            from: "Bg1",
            caption: "The knight on Bg1 at the start: its first move must leave the bottom board",
        }),
    },
    Topic {
        variant: Variant::Stacked,
        rules: None,
        title: "Winning and draws",
        text: "Checkmate wins: the king is attacked on its board and no legal move saves it. There is no en passant. Draws: stalemate; the same position for the third time (with the same side to move and the same pieces still unmoved); fifty moves each without a capture or pawn move; king against king, king and bishop or knight against king, or bishops of one colour only; or a draw agreed.",
        diagram: None,
    },
    Topic {
        variant: Variant::Stacked,
        rules: None,
        title: "Notation",
        text: "A move is written with the piece, its square, – or × and the landing square: ♘Bg1–Mf3, Be2–Me3 for a pawn, Td7×Tc8=♕+ for a capture that promotes with check. Castling is O-O or O-O-O on the starting board, O-O→M or O-O-O→M onto the next board.",
        diagram: None,
    },
    // Tri-D
    Topic {
        variant: Variant::Trid,
        rules: None,
        title: "Seven levels, three main boards, four attack boards",
        text: "Three 4×4 main boards on files b to e: White's board on level 2 (ranks 1–4), the neutral board on level 4 (ranks 3–6) and Black's board on level 6 (ranks 5–8). Four 2×2 attack boards sit on posts at the main boards' corners, one level above (or, in the federation rules, below) them, and reach out to files a and f and ranks 0 and 9. A square is written file, rank and level: c3(4). Seen from above everything makes one map six files wide and ten ranks long; every move is an ordinary chess move on that map and may land on any level of the target column. What blocks a line depends on the rule set.",
        diagram: Some(Diagram {
            rules: None,
            options: NONE,
            position: "Ra0(3),Qb0(3),Ke0(3),Rf0(3),Pa1(3),Pb1(3),Pe1(3),Pf1(3),Nb1(2),Bc1(2),Bd1(2),Ne1(2),Pb2(2),Pc2(2),Pd2(2),Pe2(2),pb7(6),pc7(6),pd7(6),pe7(6),nb8(6),bc8(6),bd8(6),ne8(6),pa8(7),pb8(7),pe8(7),pf8(7),ra9(7),qb9(7),ke9(7),rf9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w KQkq - 0 1",
            from: "b1(2)",
            caption: "The start: the queen's knight may leap to c3 on level 2 or level 4",
        }),
    },
    Topic {
        variant: Variant::Trid,
        rules: None,
        title: "Castling in every rule set",
        text: "Castling works the same way in every rule set (the federation lesson shows it): king and rook that have never moved nor been carried, the king not in check before or after; on the king's side they swap squares, on the queen's side (once the queen has left b0(3) or b9(7)) the king goes to the queen's square and the queen's rook to the king's square. In Meder's rules a side may not castle as its own first move, and the king's square and landing square must not be attacked.",
        diagram: None,
    },
    Topic {
        variant: Variant::Trid,
        rules: None,
        title: "En passant",
        text: "Straight after an enemy pawn's two-square move, a pawn that could capture on the square it passed over may capture it there. In the federation rules the passed square is the one on the pawn's route; in the Meder and stepwise rules the capturer chooses any empty level of the passed column.",
        diagram: None,
    },
    Topic {
        variant: Variant::Trid,
        rules: None,
        title: "Winning and draws",
        text: "Checkmate wins. Draws: stalemate; the same position for the third time (including where the attack boards stand and who owns them); fifty moves each without a capture or pawn move; too little material to mate; or a draw agreed.",
        diagram: None,
    },
    // Quadlevel
    Topic {
        variant: Variant::Quadlevel,
        rules: None,
        title: "Four levels",
        text: "Four levels of 4 files (a–d) by 8 ranks, L1 on top and L4 at the bottom; a square is written c4L2. Each side has two kings, two queens, four rooks, four bishops, four knights and sixteen pawns, set up on ranks 1–2 (White) and 7–8 (Black) of every level. Moves run across a level (file and rank) or between levels along one file (rank and level); every pawn, knight and bishop move, and every diagonal queen or king move, must change the rank.",
        diagram: Some(Diagram {
            rules: None,
            options: NONE,
            position: "rnbr/pppp/4/4/4/4/PPPP/RNBR|bkqn/pppp/4/4/4/4/PPPP/BKQN|nqkb/pppp/4/4/4/4/PPPP/NQKB|rbnr/pppp/4/4/4/4/PPPP/RBNR w - 0 1",
            from: "b1L1",
            caption: "The start: the knight on b1L1 leaps across its level or down to level 2",
        }),
    },
    Topic {
        variant: Variant::Quadlevel,
        rules: None,
        title: "Winning and draws",
        text: "Both kings are royal: a side whose king is in check with no legal move loses, and an unanswerable fork of both kings is mate. Draws: stalemate; the same position for the third time; fifty moves each without a capture or pawn move; only kings left; or a draw agreed. The destroy-both-kings option changes what a mate of the first king means (see the choices).",
        diagram: None,
    },
    // Fourfold
    Topic {
        variant: Variant::Fourfold,
        rules: None,
        title: "One space, four coordinates",
        text: "Four 4×4 boards in a 2×2 grid make one four-dimensional space. X is the file a–d, Y the rank 1–4, Z picks the left or right board and W the bottom or top row of boards. a1@01 is a1 on Z 0, W 1, the top-left board; moving from a1@00 to a1@01 changes only W. Each side has a king, a queen, two rooks, a bishop, a knight and four pawns.",
        diagram: Some(Diagram {
            rules: None,
            options: NONE,
            position: "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1",
            from: "b1@10",
            caption: "The start: the bishop on b1@10 moves along two axes at once",
        }),
    },
    Topic {
        variant: Variant::Fourfold,
        rules: None,
        title: "Blocking, check and draws",
        text: "Only knights jump. Lines that cross in the flat drawing do not block: only a square actually on the four-dimensional path does. You may not land on your own piece or leave your king attacked, and kings are never captured. Checkmate wins; draws are automatic on stalemate, the third occurrence of the same position with the same side to move, 100 half-moves without a pawn move or capture, or two bare kings.",
        diagram: None,
    },
];
