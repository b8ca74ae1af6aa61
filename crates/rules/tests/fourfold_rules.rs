//! Fourfold rules from the outside: start counts, perft, hand-made positions with the
//! result each one must show, position strings, cells and notation.

mod fourfold_naive;

use fourfold_naive::Naive;
use rules::fourfold::{FourfoldPosition, START};
use rules::game::{Game, GameStatus, Outcome, Termination};
use rules::perft::perft;
use rules::{Color, Mover, PieceKind, Position, Setup, Variant};
use std::collections::BTreeSet;

fn setup() -> Setup {
    Setup::standard(Variant::Fourfold)
}

fn pos(s: &str) -> FourfoldPosition {
    FourfoldPosition::from_position_string(&setup(), s).unwrap_or_else(|e| panic!("{e}"))
}

/// A position from a piece list such as `"Ka1@00 kd4@11"` (upper case White).
fn from_pieces(list: &str, white_to_move: bool) -> FourfoldPosition {
    pos(&Naive::from_pieces(list, white_to_move).position_string())
}

fn tokens(p: &FourfoldPosition) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .map(|m| p.move_token(m))
        .collect()
}

/// The tokens of the moves starting on `from`.
fn tokens_from(p: &FourfoldPosition, from: &str) -> BTreeSet<String> {
    tokens(p)
        .into_iter()
        .filter(|t| t.starts_with(from))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Plays `text` (any accepted form) and returns the game.
fn play(p: FourfoldPosition, text: &str) -> Game<FourfoldPosition> {
    let mut g = Game::new(p);
    g.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g
}

#[test]
fn start_has_41_moves_r7_n6_k6_q11_p4_b7() {
    let p = FourfoldPosition::start(&setup()).unwrap();
    assert_eq!(p.position_string(), START);
    let mut by_kind = [0; 6];
    for m in p.legal_moves() {
        match p.move_facts(m).mover {
            Mover::Piece(k) => by_kind[k.index()] += 1,
            Mover::Board => panic!("no boards move in Fourfold"),
        }
    }
    let count = |k: PieceKind| by_kind[k.index()];
    assert_eq!(count(PieceKind::Rook), 7);
    assert_eq!(count(PieceKind::Knight), 6);
    assert_eq!(count(PieceKind::King), 6);
    assert_eq!(count(PieceKind::Queen), 11);
    assert_eq!(count(PieceKind::Pawn), 4);
    assert_eq!(count(PieceKind::Bishop), 7);
    assert_eq!(p.count_legal(), 41);
}

#[test]
fn perft_from_start() {
    // Depth 3 is confirmed node by node by the simple generator (fourfold_crosscheck.rs).
    let mut p = FourfoldPosition::start(&setup()).unwrap();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&mut p, d)).collect();
    assert_eq!(counts, [41, 1_671, 74_569, 3_194_878, 145_609_706]);
    assert_eq!(p.position_string(), START);
}

fn assert_mate(g: &Game<FourfoldPosition>, winner: Color, king: &str) {
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::win(winner, Termination::Checkmate))
    );
    let p = g.position();
    assert!(p.in_check());
    assert_eq!(p.checked_kings(), vec![king.to_string()]);
    assert_eq!(p.count_legal(), 0);
}

#[test]
fn mate_along_w() {
    // The queen lands on a1@01, one step along W from the king on a1@00. From inside the
    // king's 2×2×2×2 corner block a queen reaches every square of the block in one step,
    // so the only escape would be taking the queen, which the rook on a4@01 guards.
    let g = play(
        from_pieces("ka1@00 Qd4@01 Ra4@01 Kd4@11", true),
        "Qd4@01-a1@01",
    );
    assert_mate(&g, Color::White, "a1@00");
    let rec = rules::record::export(&g, &[], &[]);
    assert!(rec.contains("Qd4@01-a1@01#"), "{rec}");
}

#[test]
fn mate_along_z_and_w() {
    // Check along the Z+W diagonal a1@11 → a1@00.
    let g = play(
        from_pieces("ka1@00 Qd4@11 Ra4@11 Kd1@01", true),
        "Qd4@11-a1@11",
    );
    assert_mate(&g, Color::White, "a1@00");
}

#[test]
fn mate_by_a_knight() {
    // The knight jumps to c1@01 (two on X, one on W from a1@00). The white king on
    // c2@11 covers every b-square of the corner block, the knight covers a2@01 and
    // a1@11, Black's own men fill the rest, and nothing can reach c1@01.
    let start = from_pieces(
        "ka1@00 pa2@00 pa2@10 pa2@11 ba1@10 na1@01 Kc2@11 Nd3@01",
        true,
    );
    let g = play(start, "Nd3@01-c1@01");
    assert_mate(&g, Color::White, "a1@00");
}

