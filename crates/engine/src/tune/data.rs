//! The self-play data format: one position per line,
//!
//! ```text
//! # spacechess selfplay: comments and blank lines are ignored
//! fourfold 1-0 35 4/4/PPPP/RNKQ|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1
//! trid/meder 1/2-1/2 -12 <position string>
//! ```
//!
//! Fields, separated by single spaces: the setup (`variant[/rules][+option…]`, the
//! rule set for Tri-D only), the game's result (`1-0`, `0-1`, `1/2-1/2`), the search
//! score of the position in centipawns from White's side, and the position string
//! (which contains spaces itself, so it comes last). Text, because the positions are
//! text already and a line is easy to inspect, grep and cut; a few hundred games are a
//! few megabytes.

use super::TuneError;
use rules::{Color, Setup};
use std::fmt;

/// Longest line accepted (a position string is well under 200 characters).
pub const MAX_LINE: usize = 1000;
/// Most positions read from one file: bounds the memory of the tuner (about 100 bytes
/// per position and term).
pub const MAX_RECORDS: usize = 5_000_000;
/// Largest magnitude of a score (mates are not written).
pub const MAX_SCORE: i32 = 30_000;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
}

impl GameResult {
    pub fn of_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The score of a side: 1, ½ or 0.
    pub fn score_for(self, side: Color) -> f64 {
        let white = match self {
            GameResult::WhiteWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWins => 0.0,
        };
        if side == Color::White {
            white
        } else {
            1.0 - white
        }
    }

    fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins => "0-1",
        }
    }
}

/// One position of a self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub setup: Setup,
    pub result: GameResult,
    /// The search score, centipawns from White's side.
    pub score: i32,
    pub position: String,
}

/// The setup as written in the data: `trid/meder+rook-pawns`.
pub fn setup_id(setup: &Setup) -> String {
    let mut s = setup.variant().id().to_string();
    if let Some(r) = setup.rules_if_any() {
        s.push('/');
        s.push_str(r.id());
    }
    for o in setup.options().ids() {
        s.push('+');
        s.push_str(o);
    }
    s
}

fn parse_setup(id: &str) -> Result<Setup, String> {
    let mut parts = id.split('+');
    let head = parts.next().unwrap_or_default();
    let options: Vec<&str> = parts.collect();
    let (variant, rules) = match head.split_once('/') {
        Some((v, r)) => (v, Some(r)),
        None => (head, None),
    };
    Setup::from_ids(variant, rules, &options).map_err(|e| e.to_string())
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            setup_id(&self.setup),
            self.result.text(),
            self.score,
            self.position
        )
    }
}

impl Record {
    /// Parses one line (not a comment). The position string is checked by the tuner,
    /// which builds the position.
    pub fn parse(line: &str) -> Result<Record, String> {
        if line.len() > MAX_LINE {
            return Err(format!("line longer than {MAX_LINE} bytes"));
        }
        let mut fields = line.splitn(4, ' ');
        let (Some(setup), Some(result), Some(score), Some(position)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err("expected `<setup> <result> <score> <position>`".to_string());
        };
        let setup = parse_setup(setup).map_err(|e| format!("setup {setup:?}: {e}"))?;
        let result = match result {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            _ => return Err(format!("result {result:?} is not 1-0, 0-1 or 1/2-1/2")),
        };
        let score = score
            .parse::<i32>()
            .ok()
            .filter(|s| s.abs() <= MAX_SCORE)
            .ok_or_else(|| format!("score {score:?} is not an integer within ±{MAX_SCORE}"))?;
        let position = position.trim().to_string();
        if position.is_empty() {
            return Err("empty position string".to_string());
        }
        Ok(Record {
            setup,
            result,
            score,
            position,
        })
    }
}

/// Parses a whole file; `name` names it in errors. Errors carry the line number and the
/// line (cut short).
pub fn parse_file(name: &str, text: &str) -> Result<Vec<(usize, Record)>, TuneError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_end_matches('\r');
        if trimmed.trim().is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if out.len() == MAX_RECORDS {
            return Err(TuneError::at(
                name,
                i + 1,
                line,
                format!("more than {MAX_RECORDS} positions"),
            ));
        }
        let r = Record::parse(trimmed).map_err(|e| TuneError::at(name, i + 1, line, e))?;
        out.push((i + 1, r));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{RuleSet, Variant};

    #[test]
    fn records_round_trip() {
        let setups = [
            Setup::standard(Variant::Fourfold),
            Setup::new(Variant::Trid, Some(RuleSet::Meder), Default::default()).unwrap(),
            Setup::from_ids("trid", None, &["rook-pawns"]).unwrap(),
        ];
        for (i, setup) in setups.into_iter().enumerate() {
            let r = Record {
                setup,
                result: [
                    GameResult::WhiteWins,
                    GameResult::Draw,
                    GameResult::BlackWins,
                ][i],
                score: [35, 0, -1200][i],
                position: "4/4/PPPP/RNKQ|4/4/4/1BR1 w 0 1".to_string(),
            };
            let line = r.to_string();
            assert_eq!(Record::parse(&line), Ok(r), "{line}");
        }
        assert_eq!(
            setup_id(&Setup::from_ids("trid", None, &["rook-pawns"]).unwrap()),
            "trid/federation+rook-pawns"
        );
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let text = "# header\nfourfold 1-0 10 4/4 w 0 1\n\nfourfold 2-0 10 4/4 w 0 1\n";
        let e = parse_file("data.txt", text).unwrap_err().to_string();
        assert!(e.contains("data.txt line 4"), "{e}");
        assert!(e.contains("\"2-0\" is not 1-0"), "{e}");
        for (line, needle) in [
            ("chess 1-0 10 x w", "setup \"chess\""),
            ("fourfold 1-0 ten x w", "score \"ten\""),
            ("fourfold 1-0 99999 x w", "within ±30000"),
            ("fourfold 1-0 10", "expected `<setup>"),
            ("fourfold/meder 1-0 10 x", "setup \"fourfold/meder\""),
        ] {
            let e = Record::parse(line).unwrap_err();
            assert!(e.contains(needle), "{line}: {e}");
        }
        let long = format!("fourfold 1-0 10 {}", "x".repeat(MAX_LINE));
        assert!(Record::parse(&long).unwrap_err().contains("longer than"));
    }
}
