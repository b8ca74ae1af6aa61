//! Shared by the targets: every setup the rules accept, the one an input's first byte
//! picks, and the choice of a move among many by the next bytes; public API only.

use rules::Setup;

/// Every setup the rules accept: the catalogue's (every variant and rule set, each alone
/// and with each option), so variants and options added later are fuzzed without a
/// change here.
pub fn all_setups() -> Vec<Setup> {
    rules::catalogue::every_setup()
}

/// The setup the first byte picks, and the rest of the input.
pub fn pick_setup(data: &[u8]) -> Option<(Setup, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let setups = all_setups();
    Some((setups[usize::from(first) % setups.len()], rest))
}

/// The move the next bytes of `walk` pick among `count`: one byte while there are at
/// most 256 moves, two (little-endian) beyond, so that every move of a 4D position can be
/// reached and a real game written down move by move. `None` once the input ends.
#[allow(dead_code)] // move_text walks its few plies by single bytes
pub fn pick_move(walk: &mut &[u8], count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let width = if count <= 256 { 1 } else { 2 };
    if walk.len() < width {
        return None;
    }
    let (bytes, rest) = walk.split_at(width);
    *walk = rest;
    let n = bytes
        .iter()
        .rev()
        .fold(0usize, |n, &b| n << 8 | usize::from(b));
    Some(n % count)
}