#[test]
fn mate_by_promotion() {
    // The pawn becomes a queen on b4@11: a three-axis step (X, Z, W) from a4@00, guarded
    // by the rook on d4@11.
    let start = from_pieces("ka4@00 Pb3@11 Rd4@11 Kd1@00", true);
    let m = start.parse_move_token("b3@11b4@11q").unwrap();
    assert_eq!(start.move_notation(m), "b3@11-b4@11=Q");
    assert_eq!(start.move_facts(m).promotion, Some(PieceKind::Queen));
    assert!(
        start.parse_move_token("b3@11b4@11").is_err(),
        "promotion needs its q"
    );
    let g = play(start, "b3@11-b4@11=Q#");
    assert_mate(&g, Color::White, "a4@00");
    assert_eq!(g.position().material()[0][PieceKind::Queen.index()], 1);
    assert_eq!(g.position().material()[0][PieceKind::Pawn.index()], 0);
}

#[test]
fn check_with_exactly_one_reply() {
    // The queen on b4@11 checks a4@00 and covers the whole corner block; the king cannot
    // take it (the rook guards it) but the rook on b1@11 can, up the b-file of board 11.
    let p = from_pieces("ka4@00 rb1@11 Qb4@11 Rd4@11 Kd1@00", false);
    assert!(p.in_check());
    assert_eq!(tokens(&p), set(&["b1@11b4@11"]));
    assert_eq!(p.move_notation(p.legal_moves()[0]), "Rb1@11xb4@11");
}

#[test]
fn stalemate() {
    // After the queen closes the a-file of board 11, every square next to a1@00 is
    // attacked (the king on c2@11 covers all b-squares of the block) and Black has no
    // other piece: not in check, no move.
    let g = play(
        from_pieces("ka1@00 Kc2@11 Ra4@10 Ra4@01 Bb3@00 Qd4@11", true),
        "Qd4@11-a4@11",
    );
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::draw(Termination::Stalemate))
    );
    assert!(!g.position().in_check());
}

#[test]
fn queen_lines_of_three_and_four_axes() {
    // Queen on b2@00 = (1,1,0,0). Z and W run 0..1, so a line that changes Z or W is one
    // step long and has no square in between: such a line is "blocked" only by a piece
    // of the mover's own on its one square.
    let p = from_pieces("Qb2@00 Pc3@11 nc3@10 Pc3@00 Ka4@00 kd1@10 pa3@01", true);
    let q = tokens_from(&p, "b2@00");
    for (to, why) in [
        ("a3@11", "four axes (-1,+1,+1,+1), open"),
        ("c1@11", "four axes (+1,-1,+1,+1), open"),
        ("c3@10", "three axes (X,Y,Z), capture"),
        ("a3@01", "three axes (X,Y,W), capture"),
        ("c2@11", "three axes (X,Z,W), open"),
        ("b2@11", "two axes (Z,W)"),
        ("b4@00", "along Y, two squares"),
        ("a1@00", "X+Y diagonal"),
    ] {
        assert!(q.contains(&format!("b2@00{to}")), "{to}: {why}");
    }
    for (to, why) in [
        ("c3@11", "four axes, own pawn there"),
        ("c3@00", "own pawn"),
        ("d4@00", "X+Y diagonal blocked by the own pawn on c3@00"),
        ("d4@10", "unequal distances (2,2,1,0)"),
        ("d3@11", "unequal distances"),
    ] {
        assert!(!q.contains(&format!("b2@00{to}")), "{to}: {why}");
    }
    let capture = p.parse_move_token("b2@00c3@10").unwrap();
    assert_eq!(p.move_notation(capture), "Qb2@00xc3@10");
}

#[test]
fn two_bare_kings_draw() {
    let p = from_pieces("Kb2@00 nb3@10 kd4@11", true);
    assert!(!p.insufficient_material());
    let g = play(p, "Kb2@00xb3@10");
    assert!(g.position().insufficient_material());
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::draw(Termination::InsufficientMaterial))
    );
    // A lone minor piece is not "two kings": play goes on.
    assert!(!from_pieces("Kb2@00 nc4@10 kd4@11", true).insufficient_material());
}

#[test]
fn white_pawn_capture_axes() {
    // b2@00 = (1,1,0,0): captures one rank up plus one step on exactly one of X, Z, W.
    let p = from_pieces(
        "Pb2@00 Pc2@01 na3@00 nc3@00 nb3@10 nb3@01 nc3@10 nb3@11 pc3@01 Kd1@11 kd4@11",
        true,
    );
    assert_eq!(
        tokens_from(&p, "b2@00"),
        // push, X-1, X+1, Z+1, W+1; not c3@10 (X and Z) nor b3@11 (Z and W)
        set(&[
            "b2@00b3@00",
            "b2@00a3@00",
            "b2@00c3@00",
            "b2@00b3@10",
            "b2@00b3@01"
        ])
    );
    // c2@01: push blocked by the pawn on c3@01; captures X-1 and W-1.
    assert_eq!(tokens_from(&p, "c2@01"), set(&["c2@01b3@01", "c2@01c3@00"]));
}

