//! What every variant's position string shares, read in one place: the split into
//! fields (at whitespace, after a length guard), the side to move, and the two move
//! counters with one limit. Each variant reads its own placement and special fields
//! (castling, en passant, attack boards, ...) from the [`Fields`] this gives it.

use crate::error::PositionError;
use crate::piece::Color;

/// The longest position string read, in bytes: several times the longest canonical
/// string of any variant, so only garbage is refused, before any work is done on it.
pub const MAX_LENGTH: usize = 2000;

/// The largest halfmove clock or fullmove number read, far beyond any real game, so that
/// playing moves can never overflow the counters.
pub const MAX_COUNTER: u32 = 1_000_000;

/// How much of an over-long string an error carries.
const SHOWN: usize = 200;

/// A position string split into its fields.
#[derive(Debug)]
pub(crate) struct Fields<'a> {
    input: &'a str,
    fields: Vec<&'a str>,
}

impl<'a> Fields<'a> {
    /// Splits `input` at whitespace into the fields named by `layout`, of which the last
    /// `optional` may be missing. Refuses a string longer than [`MAX_LENGTH`] or with
    /// another number of fields.
    pub(crate) fn split(
        input: &'a str,
        layout: &[&str],
        optional: usize,
    ) -> Result<Fields<'a>, PositionError> {
        if input.len() > MAX_LENGTH {
            let shown: String = input.chars().take(SHOWN).collect();
            return Err(PositionError::new(
                &format!("{shown}…"),
                format!(
                    "{} bytes, longer than the {MAX_LENGTH} a position string may have",
                    input.len()
                ),
            ));
        }
        let fields: Vec<&str> = input.split_whitespace().collect();
        let required = layout.len() - optional;
        if fields.len() < required || fields.len() > layout.len() {
            let count = if optional == 0 {
                format!("{required}")
            } else {
                format!("{required} to {}", layout.len())
            };
            return Err(PositionError::new(
                input,
                format!(
                    "found {} fields, expected {count} fields separated by spaces ({})",
                    fields.len(),
                    layout.join(", ")
                ),
            ));
        }
        Ok(Fields { input, fields })
    }

    /// Field `i`, which [`Fields::split`] made sure exists unless it is optional.
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        self.fields.get(i).copied()
    }

    /// A required field.
    pub(crate) fn field(&self, i: usize) -> &'a str {
        self.fields[i]
    }

    /// An error about this string.
    pub(crate) fn error(&self, reason: impl Into<String>) -> PositionError {
        PositionError::new(self.input, reason)
    }

    /// Field `i` as the side to move: `w` or `b`.
    pub(crate) fn side(&self, i: usize) -> Result<Color, PositionError> {
        match self.field(i) {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            other => Err(self.error(format!("side to move {other:?}: expected w or b"))),
        }
    }

    /// Fields `i` and `i + 1` as the halfmove clock (from 0) and the fullmove number
    /// (from 1), each at most [`MAX_COUNTER`].
    pub(crate) fn counters(&self, i: usize) -> Result<(u32, u32), PositionError> {
        Ok((
            self.counter(i, "halfmove clock", 0)?,
            self.counter(i + 1, "fullmove number", 1)?,
        ))
    }

    fn counter(&self, i: usize, what: &str, min: u32) -> Result<u32, PositionError> {
        let text = self.field(i);
        text.parse()
            .ok()
            .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
            .filter(|n| (min..=MAX_COUNTER).contains(n))
            .ok_or_else(|| {
                self.error(format!(
                    "{what} {text:?}: expected a number from {min} to {MAX_COUNTER}"
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: [&str; 4] = ["placement", "side", "halfmove", "fullmove"];

    fn reason(s: &str, optional: usize) -> String {
        Fields::split(s, &LAYOUT, optional).unwrap_err().reason
    }

    #[test]
    fn splits_at_any_whitespace() {
        let f = Fields::split("  8/8   w 3\t9 ", &LAYOUT, 0).unwrap();
        assert_eq!(f.field(0), "8/8");
        assert_eq!(f.side(1).unwrap(), Color::White);
        assert_eq!(f.counters(2).unwrap(), (3, 9));
    }

    #[test]
    fn counts_fields_with_the_optional_ones() {
        assert_eq!(
            reason("8/8 w 0", 0),
            "found 3 fields, expected 4 fields separated by spaces (placement, side, halfmove, fullmove)"
        );
        assert!(reason("a b c d e", 0).starts_with("found 5 fields"));
        let f = Fields::split("8/8 w 0", &LAYOUT, 1).unwrap();
        assert_eq!(f.get(3), None);
        assert!(reason("8/8 w", 1).contains("expected 3 to 4 fields"));
    }

    #[test]
    fn side_and_counters_name_the_bad_field() {
        let f = Fields::split("8/8 x 0 1", &LAYOUT, 0).unwrap();
        assert_eq!(
            f.side(1).unwrap_err().reason,
            "side to move \"x\": expected w or b"
        );
        for (s, want) in [
            (
                "8/8 w -1 1",
                "halfmove clock \"-1\": expected a number from 0 to 1000000",
            ),
            ("8/8 w +1 1", "halfmove clock \"+1\""),
            ("8/8 w 1000001 1", "halfmove clock \"1000001\""),
            (
                "8/8 w 0 0",
                "fullmove number \"0\": expected a number from 1 to 1000000",
            ),
            ("8/8 w 0 99999999999", "fullmove number \"99999999999\""),
        ] {
            let f = Fields::split(s, &LAYOUT, 0).unwrap();
            let e = f.counters(2).unwrap_err();
            assert!(e.reason.starts_with(want), "{s}: {}", e.reason);
            assert_eq!(e.input, s);
        }
        let f = Fields::split("8/8 w 1000000 1000000", &LAYOUT, 0).unwrap();
        assert_eq!(f.counters(2).unwrap(), (MAX_COUNTER, MAX_COUNTER));
    }

    #[test]
    fn refuses_an_over_long_string_showing_only_its_start() {
        let long = format!("{} w 0 1", "8/".repeat(MAX_LENGTH));
        let e = Fields::split(&long, &LAYOUT, 0).unwrap_err();
        assert!(e.reason.contains("longer than the 2000"), "{}", e.reason);
        assert_eq!(e.input.chars().count(), SHOWN + 1);
        assert!(Fields::split(&"8".repeat(MAX_LENGTH), &LAYOUT, 3).is_ok());
    }
}
