//! Tri-D lessons, by rule set. Squares: file, rank, level (`c3(4)`); attack boards by
//! name and position (`WQL>b3(5)`). Knights and kings move alike in every rule set and
//! are taught once, under `federation`; lines, pawns and attack boards differ.

use super::{Goal, Lesson, LessonKind, BLANK};
use crate::piece::PieceKind::{self, *};
use crate::position::Mover::{self, Board, Piece};
use crate::setup::{Options, RuleSet, Variant};

const FEDERATION: Lesson = Lesson {
    variant: Variant::Trid,
    rules: Some(RuleSet::Federation),
    ..BLANK
};
const MEDER: Lesson = Lesson {
    rules: Some(RuleSet::Meder),
    ..FEDERATION
};
const STEPWISE: Lesson = Lesson {
    rules: Some(RuleSet::Stepwise),
    ..FEDERATION
};

const fn piece(k: PieceKind) -> Option<Mover> {
    Some(Piece(k))
}

pub(super) const LESSONS: &[Lesson] = &[
    // federation: pieces
    Lesson {
        id: "trid-federation-rook",
        mover: piece(Rook),
        title: "The rook: lines seen from above",
        text: "Look at the boards from above: they make one map six files wide and ten ranks long. A rook's move must be an ordinary rook move on that map, and it may land on any level of the target column. In the federation rules its route drips down under a ceiling, the higher of the start and landing levels: in each column on the way, the highest square not above the ceiling must be empty.",
        position: "Kb1(2),Rc2(2),Pe2(2),pb7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("c6(6)"),
        hint: "Go up the c-file from White's board to Black's board; c3(4), c4(4) and c5(6) are empty.",
        success: "From level 2 to level 6 in one rook move: the route over c3, c4 and c5 was clear.",
        solution: &["c2(2)c6(6)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-bishop",
        mover: piece(Bishop),
        title: "The bishop: diagonals between levels",
        text: "A bishop's move, seen from above, is an ordinary diagonal, and it may end on any level of the target column. The squares it passes over must be clear on its route, the highest square of each column not above the higher of the two levels.",
        position: "Kb1(2),Bc1(2),Pb2(2),pb7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("e3(4)"),
        hint: "Along the diagonal c1, d2, e3, then up to the neutral board.",
        success: "Diagonal in the shadow, and two levels up.",
        solution: &["c1(2)e3(4)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-knight",
        mover: piece(Knight),
        title: "The knight: leaps onto any level",
        text: "A knight leaps as in ordinary chess on the map seen from above and lands on any level of the target column, as long as that square is empty or holds an enemy piece. Nothing blocks a knight. It moves the same way in every rule set.",
        position: "Kb1(2),Nc3(2),pb7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("d5(6)"),
        hint: "c3 to d5 is a knight's leap; choose Black's board, level 6.",
        success: "One leap from White's board to Black's board.",
        solution: &["c3(2)d5(6)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-queen",
        mover: piece(Queen),
        title: "The queen: every line, every level",
        text: "A queen moves like a rook or a bishop on the map seen from above, and may land on any level of the target column. Captures work across levels: the piece on the exact landing square is taken.",
        position: "Kb1(2),Qb3(2),ne6(6),kc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Capture("e6(6)"),
        hint: "The diagonal b3, c4, d5, e6 leads up to Black's board.",
        success: "Captured four levels up, with check.",
        solution: &["b3(2)e6(6)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-king",
        mover: piece(King),
        title: "The king: one step, any level",
        text: "A king steps to a neighbouring column on the map seen from above, onto any level there. Attacks work across levels too: the rook on d6(6) attacks the whole d-file below it, so stepping up or down the d-file does not help. The king moves the same way in every rule set.",
        position: "Kd4(4),rd6(6),kb8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::EscapeCheck,
        hint: "Step sideways off the d-file, to the c- or e-file, on any level.",
        success: "Out of check: off the rook's file.",
        solution: &["d4(4)c4(4)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-pawn",
        mover: piece(Pawn),
        title: "The pawn: forward in the shadow",
        text: "A pawn moves one rank forward on the map seen from above, onto an empty square on any level of that column; on its first move it may go two ranks. It captures one step diagonally forward, on any level. White promotes on rank 8 or 9, Black on rank 1 or 0.",
        position: "Kb1(2),Pc2(2),pb7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("c4(4)"),
        hint: "Two ranks forward on its first move, and up to the neutral board.",
        success: "A double step that also climbed a level.",
        solution: &["c2(2)c4(4)"],
        ..FEDERATION
    },
    // federation: rules
    Lesson {
        id: "trid-federation-attack-board",
        kind: LessonKind::Rule,
        mover: Some(Board),
        title: "Moving an attack board",
        text: "Instead of a piece you may move one of your attack boards, the small 2×2 boards on the posts. In the federation rules only its owner moves it, and only while it is empty or carries one of the owner's pawns (and the owner still has a pawn somewhere). It goes to a post on its own side one or two ranks away, standing above or hanging below that main board, or flips in place.",
        position: "Kc1(2),Pc2(2),pc7(6),kc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("b3(5)"),
        hint: "Move your queen's-side board, WQL, to the neutral board's near post, standing.",
        success: "The board moved to b3(5); its four squares now stand above the neutral board.",
        solution: &["WQL>b3(5)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-ownership",
        kind: LessonKind::Rule,
        mover: piece(Rook),
        title: "Winning an attack board",
        text: "Every attack board has an owner: White owns WQL and WKL at the start, Black BQL and BKL. When a capture removes the owner's last piece from a board, the capturing side becomes its owner and may move it from then on. Black's only piece on BQL is the pawn on a8(7).",
        position: "Kc1(2),ke6(6),Rc8(6),pa8(7)* WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Capture("a8(7)"),
        hint: "Your rook on c8(6) reaches a8(7) along the eighth rank.",
        success: "BQL now belongs to White.",
        solution: &["c8(6)a8(7)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-rook-pawns",
        kind: LessonKind::Rule,
        mover: piece(Pawn),
        options: Options {
            rook_pawns: true,
            destroy_both_kings: false,
        },
        title: "The rook-pawn rule (option)",
        text: "With the rook-pawns option, a pawn on the a- or f-file may also step sideways toward the centre onto an empty square of the next column, or two columns on its first move, and capture diagonally toward the centre. Once it reaches files b to e it is an ordinary pawn. Without the option this pawn could not move at all: there is no square in front of it.",
        position: "Kd3(2),Pa1(3),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("c1(2)"),
        hint: "Its first move: two columns sideways, from a1 to c1.",
        success: "Two columns toward the centre: now it is an ordinary c-pawn.",
        solution: &["a1(3)c1(2)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-hanging",
        kind: LessonKind::Rule,
        mover: Some(Board),
        title: "Standing and hanging boards",
        text: "In the federation rules an attack board may stand one level above its main board's corner or hang one level below it, so each post offers two positions: b1(3) stands above White's board, b1(1) hangs below it. Flipping a board in place, from standing to hanging or back, is a move too. Two boards may share a post only if one stands and the other hangs.",
        position: "Kc1(2),Pc2(2),pc7(6),kc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("b1(1)"),
        hint: "Flip WQL in place: from b1(3) to b1(1).",
        success: "WQL now hangs below White's board, on level 1.",
        solution: &["WQL>b1(1)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-castling",
        kind: LessonKind::Rule,
        mover: piece(King),
        title: "Castling",
        text: "King and rook that have never moved (nor been carried) may castle if the king is not in check before or after. On the king's side they simply swap squares: the king from e0(3) to f0(3), the rook to e0(3). On the queen's side, once the queen has left b0(3), the king goes to b0(3) and the queen's rook to e0(3).",
        position: "Pe2(2),Ke0(3),Rf0(3),pe7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w K - 0 1",
        goal: Goal::Reach("f0(3)"),
        hint: "Castle king's side: the king moves onto the rook's square.",
        success: "Castled: king and rook swapped squares.",
        solution: &["e0(3)f0(3)"],
        ..FEDERATION
    },
    // federation: checkmate lab
    Lesson {
        id: "trid-federation-mate-1",
        kind: LessonKind::Mate,
        title: "Checkmate lab 1",
        text: "Checkmate in one move. The black king is on the neutral board at b3(4).",
        position: "Ra0(3),Ka1(3),kb3(4),Qc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The rook on your attack board needs one step to reach the b-file.",
        success: "Checkmate: the rook checks up the b-file and the queen covers the c-file.",
        solution: &["a0(3)b0(3)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-mate-2",
        kind: LessonKind::Mate,
        title: "Checkmate lab 2",
        text: "Checkmate in one move. The black king is on White's board at d1(2).",
        position: "kd1(2),Rc2(2),Kd5(6),Qe6(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The queen comes down the e-file, four levels.",
        success: "Checkmate from Black's board down to White's.",
        solution: &["e6(6)e2(2)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-mate-3",
        kind: LessonKind::Mate,
        title: "Checkmate lab 3",
        text: "Checkmate in one move with two rooks.",
        position: "Kb1(2),Re1(3),kb3(4),Rc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The rook on the king's attack board slides along rank 1.",
        success: "Checkmate: b1(3) checks up the b-file, the other rook holds the c-file.",
        solution: &["e1(3)b1(3)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-mate-4",
        kind: LessonKind::Mate,
        title: "Checkmate lab 4",
        text: "Checkmate in two moves. White plays, Black answers, White mates.",
        position: "Ra0(3),Ke5(4),kb6(6),Qa8(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(2),
        hint: "First the queen takes the c-file away, from c8(6).",
        success: "Checkmate in two: the king was driven down to b5 and the rook finished it.",
        solution: &["a8(7)c8(6)", "b6(6)b5(4)", "a0(3)b0(3)"],
        ..FEDERATION
    },
    Lesson {
        id: "trid-federation-mate-5",
        kind: LessonKind::Mate,
        title: "Checkmate lab 5",
        text: "Checkmate in two moves. Both kings stand on the attack boards of rank 0.",
        position: "Rd1(2),Ka0(3),ke0(3),Rb1(3) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(2),
        hint: "Check on the e-file first.",
        success: "Checkmate in two moves on the king's attack board.",
        solution: &["d1(2)e1(2)", "e0(3)f0(3)", "b1(3)f1(3)"],
        ..FEDERATION
    },
    // meder
    Lesson {
        id: "trid-meder-rook",
        mover: piece(Rook),
        title: "The rook (Meder): columns block, voids do not",
        text: "In Meder's rules a line is blocked by a piece on any level of any column it passes over, whatever the levels. A column with no square at all does not block: lines pass over the voids, as long as the landing square exists. So this rook may cross the empty columns c0 and d0 between the two attack boards.",
        position: "Kb2(2),Rb0(3),nf0(3),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Capture("f0(3)"),
        hint: "Along rank 0, from one attack board to the other.",
        success: "Over the voids at c0 and d0, and through the empty e0(3).",
        solution: &["b0(3)f0(3)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-bishop",
        mover: piece(Bishop),
        title: "The bishop (Meder)",
        text: "A bishop moves along a diagonal of the map seen from above and lands on any level of the target column. In Meder's rules every column it passes over must be empty on every level; a piece anywhere in such a column blocks it.",
        position: "Kb1(2),Bb2(2),ne5(4),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Capture("e5(4)"),
        hint: "The columns c3 and d4 are empty on every level.",
        success: "Captured along a clear diagonal.",
        solution: &["b2(2)e5(4)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-queen",
        mover: piece(Queen),
        title: "The queen (Meder)",
        text: "A queen moves as a rook or a bishop on the map seen from above. In Meder's rules any piece in a column it passes blocks it, while voids (columns with no square) are crossed. Rank 9 has no squares at c9 and d9: the queen passes over them.",
        position: "Kc1(2),kc6(4),Qb9(7),re9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Capture("e9(7)"),
        hint: "Along rank 9, from Black's queen's-side attack board to the king's side one.",
        success: "Across the voids of rank 9.",
        solution: &["b9(7)e9(7)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-pawn",
        mover: piece(Pawn),
        title: "The pawn (Meder): the promotion rank depends on the file",
        text: "In Meder's rules a pawn promotes on the furthest rank of its file that exists now: for White rank 9 where the file has a rank-9 square, otherwise rank 8. Files c and d promote on 8, files a and f on 9, and files b and e on 9 only while an attack board covers that corner. This pawn on b8(6) has not promoted, because b9(7) exists.",
        position: "Kc1(2),Pd2(2),ke6(4),Pb8(6)* WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("b9(7)"),
        hint: "One more rank forward, up onto the attack board.",
        success: "Promoted on rank 9, the last rank of the b-file.",
        solution: &["b8(6)b9(7)q"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-attack-board",
        kind: LessonKind::Rule,
        mover: Some(Board),
        title: "Attack boards (Meder)",
        text: "In Meder's rules a board may move when it holds at most one piece, of either colour; the side whose piece is on it moves it (an empty board, its original owner). It moves to an adjacent free pin: on its own side a pin number at most two away, or the same pin on the other side. A board carrying a piece moves only forward or sideways, and the piece rides along. Boards always stand above their main board.",
        position: "Kc1(2),Pc2(2),Qb1(3),pc7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("b4(3)"),
        hint: "WQL carries only your queen; move it to pin 2, the far post of your board.",
        success: "The board carried the queen forward, and the queen now gives check.",
        solution: &["WQL>b4(3)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-mate-1",
        kind: LessonKind::Mate,
        title: "Checkmate lab 1 (Meder)",
        text: "Checkmate in one move. In Meder's rules lines pass over the voids at c0 and d0.",
        position: "Rc2(2),Qe0(3),Ke5(4),kb6(4) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The queen crosses rank 0 to the b-file.",
        success: "Checkmate: from b0(3) the queen sees up the whole b-file.",
        solution: &["e0(3)b0(3)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-mate-2",
        kind: LessonKind::Mate,
        title: "Checkmate lab 2 (Meder)",
        text: "Checkmate in one move. The black king hides on f0(3).",
        position: "Rc1(2),kf0(3),Rb8(6),Ka9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The rook on b8(6) drops all the way down the b-file.",
        success: "Checkmate along rank 0, over the voids.",
        solution: &["b8(6)b0(3)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-mate-3",
        kind: LessonKind::Mate,
        title: "Checkmate lab 3 (Meder)",
        text: "Checkmate in one move. The black king is in the corner at a0(3).",
        position: "Rb3(2),ka0(3),Kc3(4),Rd8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "Take the a-file: the rook on d8(6) goes to a8(7).",
        success: "Checkmate down the a-file, over the voids between the attack boards.",
        solution: &["d8(6)a8(7)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-mate-4",
        kind: LessonKind::Mate,
        title: "Checkmate lab 4 (Meder)",
        text: "Checkmate in one move. The black king is on the attack board at f9(7).",
        position: "pb3(2)*,Kc5(4),Qe5(6),Nd7(6),kf9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The queen climbs the e-file onto the attack board.",
        success: "Checkmate: the knight protects the queen on e9(7).",
        solution: &["e5(6)e9(7)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-mate-5",
        kind: LessonKind::Mate,
        title: "Checkmate lab 5 (Meder)",
        text: "Checkmate in two moves. White plays, Black answers, White mates.",
        position: "Rd4(2),Ka0(3),Qd4(4),ke7(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(2),
        hint: "The queen goes up the d-file to d8(6) first.",
        success: "Checkmate in two moves.",
        solution: &["d4(4)d8(6)", "e7(6)e6(4)", "d4(2)e4(2)"],
        ..MEDER
    },
    Lesson {
        id: "trid-meder-mate-6",
        kind: LessonKind::Mate,
        title: "Checkmate lab 6 (Meder)",
        text: "Checkmate in two moves. An attack board move can be the quiet first move.",
        position: "ke1(2),Rd5(4),Rb8(7),Ke8(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(2),
        hint: "Move the empty WKL board forward to pin 2, e4(3).",
        success: "Checkmate in two: the quiet board move was the key.",
        solution: &["WKL>e4(3)", "e1(2)e2(2)", "b8(7)e8(6)"],
        ..MEDER
    },
    // stepwise
    Lesson {
        id: "trid-stepwise-rook",
        mover: piece(Rook),
        title: "The rook (stepwise): walking around blockers",
        text: "In the stepwise rules a line piece walks its path on the map seen from above one column at a time. Entering each column it may stand on any empty existing square there, above or below, but it may never return to a level it has left. A column that is full, or has no square at all, stops it. Your own pawn on c3(2) does not stop this rook: it steps around it on level 4.",
        position: "Kb1(2),Rc1(2),Pc3(2)*,ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("c5(6)"),
        hint: "c2(2), around the pawn by c3(4), then c4(4) and up to c5(6).",
        success: "The rook walked around its own pawn and climbed to Black's board.",
        solution: &["c1(2)c5(6)"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-bishop",
        mover: piece(Bishop),
        title: "The bishop (stepwise)",
        text: "A bishop walks its diagonal one column at a time and may change level on the way, onto any empty square of the next column, but never back to a level it has left. The pawn on d3(2) is stepped around on level 4.",
        position: "Bb1(2),Kc1(2),Pd3(2)*,ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("e4(4)"),
        hint: "c2(2), then d3(4) above your pawn, then e4(4).",
        success: "Diagonal walk: level 2, then up to level 4 and along.",
        solution: &["b1(2)e4(4)"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-queen",
        mover: piece(Queen),
        title: "The queen (stepwise)",
        text: "A queen walks any rook or bishop path one column at a time, choosing an empty square on any level of each column it enters, never returning to a level it left. Columns without squares stop it, so in the stepwise rules nothing crosses the gaps at c0 and d0.",
        position: "Kb1(2),Qb2(2),Pc3(2)*,ne5(4),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Capture("e5(4)"),
        hint: "Along the diagonal: c3(4) above your pawn, then d4(4), then the knight.",
        success: "Captured, after stepping around your own pawn.",
        solution: &["b2(2)e5(4)"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-pawn",
        mover: piece(Pawn),
        title: "The pawn (stepwise)",
        text: "A pawn's double step walks like a line: the column it passes needs an empty square on some level. Here c3(2) is taken by a black pawn, but c3(4) is free, so the double step goes through it to the neutral board. Pawns capture one step diagonally forward on any level, and promote on rank 8 or 9 (Black: 1 or 0).",
        position: "Kb1(2),Pc2(2),pc3(2)*,kc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("c4(4)"),
        hint: "Two ranks forward, passing over the black pawn on level 4.",
        success: "A double step around a blocker.",
        solution: &["c2(2)c4(4)"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-attack-board",
        kind: LessonKind::Rule,
        mover: Some(Board),
        title: "Attack boards (stepwise)",
        text: "In the stepwise rules a board moves only when it holds exactly one piece, and the side of that piece moves it. It goes to another post of the same main board in the same row or column, or to the nearest post of the main board above or below. It may turn 180° as it moves: the carried piece then swaps to the mirrored corner of the 2×2.",
        position: "Pc2(2),Kf0(3),pc7(6),ke8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Reach("e3(5)"),
        hint: "WKL carries your king alone; send it up to the neutral board's near post, turned.",
        success: "Board and king moved up a level; turning put the king in the mirrored corner.",
        solution: &["WKL>e3(5)r"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-mate-1",
        kind: LessonKind::Mate,
        title: "Checkmate lab 1 (stepwise)",
        text: "Checkmate in one move. The black king is on White's board at e2(2).",
        position: "Kb1(2),ke2(2),Qc3(2),Ra1(3) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The rook on your queen's-side attack board slides along rank 1.",
        success: "Checkmate: the rook checks from e1(2), and the queen protects it.",
        solution: &["a1(3)e1(2)"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-mate-2",
        kind: LessonKind::Mate,
        title: "Checkmate lab 2 (stepwise)",
        text: "Checkmate in one move, by moving an attack board.",
        position: "Ke1(2),Rf0(3),Rd3(4),ke4(4) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "WKL carries only your rook. Move it up to e3(5) and turn it.",
        success: "Checkmate by a board move: turned, the board put your rook on e3(5), next to the king on its file and protected by the other rook.",
        solution: &["WKL>e3(5)r"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-mate-3",
        kind: LessonKind::Mate,
        title: "Checkmate lab 3 (stepwise)",
        text: "Checkmate in one move. Your queen stands on Black's attack board BQL, alone: in the stepwise rules that makes the board yours to move.",
        position: "kb4(2),Kd3(4),pe5(4)*,Nb8(6),Qa9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "Move BQL down to b6(5), turned.",
        success: "Checkmate with Black's own attack board.",
        solution: &["BQL>b6(5)r"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-mate-4",
        kind: LessonKind::Mate,
        title: "Checkmate lab 4 (stepwise)",
        text: "Checkmate in one move with two rooks.",
        position: "Rd4(4),Kc5(6),ke6(6),Rf9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(1),
        hint: "The rook on f9(7) steps onto the e-file.",
        success: "Checkmate down the e-file.",
        solution: &["f9(7)e9(7)"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-mate-5",
        kind: LessonKind::Mate,
        title: "Checkmate lab 5 (stepwise)",
        text: "Checkmate in two moves. White plays, Black answers, White mates.",
        position: "Qc1(2),kd4(2),Ke6(4),Rf9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(2),
        hint: "A quiet queen move first: c2(2). Then look at Black's board BKL: your rook is alone on it.",
        success: "Checkmate in two: the last move was Black's own attack board, moved and turned by White.",
        solution: &["c1(2)c2(2)", "d4(2)e3(2)", "BKL>e5(7)r"],
        ..STEPWISE
    },
    Lesson {
        id: "trid-stepwise-mate-6",
        kind: LessonKind::Mate,
        title: "Checkmate lab 6 (stepwise)",
        text: "Checkmate in two moves with two rooks.",
        position: "Re3(2),kb4(2),Rd7(6),Ke9(7) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        goal: Goal::Mate(2),
        hint: "Take the c-file away first.",
        success: "Checkmate in two moves.",
        solution: &["d7(6)c7(6)", "b4(2)b5(4)", "e3(2)b3(2)"],
        ..STEPWISE
    },
];