#[test]
fn black_pawn_capture_axes_and_promotion() {
    let p = from_pieces(
        "pb2@11 pc3@00 Ba1@11 Nb1@10 Rc1@01 Qb2@00 Kd4@00 ka4@10",
        false,
    );
    assert_eq!(
        tokens_from(&p, "b2@11"),
        set(&["b2@11b1@11q", "b2@11a1@11q", "b2@11b1@10q"])
    );
    assert_eq!(tokens_from(&p, "c3@00"), set(&["c3@00c2@00", "c3@00b2@00"]));
    let g = play(p, "b2@11xa1@11=Q");
    assert_eq!(
        g.position()
            .piece_at(rules::fourfold::geometry::parse_square("a1@11").unwrap()),
        Some(rules::Piece::new(Color::Black, PieceKind::Queen))
    );
}

#[test]
fn pinned_pieces_keep_their_line() {
    let p = from_pieces("Ka1@00 Ra2@00 ra4@00 Bb2@00 bd4@00 kd4@11", true);
    assert_eq!(tokens_from(&p, "a2@00"), set(&["a2@00a3@00", "a2@00a4@00"]));
    assert_eq!(tokens_from(&p, "b2@00"), set(&["b2@00c3@00", "b2@00d4@00"]));
    // In check from d3@00, with the knight and bishop pinned: neither may block or take.
    let q = from_pieces(
        "Kb1@00 Nc1@00 Bb2@00 rd1@00 bd3@00 qb4@00 ka4@11 Rc3@11 Na2@11",
        true,
    );
    assert!(q.in_check());
    assert!(tokens_from(&q, "c1@00").is_empty());
    assert!(tokens_from(&q, "b2@00").is_empty());
}

#[test]
fn double_check_only_the_king_moves() {
    let p = from_pieces("ka1@00 rc4@00 Ra4@00 Nc2@00 Kd4@11", false);
    assert!(p.in_check());
    let all = tokens(&p);
    assert!(!all.is_empty());
    assert!(all.iter().all(|t| t.starts_with("a1@00")), "{all:?}");
}

#[test]
fn kings_never_step_next_to_each_other() {
    // (A king can never be captured: a position where the side to move attacks the
    // other king is rejected by the parser, see below, and never arises in play.)
    let p = from_pieces("Kb2@00 kd4@00", true);
    assert!(!tokens(&p).contains("b2@00c3@00"), "c3@00 touches d4@00");
}

#[test]
fn position_string_errors_say_what_and_where() {
    let cases = [
        ("4/4/4/4|4/4/4/4|4/4/4/4 w 0 1", "4 boards"),
        ("4/4/4|4/4/4/4|4/4/4/4|4/4/4/k3 w 0 1", "board 00"),
        (
            "4/4/4/K3|4/4/X3/4|4/4/4/4|4/4/4/k3 w 0 1",
            "board 10: rank 2: unknown piece letter 'X'",
        ),
        (
            "4/4/4/K3|5/4/4/4|4/4/4/4|4/4/4/k3 w 0 1",
            "board 10: rank 4 has 5 squares",
        ),
        (
            "4/4/4/K3|4/4/4/4|4/4/4/4|P3/4/4/k3 w 0 1",
            "White pawn on a4@11",
        ),
        (
            "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/k2p w 0 1",
            "Black pawn on d1@11",
        ),
        (
            "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/4 w 0 1",
            "Black must have exactly one king",
        ),
        (
            "4/4/4/KK2|4/4/4/4|4/4/4/4|4/4/4/k3 w 0 1",
            "White must have exactly one king",
        ),
        ("4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/k3 x 0 1", "side to move"),
        ("4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/k3 w z 1", "halfmove"),
        ("4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/k3 w 0 0", "fullmove"),
        ("4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/k3 w 0", "4 fields"),
        (
            "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/k3 w 1000001 1",
            "from 0 to 1000000",
        ),
        (
            "4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/R2k w 0 1",
            "can capture the Black king on d1@11",
        ),
    ];
    for (s, expected) in cases {
        let e = FourfoldPosition::from_position_string(&setup(), s).unwrap_err();
        assert!(e.to_string().contains(expected), "{s}: {e}");
    }
    let stacked = Setup::standard(Variant::Stacked);
    assert!(FourfoldPosition::from_position_string(&stacked, START).is_err());
}

