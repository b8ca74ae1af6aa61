//! The rules pages: per variant, what each piece does, every special rule and every
//! choice (rule set, option), with small diagrams whose marks the rules compute.
//!
//! Piece and rule sections are the lessons' own texts and positions (one source); the
//! overview, the choices and the remaining rules are in `topics.rs`.

mod topics;
pub mod view;

use crate::error::{PositionError, SetupError};
use crate::lessons::{self, LessonKind};
use crate::position::Position;
use crate::setup::{Options, RuleSet, Setup, Variant};
use crate::with_position_type;
use std::fmt;

pub use topics::{choices, summary, Choice, ChoiceKind};

/// A position to draw and the square (or, in Tri-D, attack board) whose moves to mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub rules: Option<RuleSet>,
    pub options: Options,
    pub position: &'static str,
    /// A square, or an attack board's name (`WQL`).
    pub from: &'static str,
    pub caption: &'static str,
}

/// A section of text that the guide shows, for the whole variant or for one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Topic {
    pub variant: Variant,
    /// `None`: every rule set (and every variant without rule sets).
    pub rules: Option<RuleSet>,
    pub title: &'static str,
    pub text: &'static str,
    pub diagram: Option<Diagram>,
}

/// Where a diagram's piece may go: destination squares (positions, for a board), quiet
/// moves and captures apart, each listed once, in move-generation order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Marks {
    pub moves: Vec<String>,
    pub captures: Vec<String>,
}

/// A diagram with its marks computed, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramView {
    pub rules: Option<RuleSet>,
    pub options: Options,
    pub position: &'static str,
    /// The square (or attack board) whose moves are marked.
    pub from: String,
    pub caption: String,
    pub marks: Marks,
}

/// What a section of a rules page is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SectionKind {
    /// The board, notation, draws: what no single lesson covers.
    Overview,
    /// How one piece moves (from a piece lesson).
    Piece,
    /// A special rule (from a rule lesson).
    Rule,
}

impl SectionKind {
    /// `overview`, `piece` or `rule`.
    pub fn id(self) -> &'static str {
        match self {
            SectionKind::Overview => "overview",
            SectionKind::Piece => "piece",
            SectionKind::Rule => "rule",
        }
    }
}

/// One section of a rules page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub kind: SectionKind,
    pub rules: Option<RuleSet>,
    pub title: &'static str,
    pub text: &'static str,
    /// The lesson this section comes from, to practise it.
    pub lesson: Option<&'static str>,
    pub diagram: Option<DiagramView>,
}

/// A variant's rules page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    pub variant: Variant,
    pub summary: &'static str,
    pub choices: &'static [Choice],
    pub sections: Vec<Section>,
}

/// A diagram that cannot be drawn (a defect in the tables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuideError {
    Setup(SetupError),
    Position(PositionError),
    /// The diagram's square has no legal move.
    NoMoves {
        position: String,
        from: String,
    },
}

impl fmt::Display for GuideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuideError::Setup(e) => write!(f, "diagram setup: {e}"),
            GuideError::Position(e) => write!(f, "diagram position: {e}"),
            GuideError::NoMoves { position, from } => {
                write!(f, "diagram {position:?}: nothing on {from} can move")
            }
        }
    }
}

impl std::error::Error for GuideError {}

/// The marks of the moves from `from` (a square or board name) in a position.
pub fn marks(setup: &Setup, position: &str, from: &str) -> Result<Marks, GuideError> {
    with_position_type!(
        setup.variant(),
        P => {
            let pos = P::from_position_string(setup, position).map_err(GuideError::Position)?;
            Ok(marks_of(&pos, from))
        }
    )
}

fn marks_of<P: Position>(pos: &P, from: &str) -> Marks {
    let mut marks = Marks::default();
    for m in pos.legal_moves() {
        let squares = pos.move_squares(m);
        if squares.from != from {
            continue;
        }
        let list = if pos.move_facts(m).captured.is_some() {
            &mut marks.captures
        } else {
            &mut marks.moves
        };
        if !list.contains(&squares.to) {
            list.push(squares.to);
        }
    }
    marks
}

