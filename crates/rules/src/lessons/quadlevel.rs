//! Quadlevel lessons. Squares: file, rank, level (`c4L2`; L1 is the top level). A `*`
//! marks a king or rook that has moved; the lessons mark every one that is not meant to
//! castle.

use super::{Goal, Lesson, LessonKind, BLANK};
use crate::piece::PieceKind::{self, *};
use crate::position::Mover::{self, Piece};
use crate::setup::{Options, Variant};

const QUADLEVEL: Lesson = Lesson {
    variant: Variant::Quadlevel,
    ..BLANK
};
const DESTROY_BOTH_KINGS: Lesson = Lesson {
    options: Options {
        rook_pawns: false,
        destroy_both_kings: true,
    },
    ..QUADLEVEL
};

const fn piece(k: PieceKind) -> Option<Mover> {
    Some(Piece(k))
}

pub(super) const LESSONS: &[Lesson] = &[
    Lesson {
        id: "quadlevel-rook",
        mover: piece(Rook),
        title: "The rook: files, ranks and levels",
        text: "Quadlevel has four levels of 4 files by 8 ranks, L1 on top and L4 at the bottom. A rook slides along a file, a rank, or straight up and down through the levels, and is blocked by any piece in its way.",
        position: "3k*/4/4/4/4/4/1R*2/4|4/4/4/4/4/4/4/K*3|4/4/1p2/4/4/4/4/2K*1|k*3/4/4/4/4/4/4/4 w - 0 1",
        goal: Goal::Reach("b2L4"),
        hint: "Stay on b2 and go down three levels.",
        success: "From the top level to the bottom in one rook move.",
        solution: &["b2L1b2L4"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-bishop",
        mover: piece(Bishop),
        title: "The bishop: two planes of diagonals",
        text: "Every bishop move changes the rank. A bishop slides diagonally across a level (file and rank change together) or diagonally between levels (rank and level change together, the file stays). There are no diagonals that change file and level without the rank, and none on three axes.",
        position: "3k*/4/4/4/4/4/4/4|4/4/4/4/4/4/4/K*3|4/4/1p2/4/4/4/4/3K*|k*3/4/4/4/4/4/2B1/4 w - 0 1",
        goal: Goal::Reach("c4L2"),
        hint: "Up the c-file and up the levels together: c3L3, then c4L2.",
        success: "A diagonal in the rank-level plane: two ranks forward, two levels up.",
        solution: &["c2L4c4L2"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-knight",
        mover: piece(Knight),
        title: "The knight: sixteen leaps",
        text: "A knight leaps two squares one way and one the other, either across a level (file and rank) or between levels (rank and level), so every knight move changes the rank. It jumps over everything.",
        position: "3k*/4/4/4/4/4/4/1N2|4/4/4/4/4/4/4/K*3|4/4/1p2/4/4/4/4/3K*|k*3/4/4/4/4/4/4/4 w - 0 1",
        goal: Goal::Reach("b2L3"),
        hint: "One rank forward and two levels down.",
        success: "A leap in the rank-level plane.",
        solution: &["b1L1b2L3"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-queen",
        mover: piece(Queen),
        title: "The queen: fourteen directions",
        text: "A queen moves as a rook (along a file, a rank or through the levels) or as a bishop (a diagonal across a level, or between levels along one file), as far as the way is clear.",
        position: "4/4/4/4/4/4/Q3/4|4/4/4/4/4/4/4/2K*1|4/4/4/4/r*3/4/4/3K*|k*2k*/4/4/4/4/4/4/4 w - 0 1",
        goal: Goal::Capture("a4L3"),
        hint: "Along the a-file and down the levels at once: a3L2, then a4L3.",
        success: "A diagonal between levels, rank and level changing together.",
        solution: &["a2L1a4L3"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-king",
        mover: piece(King),
        title: "The king: one step in fourteen directions",
        text: "A king steps one square in any queen direction: across its level, up or down a level, or diagonally with a change of rank. The rook on b7L2 attacks the b-file of level 2 only.",
        position: "3k*/4/4/4/4/4/4/4|4/1r*2/4/4/4/1K*2/4/4|4/4/4/4/4/4/4/4|k*3/4/4/4/4/4/4/3K* w - 0 1",
        goal: Goal::EscapeCheck,
        hint: "Step off the file, or up or down a level.",
        success: "Out of check.",
        solution: &["b3L2b3L1"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-pawn",
        mover: piece(Pawn),
        title: "The pawn: captures between levels",
        text: "A pawn moves one square forward on its level (two on its first move) and never changes level except by capturing. It captures one square diagonally ahead on its level, or one rank ahead on the level above or below on the same file. It promotes on rank 8 (Black: rank 1) of any level.",
        position: "3k*/4/4/4/4/4/4/4|4/4/4/4/4/2P1/P3/K*3|4/4/4/4/2n1/4/4/4|k*3/4/4/4/4/4/4/3K* w - 0 1",
        goal: Goal::Capture("c4L3"),
        hint: "The knight is one rank ahead of your pawn, one level down.",
        success: "A capture in the rank-level plane.",
        solution: &["c3L2c4L3"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-two-kings",
        kind: LessonKind::Rule,
        mover: piece(Knight),
        title: "Two kings",
        text: "Each side has two kings, and both are royal: a move may not leave either of them attacked, and a check to either must be answered. A fork of both kings is deadly: if no single move saves both, it is checkmate.",
        position: "4/3p/4/4/4/4/4/K*3|4/4/k*1k*1/4/4/4/N3/4|4/4/4/4/4/4/4/4|4/4/4/4/4/4/4/3K* w - 0 1",
        goal: Goal::Mate(1),
        hint: "Find the knight square that attacks a6L2 and c6L2 at once.",
        success: "Checkmate: each king could step away, but never both at once.",
        solution: &["a2L2b4L2"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-destroy-both-kings",
        kind: LessonKind::Rule,
        title: "Destroy Both Kings (option)",
        text: "With the destroy-both-kings option, a side whose kings are attacked with no legal answer does not lose at once: it gives up one attacked king of its choice and, in the same turn, makes a move that leaves the other king safe. A side with one king left has a locked king that cannot move (it still guards the squares around it) unless nothing else can move. Checkmating the last king wins. Both your kings are attacked by the queen here.",
        position: "1r*2/4/4/4/4/4/1q2/K*1K*1|4/4/4/4/4/4/4/4|4/4/4/4/4/4/4/4|k*2k*/4/4/4/4/4/4/4 w - 0 1 -",
        goal: Goal::EscapeCheck,
        hint: "Give up one king; move the other out of the queen's reach, for example c1L1 to c1L2.",
        success: "One king lost, the game goes on: your last king is now locked.",
        solution: &["a1L1!c1L1c1L2"],
        ..DESTROY_BOTH_KINGS
    },
    Lesson {
        id: "quadlevel-castling",
        kind: LessonKind::Rule,
        mover: piece(King),
        title: "Castling through the levels",
        text: "Each king may castle in four ways: along its rank on its level, or up or down through the levels with a rook of the level above or below. The king and that rook must not have moved, the squares between must be empty, and the king may not be in check, pass an attacked square or land on one. Here the king on b1L2 castles down to b1L4 while the rook from a1L4 lands on b1L3.",
        position: "k*3/4/4/4/4/4/4/4|4/4/4/4/4/4/1P2/1K2|4/4/4/4/4/4/4/2K1|3k*/4/4/4/4/4/4/R3 w - 0 1",
        goal: Goal::Reach("b1L4"),
        hint: "Castle downward (L2O-O-OL4): the king moves two levels down.",
        success: "Castled through the levels.",
        solution: &["b1L2b1L4a1L4"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-en-passant",
        kind: LessonKind::Rule,
        mover: piece(Pawn),
        title: "En passant",
        text: "Straight after an enemy pawn's two-square move that ends beside one of your pawns (on the next file of the same level, or the next level of the same file), your pawn may capture it by moving to the square it passed over. Black's pawn has just moved from c7L2 to c5L2, passing c6L2.",
        position: "3k*/4/4/4/4/4/4/4|4/4/4/1Pp1/4/4/4/K*3|4/4/4/4/4/4/4/3K*|k*3/4/4/4/4/4/4/4 w c6L2 0 1",
        goal: Goal::Capture("c5L2"),
        hint: "Move diagonally forward to c6L2, behind the black pawn.",
        success: "Captured en passant: the pawn on c5L2 is gone.",
        solution: &["b5L2c6L2"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-mate-1",
        kind: LessonKind::Mate,
        title: "Checkmate lab 1",
        text: "Checkmate in one move. Both black kings must be safe after every black move, so one king in a mating net is enough.",
        position: "4/K*3/3k*/4/4/4/4/R*3|4/4/4/4/4/4/4/Q1K*1|4/4/4/4/4/4/4/4|4/4/4/4/4/4/4/3k* w - 0 30",
        goal: Goal::Mate(1),
        hint: "One rook move can attack both kings: along a file and through the levels.",
        success: "Checkmate: from d1L1 the rook attacks both black kings, up the d-file to d6L1 and down the levels to d1L4.",
        solution: &["a1L1d1L1"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-mate-2",
        kind: LessonKind::Mate,
        title: "Checkmate lab 2",
        text: "Checkmate in one move with queen and rook on level 3.",
        position: "4/1k*2/4/4/4/4/4/4|4/4/4/4/4/4/4/4|4/4/Q3/2k*1/4/4/4/1R*2|4/2K*1/4/4/4/1K*2/4/4 w - 0 30",
        goal: Goal::Mate(1),
        hint: "The queen steps diagonally next to the king on c5L3.",
        success: "Checkmate: the rook on the b-file protects the queen.",
        solution: &["a6L3b5L3"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-mate-3",
        kind: LessonKind::Mate,
        title: "Checkmate lab 3",
        text: "Checkmate in one move with two rooks.",
        position: "4/4/4/4/4/4/4/4|4/k*3/2R*1/4/4/4/4/3k*|4/4/4/4/4/1K*2/4/R*3|4/4/4/4/4/3K*/4/4 w - 0 30",
        goal: Goal::Mate(1),
        hint: "The rook on a1L3 goes up one level.",
        success: "Checkmate along rank 1 of level 2.",
        solution: &["a1L3a1L2"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-mate-4",
        kind: LessonKind::Mate,
        title: "Checkmate lab 4",
        text: "Checkmate in one move with queen and knight.",
        position: "4/4/N2K*/4/4/4/4/4|4/4/4/4/4/4/4/4|4/4/4/4/1K*2/4/4/4|3Q/4/4/4/k*1p1/4/2k*1/4 w - 0 30",
        goal: Goal::Mate(1),
        hint: "The queen slides along rank 8 of the bottom level.",
        success: "Checkmate down the a-file.",
        solution: &["d8L4a8L4"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-mate-5",
        kind: LessonKind::Mate,
        title: "Checkmate lab 5",
        text: "Checkmate in two moves. White plays, Black answers, White mates.",
        position: "4/4/4/4/4/4/3k*/4|4/4/4/3Q/4/4/4/k*3|4/4/4/4/4/4/1K*2/4|4/1R*K*1/4/4/4/4/4/4 w - 0 30",
        goal: Goal::Mate(2),
        hint: "Bring the queen onto the a-file first.",
        success: "Checkmate in two moves.",
        solution: &["d5L2a5L2", "a1L2a1L1", "a5L2a5L1"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-mate-6",
        kind: LessonKind::Mate,
        title: "Checkmate lab 6",
        text: "Checkmate in two moves with queen and rook.",
        position: "K*3/4/4/4/4/3k*/1K*2/4|4/4/2Q1/4/4/k*3/4/4|3R*/4/4/4/4/4/4/4|4/4/4/4/4/4/4/4 w - 0 30",
        goal: Goal::Mate(2),
        hint: "The queen drops down the c-file to c3L2.",
        success: "Checkmate in two moves.",
        solution: &["c6L2c3L2", "a3L2a4L1", "c3L2c2L1"],
        ..QUADLEVEL
    },
    Lesson {
        id: "quadlevel-destroy-both-kings-mate",
        kind: LessonKind::Mate,
        title: "Checkmate lab 7 (Destroy Both Kings)",
        text: "Checkmate in one move under the destroy-both-kings option. Black has one king left, and it is locked: it cannot move, so a check it cannot escape is mate at once.",
        position: "4/4/4/4/4/2K*1/4/3k*|4/4/4/4/4/Q3/4/4|4/K*3/4/4/4/4/4/4|4/2R*1/4/4/4/4/4/4 w - 0 30 -",
        goal: Goal::Mate(1),
        hint: "The queen moves diagonally between levels, onto level 1.",
        success: "Checkmate of the last king.",
        solution: &["a3L2a4L1"],
        ..DESTROY_BOTH_KINGS
    },
];
