//! `moves` and `perft` list the moves of a position whatever the draw rules say.

use std::process::Command;

/// King and bishop against king is a dead draw, but White still has moves to list.
const DEAD_DRAW: &str = "8/8/8/8/8/8/3b*4/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w 0 1";

#[test]
fn moves_lists_the_moves_of_a_drawn_position() {
    let out = Command::new(env!("CARGO_BIN_EXE_spacechess"))
        .args(["moves", "stacked", "--pos", DEAD_DRAW])
        .output()
        .expect("run spacechess");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut tokens: Vec<&str> = text.lines().collect();
    tokens.sort_unstable();
    // The unmoved king in check may capture on its board and change boards, never side-step.
    assert_eq!(
        tokens,
        ["Be1Bd2", "Be1Md1", "Be1Md2", "Be1Me1", "Be1Me2", "Be1Mf1", "Be1Mf2"]
    );
}
