//! Each variant's evaluation answers to what it claims to measure.

use engine::eval::evaluate;
use rules::fourfold::FourfoldPosition;
use rules::quadlevel::QuadlevelPosition;
use rules::stacked::StackedPosition;
use rules::trid::TridPosition;
use rules::{Position, Setup, Variant};

fn pos<P: Position>(variant: Variant, s: &str) -> P {
    P::from_position_string(&Setup::standard(variant), s).expect("valid position")
}

#[test]
fn stacked_rewards_pieces_on_the_enemy_kings_board() {
    let elsewhere: StackedPosition = pos(
        Variant::Stacked,
        "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/3N*4|4k3/8/8/8/8/8/8/8 w 0 1",
    );
    let there: StackedPosition = pos(
        Variant::Stacked,
        "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/3N*4 w 0 1",
    );
    assert!(evaluate(&there) > evaluate(&elsewhere));
}

#[test]
fn every_variant_counts_a_missing_queen() {
    let q_start: QuadlevelPosition = pos(Variant::Quadlevel, rules::quadlevel::START);
    let q_minus: QuadlevelPosition = pos(
        Variant::Quadlevel,
        "rnbr/pppp/4/4/4/4/PPPP/RNBR|bk1n/pppp/4/4/4/4/PPPP/BKQN|nqkb/pppp/4/4/4/4/PPPP/NQKB|rbnr/pppp/4/4/4/4/PPPP/RBNR w - 0 1",
    );
    assert!(evaluate(&q_minus) - evaluate(&q_start) > 700);
    let f_start: FourfoldPosition = pos(Variant::Fourfold, rules::fourfold::START);
    let f_minus: FourfoldPosition = pos(
        Variant::Fourfold,
        "4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|1knr/pppp/4/4 w 0 1",
    );
    assert!(evaluate(&f_minus) - evaluate(&f_start) > 700);
    let s_start = StackedPosition::start(&Setup::standard(Variant::Stacked)).unwrap();
    let s_minus: StackedPosition = pos(
        Variant::Stacked,
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnb1kbnr/pppppppp/8/8/8/8/8/8 w 0 1",
    );
    assert!(evaluate(&s_minus) - evaluate(&s_start) > 700);
}

#[test]
fn tri_d_start_is_balanced() {
    let start = TridPosition::start(&Setup::standard(Variant::Trid)).unwrap();
    // Symmetric start: only the side to move's tempo.
    assert_eq!(evaluate(&start), tempo::<TridPosition>());
}

/// The committed weight of the `tempo` term of a variant.
fn tempo<P: engine::eval::weights::Weighted>() -> i32 {
    let w = P::committed().get();
    w.values[w.names.iter().position(|n| *n == "tempo").unwrap()]
}

#[test]
fn symmetric_starts_score_the_tempo_only() {
    let s = StackedPosition::start(&Setup::standard(Variant::Stacked)).unwrap();
    assert_eq!(evaluate(&s), tempo::<StackedPosition>());
    let q: QuadlevelPosition = pos(Variant::Quadlevel, rules::quadlevel::START);
    assert_eq!(evaluate(&q), tempo::<QuadlevelPosition>());
    let f: FourfoldPosition = pos(Variant::Fourfold, rules::fourfold::START);
    assert_eq!(evaluate(&f), tempo::<FourfoldPosition>());
}

#[test]
fn fourfold_counts_pawn_progress_and_the_pieces_around_each_king() {
    use engine::eval::weights::Weighted;
    // White: king a1@00, knight b2@00 beside it, pawn b3@00 one step from queening,
    // knight c3@11 beside Black's king. Black: king d4@11, rook a4@11 (not beside it),
    // rook b2@10 beside White's king.
    let p: FourfoldPosition = pos(
        Variant::Fourfold,
        "4/1P2/1N2/K3|4/4/1r2/4|4/4/4/4|r2k/2N1/4/4 w 0 1",
    );
    let names = FourfoldPosition::committed().names();
    let f = p.features();
    let count = |name: &str| f.0[names.iter().position(|n| *n == name).unwrap()];
    // Ours minus theirs, from White's side (White to move).
    assert_eq!(count("central"), 2 - 1, "b2@00 and c3@11 against b2@10");
    assert_eq!(count("pawn_advance"), 1);
    assert_eq!(count("shelter"), 1);
    assert_eq!(count("pressure"), 1 - 1);
    assert_eq!(count("tempo"), 1);
}

#[test]
fn fourfold_mobility_counts_the_moves_the_rules_allow_each_piece_kind() {
    use engine::eval::weights::Weighted;
    use rules::PieceKind;
    // An open middle game, no side in check, no pins: each piece's legal moves are
    // exactly the squares it attacks that its side does not hold.
    let white = "4/1P2/1N2/K3|4/4/1r2/4|B3/4/Q3/4|r2k/2N1/4/1b2 w 0 1";
    let black = white.replace(" w ", " b ");
    let names = FourfoldPosition::committed().names();
    let mut moves = [[0i32; 4]; 2];
    for (side, s) in [white, black.as_str()].into_iter().enumerate() {
        let p: FourfoldPosition = pos(Variant::Fourfold, s);
        assert!(!p.in_check(), "{s}");
        for m in p.legal_moves() {
            let kind = p.piece_at(m.from_square()).unwrap().kind;
            if !matches!(kind, PieceKind::Pawn | PieceKind::King) {
                moves[side][kind.index() - 1] += 1;
            }
        }
    }
    let p: FourfoldPosition = pos(Variant::Fourfold, white);
    let f = p.features();
    for (k, kind) in ["knight", "bishop", "rook", "queen"]
        .into_iter()
        .enumerate()
    {
        let term = names
            .iter()
            .position(|n| *n == format!("{kind}_mobility"))
            .unwrap();
        assert_eq!(f.0[term], moves[0][k] - moves[1][k], "{kind}: {moves:?}");
    }
    assert!(
        (0..4).all(|k| moves[0][k] + moves[1][k] > 0),
        "every kind moves for a side: {moves:?}"
    );
}

