//! The command line with Stacked Boards: perft, moves, replay, and bad input.

mod common;

use common::{run, stderr, stdout, TempFile};

const START: &str =
    "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 0 1";

#[test]
fn perft_prints_the_total_alone_on_the_last_line() {
    let o = run(&["perft", "stacked", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "236485\n");
    assert!(stderr(&o).contains("nodes/s"), "{}", stderr(&o));
}

#[test]
fn perft_divide_lists_each_root_move_then_the_total() {
    let o = run(&["perft", "stacked", "--divide", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 61);
    let mut sum = 0;
    for line in &lines[..60] {
        let (token, count) = line.split_once(' ').expect("<token> <count>");
        assert!(
            token.len() >= 6 && token.starts_with(['B', 'M', 'T']),
            "{line}"
        );
        sum += count.parse::<u64>().unwrap();
    }
    assert_eq!(*lines.last().unwrap(), "3596");
    assert_eq!(sum, 3596);
    assert!(lines.iter().any(|l| l.starts_with("Bg1Mf3 ")));
}

#[test]
fn perft_from_a_position_string() {
    let pos = "8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/8 w 0 1";
    let o = run(&["perft", "stacked", "--pos", pos, "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let moves = run(&["moves", "stacked", "--pos", pos]);
    let count = stdout(&moves).lines().count();
    assert_eq!(stdout(&o).trim(), count.to_string());
}

#[test]
fn moves_lists_the_legal_tokens() {
    let o = run(&["moves", "stacked"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let tokens: Vec<&str> = out.lines().collect();
    assert_eq!(tokens.len(), 60);
    for t in ["Bg1Mf3", "Be2Te4", "Be1Mf2", "Bd1Tf3"] {
        assert!(tokens.contains(&t), "{t} missing");
    }
    let o = run(&["moves", "stacked", "--pos", START]);
    assert_eq!(stdout(&o), out);
}

#[test]
fn replay_prints_the_final_position() {
    let file = TempFile::new(
        "game.pgn",
        "[Variant \"stacked\"]\n\n1. Be2–Me4 Td7–Md5 2. Me4×Md5 ♞Tg8–Mf6 3. ♘Bg1–Mf3 ♞Mf6×Md5 *\n",
    );
    let o = run(&["replay", file.0.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "8/8/8/8/8/8/PPPP1PPP/RNBQKB1R|8/8/8/3n*4/8/5N*2/8/8|rnbqkb1r/ppp1pppp/8/8/8/8/8/8 w 0 4\n"
    );
}

#[test]
fn bad_input_exits_with_status_2_and_says_why() {
    let o = run(&["perft", "chess", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown variant \"chess\""),
        "{}",
        stderr(&o)
    );

    let o = run(&["moves", "stacked", "--pos", "8/8/8 w 0 1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected 3 boards"), "{}", stderr(&o));

    let o = run(&[
        "perft",
        "stacked",
        "--pos",
        "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w 0 1",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("White has no king"), "{}", stderr(&o));

    let file = TempFile::new(
        "illegal.pgn",
        "[Variant \"stacked\"]\n\n1. Be2–Me4 Td7–Md5 2. Me4×Md5 Td8–Td7 *\n",
    );
    let o = run(&["replay", file.0.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("record move 2... Td8–Td7: illegal move"),
        "{}",
        stderr(&o)
    );

    let o = run(&["replay", "/nonexistent/game.pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}
