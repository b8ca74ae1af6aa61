//! A rules page as every host shows it (docs/api.md "Rules pages"; the server's JSON and
//! the browser's module answer the same): the guide's texts with each diagram's position
//! as a screen. Plain data, serialized by the hosts.

use super::{page, Choice, DiagramView, GuideError, Page, Section};
use crate::any::{AnyGame, NewGameError};
use crate::screen::Screen;
use crate::setup::{RuleSet, Setup, Variant};

/// A rule set or option explained.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChoiceView {
    pub id: String,
    /// `rules` or `option`.
    pub kind: String,
    pub summary: String,
    pub text: String,
}

/// A small position with the moves of one square (or attack board) marked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesDiagram {
    pub rules: Option<RuleSet>,
    pub options: Vec<String>,
    pub position: String,
    /// The square (or attack board) whose moves are marked.
    pub from: String,
    pub caption: String,
    /// Squares (board positions, for a board) it moves to without capturing.
    pub moves: Vec<String>,
    pub captures: Vec<String>,
    /// The position to draw (no legal moves listed).
    pub screen: Screen,
}

/// One section of a rules page.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SectionView {
    /// `overview`, `piece` or `rule`.
    pub kind: String,
    pub rules: Option<RuleSet>,
    pub title: String,
    pub text: String,
    /// The lesson to practise it.
    pub lesson: Option<String>,
    pub diagram: Option<RulesDiagram>,
}

/// `GET /api/rules/{variant}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesPage {
    pub variant: Variant,
    pub title: String,
    pub summary: String,
    pub choices: Vec<ChoiceView>,
    pub sections: Vec<SectionView>,
}

/// The variant's rules page. An error is a defect in the guide's tables.
pub fn rules_page(variant: Variant) -> Result<RulesPage, GuideError> {
    page_view(&page(variant)?)
}

fn option_ids(o: crate::setup::Options) -> Vec<String> {
    o.ids().into_iter().map(String::from).collect()
}

fn choice_view(c: &Choice) -> ChoiceView {
    ChoiceView {
        id: c.id.into(),
        kind: c.kind.id().into(),
        summary: c.summary.into(),
        text: c.text.into(),
    }
}

fn diagram_view(variant: Variant, d: &DiagramView) -> Result<RulesDiagram, GuideError> {
    let setup = Setup::new(variant, d.rules, d.options).map_err(GuideError::Setup)?;
    let game = AnyGame::new(&setup, Some(d.position)).map_err(|e| match e {
        NewGameError::Setup(e) => GuideError::Setup(e),
        NewGameError::Position(e) => GuideError::Position(e),
    })?;
    Ok(RulesDiagram {
        rules: d.rules,
        options: option_ids(d.options),
        position: d.position.into(),
        from: d.from.clone(),
        caption: d.caption.clone(),
        moves: d.marks.moves.clone(),
        captures: d.marks.captures.clone(),
        screen: game.screen(false),
    })
}

fn section_view(variant: Variant, s: &Section) -> Result<SectionView, GuideError> {
    Ok(SectionView {
        kind: s.kind.id().into(),
        rules: s.rules,
        title: s.title.into(),
        text: s.text.into(),
        lesson: s.lesson.map(String::from),
        diagram: s
            .diagram
            .as_ref()
            .map(|d| diagram_view(variant, d))
            .transpose()?,
    })
}

fn page_view(p: &Page) -> Result<RulesPage, GuideError> {
    Ok(RulesPage {
        variant: p.variant,
        title: p.variant.title().into(),
        summary: p.summary.into(),
        choices: p.choices.iter().map(choice_view).collect(),
        sections: p
            .sections
            .iter()
            .map(|s| section_view(p.variant, s))
            .collect::<Result<_, _>>()?,
    })
}
