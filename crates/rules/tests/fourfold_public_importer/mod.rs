//! The record importer of seed 004's public Fourfold game, restated for tests: it accepts
//! exactly what that game's `importGame` (records module of its `index.html`, format
//! "PGN4D v1 / LAN4D") accepts, and says why it refuses the rest. It shares no code with
//! `rules`: tags, comments and move numbers are read here, and the moves are replayed
//! with the simple generator of `fourfold_naive`.
//!
//! The rules, in the importer's order (names are its functions):
//! - `importGame`: at most 262,144 UTF-8 bytes; a byte-order mark is dropped and the text
//!   trimmed; not empty.
//! - Header loop: while the rest starts with `[`, one `[Name "value"]` with Name
//!   `[A-Za-z][A-Za-z0-9_]*`, white space, a quoted value without raw `"`, `\`, CR or LF
//!   (only the escapes `\"` and `\\`), optional white space, `]`; no tag twice; at most 40
//!   tags; a value of at most 800 UTF-16 units as written.
//! - `Variant "Fourfold-4x4x2x2"`, `Format "PGN4D"`, `FormatVersion "1"`,
//!   `Notation "LAN4D"`; `SetUp "1"` and a non-empty `FEN4D`.
//! - Movetext: `{…}` comments (none nested, none unclosed, no stray `}`), `;` to the end
//!   of the line, no `(` or `)`. Move numbers are split off (`12.e4`), must read `N.`
//!   before White's move and `N...` before Black's, counted from FEN4D's fullmove; `$n`
//!   and trailing `!`/`?` are ignored; a result token (`*`, `1-0`, `0-1`, `1/2-1/2`) is
//!   mandatory, last, and equal to the `Result` tag; at most 4,096 plies.
//! - `parseFen`/`validateStart`: at most 400 characters; four fields (boards, `w`/`b`,
//!   halfmove, fullmove digits); four boards of four ranks of exactly four squares
//!   (digits 1–4, letters `prnbqkPRNBQK`); halfmove 0–100, fullmove 1–1,000,000; no pawn
//!   on its promotion rank; one king per side; the side not to move not in check.
//! - `metadata`: Event, Site, Date, Round, White, Black at most 200 UTF-16 units, no
//!   control characters (U+0000–U+001F, U+007F).
//! - `build`/`parseMove`: no move after the game is over; each move matches
//!   `[KQRBN]?from[-x]to(=Q)?[+#]?`, moves a piece of the side to move with the right
//!   letter (none for a pawn), is legal, and is written exactly as the importer would
//!   write it (capture mark, `=Q`, `+` or `#`).
//! - `outcome` after each ply, in order: no legal move (mate: the other side wins;
//!   otherwise stalemate), only kings left, halfmove count at 100, the position (placement
//!   and side) for the third time. The result derived from the final position must equal
//!   the result token: a result it cannot derive (resignation, agreement, time) is refused.

#![allow(dead_code)]

use crate::fourfold_naive::{parse_name, Naive};
use std::collections::BTreeSet;

