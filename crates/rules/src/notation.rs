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

/// The comparison form of typed text: ASCII (see [`to_ascii`]), castling with zeros as
/// with letters, without spaces, dashes, capture and promotion marks (`x`, `=`) and the
/// trailing `+`/`#`/`!`/`?`; `->` as `>`. No square, board or piece name contains an `x`,
/// so dropping it only forgives its absence.
pub fn typing_key(s: &str) -> String {
    let t = s.trim();
    let t = if let Some(rest) = t.strip_prefix("0-0-0") {
        format!("O-O-O{rest}")
    } else if let Some(rest) = t.strip_prefix("0-0") {
        format!("O-O{rest}")
    } else {
        t.to_string()
    };
    to_ascii(&t)
        .trim_end_matches(['+', '#', '!', '?'])
        .replace("->", ">")
        .chars()
        .filter(|&c| !c.is_whitespace() && !matches!(c, '-' | 'x' | '='))
        .collect()
}

/// The move among `moves` (the legal moves of `pos`) written as `text` in any accepted
/// form: for moves people type; machines use exact tokens. Tried in turn, the first that
/// fits wins: the exact token; the written notation, the token or the shortest form
/// (`short_form`); a looser form; the same two ignoring case. Text that fits more than
/// one move in the first tier it fits is ambiguous (the error lists their short forms).
/// The browser's move box reads typed text the same way (web/src/game/typing.ts).
pub fn find_in<P: Position>(pos: &P, moves: &[P::Move], text: &str) -> Result<P::Move, MoveError> {
    check_length(text)?;
    if let Some(&m) = moves.iter().find(|&&m| pos.move_token(m) == text.trim()) {
        return Ok(m);
    }
    let wanted = typing_key(text);
    // Records are written in the notation: try it before working out the short forms.
    let written: Vec<[String; 2]> = moves
        .iter()
        .map(|&m| {
            [
                typing_key(&pos.move_notation(m)),
                typing_key(&pos.move_token(m)),
            ]
        })
        .collect();
    let fits_written = |i: usize, w: &str, fold: bool| written[i].iter().any(|k| same(k, w, fold));
    let by_notation: Vec<&P::Move> = (0..moves.len())
        .filter(|&i| fits_written(i, &wanted, false))
        .map(|i| &moves[i])
        .collect();
    if let [&m] = by_notation[..] {
        return Ok(m);
    }
    let forms = crate::short_form::short_forms(pos, moves);
    let keys: Vec<Vec<String>> = forms
        .iter()
        .map(|f| f.iter().map(|s| typing_key(s)).collect())
        .collect();
    for fold in [false, true] {
        let w = if fold {
            wanted.to_lowercase()
        } else {
            wanted.clone()
        };
        let tiers: [&dyn Fn(usize) -> bool; 2] = [
            &|i| fits_written(i, &w, fold) || same(&keys[i][0], &w, fold),
            &|i| keys[i][1..].iter().any(|k| same(k, &w, fold)),
        ];
        for fits in tiers {
            let found: Vec<usize> = (0..moves.len()).filter(|&i| fits(i)).collect();
            match found.len() {
                0 => continue,
                1 => return Ok(moves[found[0]]),
                _ => {
                    return Err(MoveError {
                        input: text.to_string(),
                        reason: MoveErrorReason::Ambiguous(
                            found.iter().map(|&i| forms[i][0].clone()).collect(),
                        ),
                    })
                }
            }
        }
    }
    Err(MoveError::illegal(text))
}

/// Whether a move's key equals the wanted one (`wanted` already lower case when folding).
fn same(key: &str, wanted: &str, fold: bool) -> bool {
    if fold {
        key.to_lowercase() == wanted
    } else {
        key == wanted
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
