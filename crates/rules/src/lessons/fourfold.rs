//! Fourfold lessons. Squares: file, rank, `@`, Z digit, W digit (`a1@01`).

use super::{Goal, Lesson, LessonKind, BLANK};
use crate::piece::PieceKind::*;
use crate::position::Mover::{self, Piece};
use crate::setup::Variant;

const FOURFOLD: Lesson = Lesson {
    variant: Variant::Fourfold,
    ..BLANK
};

const fn piece(k: crate::piece::PieceKind) -> Option<Mover> {
    Some(Piece(k))
}

pub(super) const LESSONS: &[Lesson] = &[
    Lesson {
        id: "fourfold-rook",
        mover: piece(Rook),
        title: "The rook: one axis",
        text: "A rook changes exactly one of the four coordinates, by any distance: the file (X), the rank (Y), the board column (Z) or the board row (W). Changing only W takes it straight to the same square on the board above or below in the drawing. Every square on the way must be empty.",
        position: "1p2/4/1R2/K3|4/4/4/4|4/4/1n2/4|3k/4/4/4 w 0 1",
        goal: Goal::Capture("b2@01"),
        hint: "The knight on b2@01 has the same file, rank and Z as your rook; only W differs.",
        success: "Right: b2@00 to b2@01 changes W alone, so it is a rook move.",
        solution: &["b2@00b2@01"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-bishop",
        mover: piece(Bishop),
        title: "The bishop: two axes, equal steps",
        text: "A bishop changes exactly two coordinates by the same distance: X and Y as on a flat board, but also X and W, Y and Z, or Z and W. Moving from board Z1 W0 to board Z0 W1 on the same file and rank changes Z and W by one each, so it is a bishop move. It never changes three or four coordinates.",
        position: "4/4/4/K3|4/4/4/1B2|4/4/4/4|3k/2p1/4/4 w 0 1",
        goal: Goal::Reach("b1@01"),
        hint: "Keep file b and rank 1; change both board coordinates.",
        success: "Well done: Z went from 1 to 0 and W from 0 to 1, two axes by one step each.",
        solution: &["b1@10b1@01"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-knight",
        mover: piece(Knight),
        title: "The knight: two and one",
        text: "A knight moves two steps along one axis and one step along another, and jumps over everything. The two-step part must be along X or Y, because Z and W only run from 0 to 1; the one-step part may be along any other axis, so a knight can leap to another board.",
        position: "4/1p2/4/KN2|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1",
        goal: Goal::Reach("b3@10"),
        hint: "Two ranks forward, and one step along Z to the board on the right.",
        success: "Yes: two steps along Y and one along Z.",
        solution: &["b1@00b3@10"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-queen",
        mover: piece(Queen),
        title: "The queen: any number of axes",
        text: "A queen changes one, two, three or all four coordinates, each by the same distance. So besides the rook's and the bishop's moves it has three- and four-axis diagonals, which neither of them has. The squares on the way must be empty.",
        position: "4/4/4/Q3|4/4/4/3K|4/2p1/4/4|3k/4/1r2/4 w 0 1",
        goal: Goal::Capture("b2@11"),
        hint: "From a1@00, step one along every axis at once.",
        success: "A four-axis diagonal: file, rank, Z and W all changed by one.",
        solution: &["a1@00b2@11"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-king",
        mover: piece(King),
        title: "The king: one step, any axes",
        text: "A king steps one square along any non-empty combination of axes: up to 80 neighbours. Attacks come from every board: the rook on b2@01 checks your king on b2@00 along W. Never move into an attacked square.",
        position: "4/4/1K2/4|4/4/4/4|4/4/1r2/4|2kq/4/4/4 w 0 1",
        goal: Goal::EscapeCheck,
        hint: "Step off the rook's lines: change at least two coordinates, or take the rook.",
        success: "Safe. Remember that a check can come from another board.",
        solution: &["b2@00b2@01"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-pawn",
        mover: piece(Pawn),
        title: "The pawn: forward on Y",
        text: "A pawn moves one rank forward (toward rank 4 for White, rank 1 for Black) onto an empty square, without changing anything else; there is no double step. It captures one rank forward plus one step along exactly one of X, Z or W, so it can capture on the neighbouring board.",
        position: "4/4/1P2/K3|4/1n2/4/4|4/4/4/4|3k/4/4/4 w 0 1",
        goal: Goal::Capture("b3@10"),
        hint: "Capture one rank forward and one step along Z, on the board to the right.",
        success: "Right: a pawn capture changes the rank and exactly one other axis.",
        solution: &["b2@00b3@10"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-axes",
        kind: LessonKind::Rule,
        mover: piece(King),
        title: "Four axes",
        text: "Every square has four coordinates: X is the file a to d, Y the rank 1 to 4, Z picks the left or right board and W the bottom or top row of boards. a1@01 is a1 on Z 0, W 1: the top-left board. Two squares are neighbours when no coordinate differs by more than one, so the king on a1@00 touches b2@11 on the board diagonally across.",
        position: "4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 0 1",
        goal: Goal::Reach("b2@11"),
        hint: "Change all four coordinates by one: file a to b, rank 1 to 2, Z 0 to 1, W 0 to 1.",
        success: "One king step changed all four coordinates.",
        solution: &["a1@00b2@11"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-promotion",
        kind: LessonKind::Rule,
        mover: piece(Pawn),
        title: "Promotion",
        text: "A pawn that reaches the last rank of any board (rank 4 for White, rank 1 for Black) becomes a queen at once; there is no choice. There is no castling, no en passant and no pawn double step in Fourfold.",
        position: "4/4/P3/K3|4/2P1/4/4|4/4/4/4|k3/4/4/4 w 0 1",
        goal: Goal::Reach("c4@10"),
        hint: "Push the pawn on c3@10 one rank.",
        success: "The pawn is now a queen.",
        solution: &["c3@10c4@10q"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-mate-1",
        kind: LessonKind::Mate,
        title: "Checkmate lab 1",
        text: "Checkmate in one move. The black king on a1@11 has neighbours on four boards; cover them all.",
        position: "4/4/3R/4|3Q/4/2K1/4|4/4/4/4|4/4/4/k3 w 0 30",
        goal: Goal::Mate(1),
        hint: "The queen goes to b2@10, next to your king.",
        success: "Checkmate: the queen checks along a three-axis diagonal (file, rank and W), and your king protects it.",
        solution: &["d4@10b2@10"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-mate-2",
        kind: LessonKind::Mate,
        title: "Checkmate lab 2",
        text: "Checkmate in one move. The black king stands on c1@10.",
        position: "2R1/1Q2/4/4|4/4/4/2k1|1K2/4/4/4|4/4/4/4 w 0 30",
        goal: Goal::Mate(1),
        hint: "Bring the queen down one rank and across one file on its own board.",
        success: "Checkmate: the queen on c2@00 touches the king across the boards, and the rook on c4@00 protects it.",
        solution: &["b3@00c2@00"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-mate-3",
        kind: LessonKind::Mate,
        title: "Checkmate lab 3",
        text: "Checkmate in one move with queen and knight.",
        position: "4/3p/2Q1/2N1|4/4/k3/4|4/4/4/4|4/4/4/3K w 0 30",
        goal: Goal::Mate(1),
        hint: "The queen slides along rank 2 of its board, next to the king's board.",
        success: "Checkmate: the queen checks along Z from the next board, and the knight protects it.",
        solution: &["c2@00a2@00"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-mate-4",
        kind: LessonKind::Mate,
        title: "Checkmate lab 4",
        text: "Checkmate in two moves. White plays, Black answers, White mates.",
        position: "4/2k1/4/4|4/4/4/4|1R2/4/4/1Q1K|4/4/4/4 w 0 30",
        goal: Goal::Mate(2),
        hint: "First take rank 3 away with the queen on board Z0 W1.",
        success: "Checkmate in two: the queen cut the king off and then closed the net.",
        solution: &["b1@01b3@01", "c3@00d3@00", "b3@01c4@01"],
        ..FOURFOLD
    },
    Lesson {
        id: "fourfold-mate-5",
        kind: LessonKind::Mate,
        title: "Checkmate lab 5",
        text: "Checkmate in two moves with king, queen and rook.",
        position: "4/4/4/4|4/4/4/4|4/1k2/4/4|R3/4/4/1KQ1 w 0 30",
        goal: Goal::Mate(2),
        hint: "The queen climbs the c-file of its board to the top.",
        success: "Checkmate in two moves.",
        solution: &["c1@11c4@11", "b3@01a3@00", "c4@11b4@11"],
        ..FOURFOLD
    },
];
