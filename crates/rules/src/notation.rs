//! Reading moves in every accepted form.
//!
//! Parsing is done by matching, not by grammar: the text is normalised and compared with
//! the normalised token and notation of every legal move. The accepted forms are therefore
//! exactly the forms the formatter writes, in glyphs or ASCII, and each variant only
//! formats.

use crate::error::{MoveError, MoveErrorReason};
use crate::piece::PieceKind;
use crate::position::Position;

/// Longest move text considered; anything longer is rejected before matching.
pub const MAX_MOVE_TEXT: usize = 64;

/// Display notation to ASCII: glyphs to letters, `–` to `-`, `×` to `x`, `→` to `->`,
/// `↻` to `r`.
pub fn to_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '–' | '—' => out.push('-'),
            '×' => out.push('x'),
            '→' => out.push_str("->"),
            '↻' => out.push('r'),
            _ => match PieceKind::from_glyph(c) {
                Some(k) => out.push(k.letter()),
                None => out.push(c),
            },
        }
    }
    out
}

/// The comparison form: ASCII, no check or annotation marks, no spaces; `->` as `>`.
pub fn normalize(s: &str) -> String {
    let ascii = to_ascii(s.trim());
    let trimmed = ascii.trim_end_matches(['+', '#', '!', '?']);
    trimmed
        .replace("->", ">")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// Appends `+` or `#` to a display notation after the move was played.
pub fn check_suffix<P: Position>(after: &P) -> &'static str {
    if !after.in_check() {
        return "";
    }
    crate::generations::count();
    if !after.has_legal_move() {
        "#"
    } else {
        "+"
    }
}

/// The full display notation with `+`/`#`: plays the move on a copy to find out.
pub fn notation_with_suffix<P: Position>(pos: &P, m: P::Move) -> String {
    let mut after = pos.clone();
    let text = pos.move_notation(m);
    after.play(m);
    format!("{text}{}", check_suffix(&after))
}

fn check_length(text: &str) -> Result<(), MoveError> {
    if text.len() > MAX_MOVE_TEXT {
        let shown: String = text.chars().take(MAX_MOVE_TEXT).collect();
        return Err(MoveError::unreadable(
            &shown,
            format!("longer than {MAX_MOVE_TEXT} characters"),
        ));
    }
    if text.trim().is_empty() {
        return Err(MoveError::unreadable(text, "empty"));
    }
    Ok(())
}

/// The legal move whose token is exactly `token`.
pub fn find_by_token<P: Position>(pos: &P, token: &str) -> Result<P::Move, MoveError> {
    check_length(token)?;
    pos.legal_moves()
        .into_iter()
        .find(|&m| pos.move_token(m) == token)
        .ok_or_else(|| MoveError::illegal(token))
}

/// The legal move written as `text` in any accepted form.
pub fn find_by_any_form<P: Position>(pos: &P, text: &str) -> Result<P::Move, MoveError> {
    find_in(pos, &pos.legal_moves(), text)
}

/// The move among `moves` (the legal moves of `pos`) written as `text` in any accepted
/// form: for moves people type; machines use exact tokens.
pub fn find_in<P: Position>(pos: &P, moves: &[P::Move], text: &str) -> Result<P::Move, MoveError> {
    check_length(text)?;
    let wanted = normalize(text);
    if let Some(&m) = moves.iter().find(|&&m| pos.move_token(m) == text.trim()) {
        return Ok(m);
    }
    let matches: Vec<P::Move> = moves
        .iter()
        .copied()
        .filter(|&m| normalize(&pos.move_notation(m)) == wanted)
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(MoveError::illegal(text)),
        _ => Err(MoveError {
            input: text.to_string(),
            reason: MoveErrorReason::Ambiguous,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_accepts_glyphs_and_ascii_alike() {
        assert_eq!(normalize("♘Bg1–Mf3+"), normalize("NBg1-Mf3"));
        assert_eq!(normalize("Td7×Tc8=♕#"), "Td7xTc8=Q");
        assert_eq!(normalize("WQL→b4(1)"), normalize("WQL->b4(1)"));
        assert_eq!(to_ascii("WKL→e3(5)↻"), "WKL->e3(5)r");
    }
}