#[test]
fn stacked_knight_mobility_counts_the_same_board_moves_the_rules_allow_knights() {
    use engine::eval::weights::Weighted;
    use rules::PieceKind;
    // Every piece has moved (so it may move on its board), no side in check, no pins:
    // each knight's legal moves on its own board are exactly the squares there it
    // attacks that its side does not hold (the moves to other boards are not counted).
    let white = "q*7/8/8/5b*2/R*7/8/8/4K*3|3r*4/8/8/8/3B*4/2N*5/8/8|4k*3/8/2n*5/8/8/1Q*6/8/8 w 0 1";
    let black = white.replace(" w ", " b ");
    let names = StackedPosition::committed().names();
    let mut moves = [0i32; 2];
    for (side, s) in [white, black.as_str()].into_iter().enumerate() {
        let p: StackedPosition = pos(Variant::Stacked, s);
        assert!(!p.in_check(), "{s}");
        let cells = p.cells();
        for m in p.legal_moves() {
            let kind = cells[m.from_square()].piece.unwrap().kind;
            let same_board = m.from_square() / 64 == m.to_square() / 64;
            if same_board && kind == PieceKind::Knight {
                moves[side] += 1;
            }
        }
    }
    assert!(moves[0] > 0 && moves[1] > 0, "{moves:?}");
    let p: StackedPosition = pos(Variant::Stacked, white);
    let term = names.iter().position(|n| *n == "knight_mobility").unwrap();
    assert_eq!(p.features().0[term], moves[0] - moves[1], "{moves:?}");
    // The sliders' room to move is not a term (their attacks cost more than they earned:
    // docs/engine.md).
    assert!(!names
        .iter()
        .any(|n| n.ends_with("_mobility") && *n != "knight_mobility"));
}

#[test]
fn stacked_mop_up_counts_the_hunted_kings_edge_flights_board_and_shadow() {
    use engine::eval::weights::Weighted;
    // White (a queen ahead) hunts Black's king on Ma8: it is 3 + 3 from the centre, and
    // may flee to a7 and b7 (b8 is the queen's) or straight down or up to Ba8 and Ta8.
    let white = "8/8/8/8/8/8/8/K*7|k*7/8/8/8/8/8/7Q*/8|8/8/8/8/8/8/8/8 w 0 60";
    let names = StackedPosition::committed().names();
    let term = |f: &[i32], name: &str| f[names.iter().position(|n| *n == name).unwrap()];
    let board_and_shadow = |f: &[i32]| (term(f, "mop_up_outer"), term(f, "mop_up_shadow"));
    let p: StackedPosition = pos(Variant::Stacked, white);
    assert_eq!(p.king_flights(rules::Color::Black), 4);
    let f = p.features().0;
    assert_eq!(
        (term(&f, "mop_up_edge"), term(&f, "mop_up_flights")),
        (6, 4)
    );
    // From the hunted side's view the counts change sign.
    let p: StackedPosition = pos(Variant::Stacked, &white.replace(" w ", " b "));
    let f = p.features().0;
    assert_eq!(
        (term(&f, "mop_up_edge"), term(&f, "mop_up_flights")),
        (-6, -4)
    );
    // Ma8 is on the middle board (two boards to flee to), and White's king on Ba1 stands
    // on the board below it but seven ranks away: a shadow of 7 - 7.
    assert_eq!(board_and_shadow(&f), (0, 0));
    // The hunted king on Ta8 (the top board), the hunter's on Mb6: a shadow of 7 - 2.
    let top = "8/8/8/8/8/8/8/8|8/8/1K*6/8/8/8/7Q*/8|k*7/8/8/8/8/8/8/8 w 0 60";
    let f = pos::<StackedPosition>(Variant::Stacked, top).features().0;
    assert_eq!(board_and_shadow(&f), (1, 5));
    // Both kings on one board: no shadow (the hunter's king guards nothing up or down).
    let same = "8/8/8/8/8/8/8/8|k*7/8/1K*6/8/8/8/7Q*/8|8/8/8/8/8/8/8/8 w 0 60";
    let f = pos::<StackedPosition>(Variant::Stacked, same).features().0;
    assert_eq!(board_and_shadow(&f), (0, 0));
    // A black rook against the queen: a lead of less than a rook, no mop-up.
    let even = "8/8/8/8/8/8/8/K*7|k*7/8/8/8/8/8/7Q*/8|8/8/8/8/3r*4/8/8/8 w 0 60";
    let f = pos::<StackedPosition>(Variant::Stacked, even).features().0;
    assert_eq!(
        (term(&f, "mop_up_edge"), term(&f, "mop_up_flights")),
        (0, 0)
    );
    assert_eq!(board_and_shadow(&f), (0, 0));
}