#[test]
fn position_strings_round_trip() {
    for s in [
        START,
        "k3/4/4/4|4/1p2/4/Q3|4/4/2N1/4|3K/4/4/4 b 17 42",
        "4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 99 100",
    ] {
        assert_eq!(pos(s).position_string(), s);
    }
}

#[test]
fn cells_name_board_coordinates_and_colour() {
    let p = FourfoldPosition::start(&setup()).unwrap();
    let cells = p.cells();
    assert_eq!(cells.len(), 64);
    let find = |name: &str| cells.iter().find(|c| c.name == name).unwrap().clone();
    let a1 = find("a1@00");
    assert!(a1.dark, "a1@00 is dark as in orthodox chess");
    assert_eq!(
        a1.piece,
        Some(rules::Piece::new(Color::White, PieceKind::Rook))
    );
    let b = find("b1@10");
    assert_eq!(b.board, "10");
    assert_eq!(b.coords, [1, 0, 1, 0]);
    assert!(b.dark, "1+0+1+0 is even");
    assert!(!find("a1@01").dark);
    assert_eq!(
        find("a4@11").piece,
        Some(rules::Piece::new(Color::Black, PieceKind::Queen))
    );
    assert_eq!(cells.iter().filter(|c| c.dark).count(), 32);
}

#[test]
fn notation_is_the_public_long_algebraic_form() {
    let mut g = Game::new(FourfoldPosition::start(&setup()).unwrap());
    let m = g.play_text("Bb1@10-b1@01").unwrap();
    assert_eq!(g.positions()[0].move_notation(m), "Bb1@10-b1@01");
    // Black's rook takes down the b-file of board 01.
    let m = g.play_text("Rb4@01xb1@01").unwrap();
    assert_eq!(g.positions()[1].move_token(m), "b4@01b1@01");
    // Glyph input and tokens are accepted too; pawns have no letter.
    let m = g.play_text("♙c2@00–c3@00").unwrap_err();
    let _ = m; // a pawn glyph is not part of the notation
    let m = g.play_text("c2@00-c3@00").unwrap();
    assert_eq!(g.positions()[2].move_notation(m), "c2@00-c3@00");
    g.play_text("♛a4@11–a4@10").unwrap();
    g.play_token("d1@00d2@00").unwrap_err(); // occupied by a pawn
    g.play_token("d1@00d1@10").unwrap();
    assert_eq!(g.moves().len(), 5);
}

#[test]
fn null_move_and_counters() {
    let mut p = FourfoldPosition::start(&setup()).unwrap();
    let before = p.clone();
    let u = p.play_null();
    assert_eq!(p.turn(), Color::Black);
    assert_ne!(p.hash(), before.hash());
    assert_eq!(p.hash(), p.compute_hash());
    p.undo_null(u);
    assert_eq!(p, before);
    let m = p.parse_move("Nb1@00-c3@00").unwrap();
    p.play(m);
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (1, 1));
    let m = p.parse_move("c3@11-c2@11").unwrap();
    p.play(m);
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 2));
}

#[test]
fn pretty_draws_the_boards_as_a_two_by_two_grid() {
    let d = FourfoldPosition::start(&setup()).unwrap().pretty();
    let lines: Vec<&str> = d.lines().collect();
    // Top row of boards is W=1 (Z=0 left, Z=1 right); rank 4 first.
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["@01", "@11"]
    );
    assert_eq!(lines[1], "4 . r b .   4 q k n r");
    assert_eq!(lines[9], "2 P P P P   2 . . . .");
    assert_eq!(lines[10], "1 R N K Q   1 . B R .");
    assert_eq!(lines.last().copied(), Some(START));
}

#[test]
fn third_repetition_and_hundred_half_moves_draw() {
    let mut g = Game::new(FourfoldPosition::start(&setup()).unwrap());
    for _ in 0..2 {
        for m in [
            "Nb1@00-c3@00",
            "Nc4@11-b2@11",
            "Nc3@00-b1@00",
            "Nb2@11-c4@11",
        ] {
            assert!(!g.is_over());
            g.play_text(m).unwrap();
        }
    }
    // The start position (placement and side to move) now stands for the third time.
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::draw(Termination::Repetition))
    );

    // Two bare kings are checked before the 100 half-moves.
    let g = Game::new(pos("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 w 100 80"));
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::draw(Termination::InsufficientMaterial))
    );
    let mut g = Game::new(pos("4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/3q w 99 80"));
    g.play_text("Ka1@00-a2@00").unwrap();
    assert_eq!(
        g.status(),
        GameStatus::Over(Outcome::draw(Termination::FiftyMoves))
    );
}
