//! Stacked Boards lessons. Squares: board letter (B, M, T), file, rank (`Me4`). A `*`
//! after a letter marks a piece that has moved; the lessons mark every piece that is not
//! meant to be making its first move.

use super::{Goal, Lesson, LessonKind, BLANK};
use crate::piece::PieceKind::{self, *};
use crate::position::Mover::{self, Piece};
use crate::setup::Variant;

const STACKED: Lesson = Lesson {
    variant: Variant::Stacked,
    ..BLANK
};

const fn piece(k: PieceKind) -> Option<Mover> {
    Some(Piece(k))
}

pub(super) const LESSONS: &[Lesson] = &[
    Lesson {
        id: "stacked-rook",
        mover: piece(Rook),
        title: "The rook: lines and straight up",
        text: "On its own board a rook moves as in ordinary chess. It may also change boards straight up or down, one or two boards, landing on the same file and rank; a two-board move needs the square on the middle board to be empty. A move to another board never captures: the landing square must be empty.",
        position: "8/8/8/8/3R*4/8/8/K*7|8/8/8/7p*/8/8/8/8|7k*/8/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Td4"),
        hint: "Stay on d4 and go up two boards, through Md4.",
        success: "Bottom to top in one move: Md4 was empty, so the way was clear.",
        solution: &["Bd4Td4"],
        ..STACKED
    },
    Lesson {
        id: "stacked-knight",
        mover: piece(Knight),
        title: "The knight: an L onto any board",
        text: "A knight makes its ordinary L-shaped leap, on its own board or landing on another board one or two levels up or down. The L itself is always flat (two squares one way and one the other across the board); only the board changes. It jumps, so nothing in between matters.",
        position: "8/8/8/8/8/8/8/K*7|8/8/8/8/3N*4/8/8/8|7k*/p*7/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Tf5"),
        hint: "From d4, f5 is an ordinary knight leap; do it and land on the top board.",
        success: "An L-shaped leap from the middle board to the top board.",
        solution: &["Md4Tf5"],
        ..STACKED
    },
    Lesson {
        id: "stacked-bishop",
        mover: piece(Bishop),
        title: "The bishop: diagonals through the boards",
        text: "On its own board a bishop moves along diagonals as usual. To change boards it moves one diagonal square per board changed, in one straight line: to the next board one square diagonally, or two boards away two squares diagonally, over an empty square on the middle board.",
        position: "8/8/8/8/3B*4/8/8/K*7|8/8/8/8/8/8/8/8|7k*/p*7/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Tf6"),
        hint: "Two boards up means two squares along a diagonal: d4 to f6, passing Me5.",
        success: "A straight diagonal line through all three boards.",
        solution: &["Bd4Tf6"],
        ..STACKED
    },
    Lesson {
        id: "stacked-queen",
        mover: piece(Queen),
        title: "The queen: rook and bishop together",
        text: "A queen moves like a rook or a bishop on its own board, and changes boards like either of them: straight up or down one or two boards, or diagonally one square per board changed. Like every move to another board, it cannot capture when it changes boards.",
        position: "8/8/8/8/8/8/2Q*5/K*7|8/8/8/8/8/8/8/8|7k*/p*7/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Te4"),
        hint: "Two boards up along a diagonal: c2, d3 on the middle board, e4 on the top.",
        success: "The queen used a bishop's line through the boards.",
        solution: &["Bc2Te4"],
        ..STACKED
    },
    Lesson {
        id: "stacked-king",
        mover: piece(King),
        title: "The king: one step, or one board",
        text: "A king steps one square on its own board, or moves straight up or down to the next board. A piece attacks only squares on its own board, so a king in check can escape by changing boards. (On its very first move a king may also step diagonally onto the next board.)",
        position: "8/8/8/8/8/8/8/8|4r*3/8/8/8/4K*3/8/8/8|7k*/8/8/8/8/8/8/8 w 0 1",
        goal: Goal::EscapeCheck,
        hint: "The rook attacks only the middle board: step up or down a board, or off the e-file.",
        success: "Out of check. Leaving the board is often the simplest escape.",
        solution: &["Me4Te4"],
        ..STACKED
    },
    Lesson {
        id: "stacked-pawn",
        mover: piece(Pawn),
        title: "The pawn: forward, and maybe up or down",
        text: "A pawn steps one square forward on its own board, or one square forward onto the board above or below. It captures one square diagonally forward on its own board only. On its first move it may go two squares forward onto the next board or two boards away.",
        position: "8/8/8/8/8/8/8/K*7|8/8/8/8/3P*4/8/8/8|7k*/p*7/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Td5"),
        hint: "One square forward and one board up.",
        success: "Forward and up in one move.",
        solution: &["Md4Td5"],
        ..STACKED
    },
    Lesson {
        id: "stacked-first-move",
        kind: LessonKind::Rule,
        mover: piece(Knight),
        title: "The first-move rule",
        text: "The first time a piece moves, it must change boards. This knight has never moved (it has no mark), so it may not stay on the bottom board: Bf3 is not allowed, but Mf3 and Tf3 are. The exceptions are castling and answering a check.",
        position: "8/8/8/8/8/8/8/4K1N1|8/8/8/8/8/8/8/8|4k3/1p6/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Mf3"),
        hint: "Leap to f3, but on the middle board.",
        success: "Its first move left the starting board, as the rule requires.",
        solution: &["Bg1Mf3"],
        ..STACKED
    },
    Lesson {
        id: "stacked-check-exception",
        kind: LessonKind::Rule,
        mover: piece(Pawn),
        title: "The first-move rule in check",
        text: "When you are in check, a piece that has never moved may stay on its board to capture the checking piece or to block the check. Here the queen checks along the diagonal h4-e1; the unmoved g-pawn may step to g3 on the bottom board to block.",
        position: "8/8/8/8/7q*/8/6P1/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1",
        goal: Goal::EscapeCheck,
        hint: "Block the diagonal with the g-pawn, staying on the bottom board.",
        success: "Blocked: in check, an unmoved piece may make a same-board move.",
        solution: &["Bg2Bg3"],
        ..STACKED
    },
    Lesson {
        id: "stacked-same-board-captures",
        kind: LessonKind::Rule,
        mover: piece(Rook),
        title: "Captures happen on one board",
        text: "A piece captures only with a move on its own board. A move to another board must land on an empty square and pass only empty squares, so the knight right above your rook is safe from it. The bishop on the same board is not.",
        position: "8/8/8/8/8/8/8/K*7|8/8/3b*4/8/8/8/8/3R*4|7k*/8/8/8/8/8/8/3n*4 w 0 1",
        goal: Goal::Capture("Md6"),
        hint: "Look along the d-file of the middle board.",
        success: "Captured on the middle board, the only board where your rook captures.",
        solution: &["Md1Md6"],
        ..STACKED
    },
    Lesson {
        id: "stacked-check-on-own-board",
        kind: LessonKind::Rule,
        mover: piece(Rook),
        title: "Check comes from the same board",
        text: "Pieces attack only squares of their own board, so a king is in check only from a piece on its board, and kings may stand next to each other on different boards. To give check, bring a piece to the enemy king's board.",
        position: "8/8/8/8/8/8/8/K*7|R*7/8/8/7p*/8/8/8/8|4k*3/8/8/8/8/8/8/8 w 0 1",
        goal: Goal::Check,
        hint: "Your rook on Ma8 shares the eighth rank with the king, but not the board.",
        success: "Check: on the top board the rook attacks the whole eighth rank.",
        solution: &["Ma8Ta8"],
        ..STACKED
    },
    Lesson {
        id: "stacked-castling",
        kind: LessonKind::Rule,
        mover: piece(King),
        title: "Castling to the next board",
        text: "King and rook that have not moved may castle on their starting board as usual, or together onto the next board: the king lands on g1 and the rook on f1 of the middle board. The squares between them must be empty, the king must not be in check, and it may not cross or land on an attacked square.",
        position: "8/8/8/8/8/8/3P4/4K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Mg1"),
        hint: "Castle king's side, one board up (O-O→M).",
        success: "Castled onto the middle board: king on Mg1, rook on Mf1.",
        solution: &["Be1Mg1"],
        ..STACKED
    },
    Lesson {
        id: "stacked-promotion",
        kind: LessonKind::Rule,
        mover: piece(Pawn),
        title: "Promotion on any board",
        text: "A pawn that reaches the far rank of any board is promoted to a queen, rook, bishop or knight, whether it gets there on its own board or by moving to another board.",
        position: "8/8/8/8/8/8/8/K*7|8/3P*4/8/8/8/8/8/8|7k*/1p6/8/8/8/8/8/8 w 0 1",
        goal: Goal::Reach("Td8"),
        hint: "Straight ahead, and one board up: d8 on the top board.",
        success: "Promoted on arrival on the top board's eighth rank.",
        solution: &["Md7Td8q"],
        ..STACKED
    },
    Lesson {
        id: "stacked-mate-1",
        kind: LessonKind::Mate,
        title: "Checkmate lab 1",
        text: "Checkmate in one move. The black king is on the top board; your king on the middle board covers the squares it could flee to below.",
        position: "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/3K*4|8/8/8/8/R*7/8/5R*2/2k*5 w 0 30",
        goal: Goal::Mate(1),
        hint: "One rook holds the second rank; the other goes to the first.",
        success: "Checkmate: the rooks hold the first two ranks of the top board, and the only way down, Mc1, is next to your king.",
        solution: &["Ta4Ta1"],
        ..STACKED
    },
    Lesson {
        id: "stacked-mate-2",
        kind: LessonKind::Mate,
        title: "Checkmate lab 2",
        text: "Checkmate in one move with two rooks on the top board.",
        position: "8/8/8/8/8/8/8/8|8/8/1K*6/8/8/8/8/8|8/k*7/8/8/1R*6/8/7R*/8 w 0 30",
        goal: Goal::Mate(1),
        hint: "The rook on the b-file already guards b7; bring the other rook to the a-file.",
        success: "Checkmate: the king's escape to the middle board, Ma7, is next to your king.",
        solution: &["Th2Ta2"],
        ..STACKED
    },
    Lesson {
        id: "stacked-mate-3",
        kind: LessonKind::Mate,
        title: "Checkmate lab 3",
        text: "Checkmate in one move. Your queen is two boards below the black king.",
        position: "8/8/8/8/8/8/8/4Q*3|1N*6/8/8/8/8/7p*/8/8|8/8/8/8/5K*2/7k*/8/8 w 0 30",
        goal: Goal::Mate(1),
        hint: "A diagonal through the boards: e1 on the bottom, f2 in the middle, g3 on top.",
        success: "Checkmate from two boards away along one diagonal line; the way down, Mh3, is blocked by Black's own pawn.",
        solution: &["Be1Tg3"],
        ..STACKED
    },
    Lesson {
        id: "stacked-mate-4",
        kind: LessonKind::Mate,
        title: "Checkmate lab 4",
        text: "Checkmate in one move with queen and knight.",
        position: "8/8/8/8/8/8/8/8|8/8/8/8/5p*2/7Q*/5N*2/8|8/8/8/8/8/7K*/8/7k* w 0 30",
        goal: Goal::Mate(1),
        hint: "The queen goes up one board, diagonally, next to the black king.",
        success: "Checkmate: your king protects the queen, and the knight covers Mh1, the way down.",
        solution: &["Mh3Tg2"],
        ..STACKED
    },
    Lesson {
        id: "stacked-mate-5",
        kind: LessonKind::Mate,
        title: "Checkmate lab 5",
        text: "Checkmate in two moves. White plays, Black answers, White mates.",
        position: "8/8/8/8/8/8/8/8|8/7Q*/8/8/8/8/8/8|8/8/8/3R*4/8/7k*/5K*2/8 w 0 30",
        goal: Goal::Mate(2),
        hint: "Take the fourth rank away from the king first.",
        success: "Checkmate in two: the king was boxed in on the top board.",
        solution: &["Td5Td4", "Th3Th2", "Td4Th4"],
        ..STACKED
    },
    Lesson {
        id: "stacked-mate-6",
        kind: LessonKind::Mate,
        title: "Checkmate lab 6",
        text: "Checkmate in two moves. The rook on the middle board guards the h-file there.",
        position: "8/8/8/5R*2/8/4K*3/8/7k*|7R*/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 30",
        goal: Goal::Mate(2),
        hint: "Bring your king closer first, without taking every move away from Black.",
        success: "Checkmate in two moves.",
        solution: &["Be3Bf2", "Bh1Bh2", "Bf5Bh5"],
        ..STACKED
    },
];
