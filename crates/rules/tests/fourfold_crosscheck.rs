//! Fourfold move generation cross-checked against the simple generator in
//! `fourfold_naive`, node by node (the legal token sets must be equal at every node,
//! and the placements after each move must agree), from the start and from hand-made
//! positions that exercise every rule.

mod fourfold_naive;

use fourfold_naive::Naive;
use rules::fourfold::FourfoldPosition;
use rules::{Position, Setup, Variant};
use std::collections::BTreeSet;

fn setup() -> Setup {
    Setup::standard(Variant::Fourfold)
}

/// Walks the move tree to `depth` plies comparing both generators at every inner node;
/// returns the leaf count.
fn walk(pos: &mut FourfoldPosition, naive: &Naive, depth: u32) -> u64 {
    let placement: String = pos
        .position_string()
        .split(' ')
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(placement, naive.placement(), "placements differ");
    let moves = pos.legal_moves();
    let ours: BTreeSet<String> = moves.iter().map(|&m| pos.move_token(m)).collect();
    let theirs = naive.legal_tokens();
    if ours != theirs {
        panic!(
            "legal moves differ in {}\n  only rules: {:?}\n  only naive: {:?}",
            pos.position_string(),
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        );
    }
    assert_eq!(
        pos.count_legal(),
        moves.len() as u64,
        "count_legal in {}",
        pos.position_string()
    );
    assert_eq!(
        pos.in_check(),
        naive.in_check(),
        "in_check in {}",
        pos.position_string()
    );
    if depth <= 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in moves {
        let token = pos.move_token(m);
        let mut next = naive.clone();
        next.play_token(&token);
        let undo = pos.play(m);
        total += walk(pos, &next, depth - 1);
        pos.undo(m, undo);
    }
    total
}

/// Cross-checks from a position string to `depth` and returns the leaf count.
fn crosscheck(s: &str, depth: u32) -> u64 {
    let mut pos = FourfoldPosition::from_position_string(&setup(), s).unwrap();
    let naive = Naive::parse(s);
    let n = walk(&mut pos, &naive, depth);
    assert_eq!(
        pos.position_string(),
        s,
        "the walk must restore the position"
    );
    n
}

/// A position string from a piece list such as `"Ka1@00 kd4@11"`, built by the naive
/// side (no `rules` code involved).
pub fn fen(pieces: &str, white_to_move: bool) -> String {
    Naive::from_pieces(pieces, white_to_move).position_string()
}

#[test]
fn start_position_agrees_to_depth_3() {
    assert_eq!(crosscheck(rules::fourfold::START, 3), 74_569);
}

#[test]
fn after_some_opening_moves_agrees_to_depth_3() {
    // Pieces have left their boards: queens, rooks and bishops reach across.
    let mut pos = FourfoldPosition::start(&setup()).unwrap();
    for t in [
        "d1@00d2@11",
        "a4@11a3@01",
        "b1@10d3@10",
        "b4@01b2@01",
        "c1@10c3@10",
        "c4@11d2@11",
    ] {
        let m = pos
            .parse_move_token(t)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        pos.play(m);
    }
    crosscheck(&pos.position_string(), 3);
}

#[test]
fn handmade_positions_agree_to_depth_3() {
    for (what, s, depth) in handmade() {
        let n = crosscheck(&s, depth);
        eprintln!("{what}: {n} leaves at depth {depth}");
    }
}

/// (what it tests, position, cross-check depth). Each is also asserted on its own in
/// `fourfold_rules.rs`.
pub fn handmade() -> Vec<(&'static str, String, u32)> {
    vec![
        (
            "mate along W: Qd4@01-a1@01 checks a1@00 along W, the rook guards it",
            fen("ka1@00 Qd4@01 Ra4@01 Kd4@11", true),
            3,
        ),
        (
            "mate along Z+W: Qd4@11-a1@11 checks a1@00 along the Z+W diagonal",
            fen("ka1@00 Qd4@11 Ra4@11 Kd1@01", true),
            3,
        ),
        (
            "knight mate: Nd3@01-c1@01 with the king boxed in by its own men",
            fen(
                "ka1@00 pa2@00 pa2@10 pa2@11 ba1@10 na1@01 Kc2@11 Nd3@01",
                true,
            ),
            3,
        ),
        (
            "mate by promotion: b3@11-b4@11=Q checks a4@00 on a three-axis diagonal",
            fen("ka4@00 Pb3@11 Rd4@11 Kd1@00", true),
            3,
        ),
        (
            "check with exactly one reply: only Rb1@11xb4@11",
            fen("ka4@00 rb1@11 Qb4@11 Rd4@11 Kd1@00", false),
            4,
        ),
        (
            "stalemate after Qd4@11-a4@11",
            fen("ka1@00 Kc2@11 Ra4@10 Ra4@01 Bb3@00 Qd4@11", true),
            3,
        ),
        (
            "queen lines: three- and four-axis steps, open and blocked, long X+Y lines",
            fen("Qb2@00 Pc3@11 nc3@10 Pc3@00 Ka4@00 kd1@10 pa3@01", true),
            3,
        ),
        (
            "two kings and a knight: capturing it leaves two bare kings",
            fen("Kb2@00 nb3@10 kd4@11", true),
            3,
        ),
        (
            "pawn capture axes: X, Z, W but not two at once, and pushes blocked",
            fen(
                "Pb2@00 Pc2@01 na3@00 nc3@00 nb3@10 nb3@01 nc3@10 nb3@11 pc3@01 Kd1@11 kd4@11",
                true,
            ),
            3,
        ),
        (
            "black pawns: captures toward rank 1 on X, Z, W and promotion to a queen",
            fen(
                "pb2@11 pc3@00 Ba1@11 Nb1@10 Rc1@01 Qb2@00 Kd4@00 ka4@10",
                false,
            ),
            3,
        ),
        (
            "pinned pieces while in check: Nc1@00 and Bb2@00 pinned, bd3@00 checks",
            fen(
                "Kb1@00 Nc1@00 Bb2@00 rd1@00 bd3@00 qb4@00 ka4@11 Rc3@11 Na2@11",
                true,
            ),
            3,
        ),
        (
            "pins along a file and a diagonal: the pinned rook and bishop keep their line",
            fen("Ka1@00 Ra2@00 ra4@00 Bb2@00 bd4@00 kd4@11", true),
            3,
        ),
        (
            "double check by a rook and a knight: only the king moves",
            fen("ka1@00 rc4@00 Ra4@00 Nc2@00 Kd4@11", false),
            4,
        ),
    ]
}

/// Leaf count of the simple generator alone.
fn naive_perft(n: &Naive, depth: u32) -> u64 {
    let moves = n.legal_tokens();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|t| {
            let mut next = n.clone();
            next.play_token(t);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

/// The simple generator confirms the depth-4 count of `fourfold_rules.rs` (slow: run
/// with `--ignored`).
#[test]
#[ignore]
fn naive_perft_4_from_start() {
    assert_eq!(
        naive_perft(&Naive::parse(rules::fourfold::START), 4),
        3_194_878
    );
}