/// Draws a position with the moves from `from` marked; a diagram without moves is a
/// defect in the tables.
fn view(
    variant: Variant,
    rules: Option<RuleSet>,
    options: Options,
    position: &'static str,
    from: String,
    caption: String,
) -> Result<DiagramView, GuideError> {
    let setup = Setup::new(variant, rules, options).map_err(GuideError::Setup)?;
    let marks = marks(&setup, position, &from)?;
    if marks.moves.is_empty() && marks.captures.is_empty() {
        return Err(GuideError::NoMoves {
            position: position.to_string(),
            from,
        });
    }
    Ok(DiagramView {
        rules,
        options,
        position,
        from,
        caption,
        marks,
    })
}

/// The square (or board) a lesson's first solution move starts from.
fn lesson_from(l: &lessons::Lesson) -> Result<String, GuideError> {
    let setup = l.setup().map_err(GuideError::Setup)?;
    with_position_type!(
        setup.variant(),
        P => {
            let pos = P::from_position_string(&setup, l.position).map_err(GuideError::Position)?;
            l.solution
                .first()
                .and_then(|t| pos.parse_move_token(t).ok())
                .map(|m| pos.move_squares(m).from)
                .ok_or_else(|| GuideError::NoMoves {
                    position: l.position.to_string(),
                    from: l.solution.first().copied().unwrap_or_default().to_string(),
                })
        }
    )
}

/// A section made from a piece or rule lesson: its text, and its position with the
/// moves of the piece (or board) the lesson moves.
fn lesson_section(l: &'static lessons::Lesson) -> Result<Section, GuideError> {
    let from = lesson_from(l)?;
    let caption = format!("Every move from {from} in the lesson's position");
    let diagram = view(l.variant, l.rules, l.options, l.position, from, caption)?;
    Ok(Section {
        kind: match l.kind {
            LessonKind::Piece => SectionKind::Piece,
            _ => SectionKind::Rule,
        },
        rules: l.rules,
        title: l.title,
        text: l.text,
        lesson: Some(l.id),
        diagram: Some(diagram),
    })
}

fn topic_section(t: &Topic) -> Result<Section, GuideError> {
    let diagram = match t.diagram {
        Some(d) => Some(view(
            t.variant,
            d.rules,
            d.options,
            d.position,
            d.from.to_string(),
            d.caption.to_string(),
        )?),
        None => None,
    };
    Ok(Section {
        kind: SectionKind::Overview,
        rules: t.rules,
        title: t.title,
        text: t.text,
        lesson: None,
        diagram,
    })
}

/// The rules page of a variant: the overview, then per rule set (Tri-D) or once, how
/// each piece moves and every special rule, then the remaining rules.
pub fn page(variant: Variant) -> Result<Page, GuideError> {
    let mut sections = Vec::new();
    let topics: Vec<&Topic> = topics::TOPICS
        .iter()
        .filter(|t| t.variant == variant)
        .collect();
    let rule_sets: Vec<Option<RuleSet>> = if variant == Variant::Trid {
        RuleSet::ALL.iter().copied().map(Some).collect()
    } else {
        vec![None]
    };
    for t in topics.iter().filter(|t| t.rules.is_none()) {
        sections.push(topic_section(t)?);
    }
    for rules in rule_sets {
        for kind in [LessonKind::Piece, LessonKind::Rule] {
            for l in lessons::all()
                .filter(|l| l.variant == variant && l.rules == rules && l.kind == kind)
            {
                sections.push(lesson_section(l)?);
            }
        }
        for t in topics
            .iter()
            .filter(|t| t.rules.is_some() && t.rules == rules)
        {
            sections.push(topic_section(t)?);
        }
    }
    Ok(Page {
        variant,
        summary: summary(variant),
        choices: choices(variant),
        sections,
    })
}