const MAX_BYTES: usize = 262_144;
const MAX_PLIES: usize = 4096;
const MAX_TAGS: usize = 40;
const MAX_VALUE_UNITS: usize = 800;
const METADATA: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// What the importer would read from `text`: the tags and the plies, or why it refuses.
pub fn import(text: &str) -> Result<Imported, String> {
    if text.len() > MAX_BYTES {
        return Err("larger than 256 KiB".into());
    }
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text).trim();
    if rest.is_empty() {
        return Err("empty".into());
    }
    let mut tags: Vec<(String, String)> = Vec::new();
    while rest.starts_with('[') {
        let (name, value, len) = header(rest).ok_or("malformed header")?;
        if tags.iter().any(|(n, _)| *n == name) {
            return Err(format!("duplicate header {name}"));
        }
        if tags.len() >= MAX_TAGS || value.encode_utf16().count() > MAX_VALUE_UNITS {
            return Err("too many or oversized headers".into());
        }
        tags.push((name, value.replace("\\\"", "\"").replace("\\\\", "\\")));
        rest = rest[len..].trim_start();
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let required = [
        ("Variant", "Fourfold-4x4x2x2"),
        ("Format", "PGN4D"),
        ("FormatVersion", "1"),
        ("Notation", "LAN4D"),
        ("SetUp", "1"),
    ];
    for (name, value) in required {
        if tag(name) != Some(value) {
            return Err(format!("needs [{name} \"{value}\"]"));
        }
    }
    let fen = tag("FEN4D")
        .filter(|f| !f.is_empty())
        .ok_or("needs FEN4D")?;
    let clean = split_numbers(&strip_comments(rest)?);
    let start = parse_fen(fen)?;
    let (mut white, mut number) = (start.white, start.fullmove);
    let (mut moves, mut termination) = (Vec::new(), None);
    for token in clean.split_whitespace() {
        if termination.is_some() {
            return Err("text after the result".into());
        }
        if is_move_number(token) {
            let want = format!("{number}{}", if white { "." } else { "..." });
            if token != want {
                return Err(format!("move number {token}, expected {want}"));
            }
            continue;
        }
        if ["*", "1-0", "0-1", "1/2-1/2"].contains(&token) {
            termination = Some(token.to_string());
            continue;
        }
        if token.len() > 1
            && token.starts_with('$')
            && token[1..].bytes().all(|b| b.is_ascii_digit())
        {
            continue;
        }
        moves.push(token.trim_end_matches(['!', '?']).to_string());
        if moves.len() > MAX_PLIES {
            return Err("more than 4096 plies".into());
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    let termination = termination.ok_or("missing result token")?;
    if tag("Result") != Some(termination.as_str()) {
        return Err("Result tag and result token disagree".into());
    }
    for name in METADATA {
        if let Some(v) = tag(name) {
            if v.encode_utf16().count() > 200 || v.chars().any(|c| c <= '\u{1f}' || c == '\u{7f}') {
                return Err(format!("invalid {name} tag"));
            }
        }
    }
    let derived = replay(start, &moves)?;
    if derived != termination {
        return Err(format!(
            "result does not match the position: expected {derived}"
        ));
    }
    Ok(Imported { tags, moves })
}

/// What an accepted record holds.
pub struct Imported {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

/// One header at the start of `rest`: name, value as written, length consumed.
fn header(rest: &str) -> Option<(String, String, usize)> {
    let b = rest.as_bytes();
    let mut i = 1;
    if !b.get(i)?.is_ascii_alphabetic() {
        return None;
    }
    while b
        .get(i)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        i += 1;
    }
    let name = rest[1..i].to_string();
    let spaces = i;
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    if i == spaces || b.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    let value_start = i;
    loop {
        match *b.get(i)? {
            b'"' => break,
            b'\\' if matches!(b.get(i + 1), Some(b'"' | b'\\')) => i += 2,
            b'\\' | b'\r' | b'\n' => return None,
            _ => i += 1,
        }
    }
    let value = rest[value_start..i].to_string();
    i += 1;
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    (b.get(i) == Some(&b']')).then(|| (name, value, i + 1))
}

fn strip_comments(text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => loop {
                match chars.next() {
                    Some('}') => break,
                    Some('{') => return Err("nested comment".into()),
                    Some(_) => {}
                    None => return Err("unclosed comment".into()),
                }
            },
            '}' => return Err("unmatched }".into()),
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' | ')' => return Err("variations are not supported".into()),
            _ => {
                out.push(c);
                continue;
            }
        }
        out.push(' ');
    }
    Ok(out)
}

/// Spaces around each run of digits followed by one to three dots (`12.e4` → ` 12. e4`).
fn split_numbers(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let mut k = j;
            while k < chars.len() && k < j + 3 && chars[k] == '.' {
                k += 1;
            }
            let run: String = chars[i..k].iter().collect();
            if k > j {
                out.push_str(&format!(" {run} "));
            } else {
                out.push_str(&run);
            }
            i = k;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn is_move_number(token: &str) -> bool {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && matches!(&token[digits..], "." | "...")
}

struct Start {
    board: Naive,
    white: bool,
    halfmove: u32,
    fullmove: u32,
}

fn parse_fen(text: &str) -> Result<Start, String> {
    let bad = |why: &str| Err(format!("FEN4D {text:?}: {why}"));
    if text.encode_utf16().count() > 400 {
        return bad("too long");
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if fields.len() != 4
        || !["w", "b"].contains(&fields[1])
        || !digits(fields[2])
        || !digits(fields[3])
    {
        return bad("needs boards, side, halfmove, fullmove");
    }
    let boards: Vec<&str> = fields[0].split('|').collect();
    if boards.len() != 4 {
        return bad("needs four boards");
    }
    for board in &boards {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 4 {
            return bad("a board needs four ranks");
        }
        for rank in ranks {
            let mut x = 0;
            for c in rank.chars() {
                if ('1'..='4').contains(&c) {
                    x += c.to_digit(10).unwrap();
                    if x > 4 {
                        return bad("a rank is too long");
                    }
                } else if "prnbqkPRNBQK".contains(c) && x < 4 {
                    x += 1;
                } else {
                    return bad("bad rank or piece");
                }
            }
            if x != 4 {
                return bad("a rank needs four squares");
            }
        }
    }
    let (halfmove, fullmove) = match (fields[2].parse::<u32>(), fields[3].parse::<u32>()) {
        (Ok(h), Ok(f)) if h <= 100 && (1..=1_000_000).contains(&f) => (h, f),
        _ => return bad("bad counters"),
    };
    let board = Naive::parse(&format!("{} {}", fields[0], fields[1]));
    for (i, board_text) in boards.iter().enumerate() {
        let ranks: Vec<&str> = board_text.split('/').collect();
        if ranks[0].contains('P') || ranks[3].contains('p') {
            return bad(&format!("a pawn on its promotion rank on board {i}"));
        }
    }
    for king in ["K", "k"] {
        if fields[0].matches(king).count() != 1 {
            return bad("needs one king per side");
        }
    }
    let mut passed = board.clone();
    passed.white_to_move = !passed.white_to_move;
    if passed.in_check() {
        return bad("the side that just moved is in check");
    }
    Ok(Start {
        board,
        white: fields[1] == "w",
        halfmove,
        fullmove,
    })
}

/// Plays every move, checking each as `parseMove` does; the result derived at the end.
fn replay(start: Start, moves: &[String]) -> Result<String, String> {
    let mut board = start.board;
    let mut halfmove = start.halfmove;
    let mut keys = vec![board.placement()];
    // The legal moves of `board`, generated once per position.
    let mut legal = board.legal_tokens();
    let mut result = outcome(&board, &legal, halfmove, &keys);
    for (i, text) in moves.iter().enumerate() {
        let fail = |why: String| Err(format!("ply {}: {text}: {why}", i + 1));
        if result.is_some() {
            return fail("the game is already over".into());
        }
        let Some((letter, from, to)) = lan4d(text) else {
            return fail("not LAN4D".into());
        };
        let Some(piece) = board.get(parse_name(from)) else {
            return fail("no piece there".into());
        };
        if piece.is_ascii_uppercase() != board.white_to_move {
            return fail("a piece of the wrong side".into());
        }
        let pawn = piece.eq_ignore_ascii_case(&'p');
        let expected_letter = if pawn {
            String::new()
        } else {
            piece.to_ascii_uppercase().to_string()
        };
        if letter != expected_letter {
            return fail("wrong piece letter".into());
        }
        let token = [format!("{from}{to}"), format!("{from}{to}q")]
            .into_iter()
            .find(|t| legal.contains(t));
        let Some(token) = token else {
            return fail("illegal".into());
        };
        let capture = board.get(parse_name(to)).is_some();
        let mut after = board.clone();
        after.play_token(&token);
        let replies = after.legal_tokens();
        let suffix = match (after.in_check(), replies.is_empty()) {
            (true, true) => "#",
            (true, false) => "+",
            _ => "",
        };
        let expected = format!(
            "{expected_letter}{from}{}{to}{}{suffix}",
            if capture { 'x' } else { '-' },
            if token.ends_with('q') { "=Q" } else { "" }
        );
        if *text != expected {
            return fail(format!(
                "notation does not match the position; expected {expected}"
            ));
        }
        halfmove = if pawn || capture { 0 } else { halfmove + 1 };
        board = after;
        legal = replies;
        keys.push(board.placement());
        result = outcome(&board, &legal, halfmove, &keys);
    }
    Ok(result.unwrap_or("*").to_string())
}

/// `[KQRBN]?` from, `-`/`x`, to, `=Q`?, `+`/`#`? as written: (letter, from, to).
fn lan4d(text: &str) -> Option<(String, &str, &str)> {
    let letter_len = usize::from(text.starts_with(['K', 'Q', 'R', 'B', 'N']));
    let rest = &text[letter_len..];
    let square = |s: &str| {
        let b = s.as_bytes();
        b.len() == 5
            && (b'a'..=b'd').contains(&b[0])
            && (b'1'..=b'4').contains(&b[1])
            && b[2] == b'@'
            && matches!(b[3], b'0' | b'1')
            && matches!(b[4], b'0' | b'1')
    };
    let (from, rest) = (rest.get(..5)?, rest.get(5..)?);
    let (mark, rest) = (rest.get(..1)?, rest.get(1..)?);
    let (to, tail) = (rest.get(..5)?, rest.get(5..)?);
    let tail = tail.strip_prefix("=Q").unwrap_or(tail);
    let ok =
        square(from) && square(to) && matches!(mark, "-" | "x") && matches!(tail, "" | "+" | "#");
    ok.then(|| (text[..letter_len].to_string(), from, to))
}

/// The importer's `outcome` as a result token, `None` while the game goes on.
fn outcome(
    board: &Naive,
    legal: &BTreeSet<String>,
    halfmove: u32,
    keys: &[String],
) -> Option<&'static str> {
    if legal.is_empty() {
        return Some(match (board.in_check(), board.white_to_move) {
            (true, true) => "0-1",
            (true, false) => "1-0",
            (false, _) => "1/2-1/2",
        });
    }
    let current = keys.last().unwrap();
    let bare = board.count_pieces() == 2;
    let repeated = keys.iter().filter(|k| *k == current).count() >= 3;
    (bare || halfmove >= 100 || repeated).then_some("1/2-1/2")
}
