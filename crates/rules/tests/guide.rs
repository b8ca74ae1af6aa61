//! The rules pages: every page builds, every diagram has marks computed by the rules,
//! every piece is explained, and the choices are the catalogue's.

use rules::guide::{self, marks, ChoiceKind, SectionKind};
use rules::{Options, PieceKind, RuleSet, Setup, Variant};
use std::collections::HashSet;

#[test]
fn every_page_builds_with_marked_diagrams() {
    for v in Variant::ALL {
        let page = guide::page(v).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert!(!page.summary.is_empty());
        assert!(
            page.sections.len() >= 8,
            "{v}: {} sections",
            page.sections.len()
        );
        let drawn = page
            .sections
            .iter()
            .filter_map(|s| s.diagram.as_ref())
            .count();
        assert!(drawn >= 7, "{v}: {drawn} diagrams");
        for s in &page.sections {
            assert!(
                !s.title.is_empty() && !s.text.is_empty(),
                "{v}: empty section"
            );
            if let Some(d) = &s.diagram {
                assert!(
                    !d.marks.moves.is_empty() || !d.marks.captures.is_empty(),
                    "{v}: {}",
                    s.title
                );
            }
        }
    }
}

#[test]
fn every_piece_has_a_section_in_every_variant() {
    for v in Variant::ALL {
        let page = guide::page(v).unwrap();
        let lessons: HashSet<&str> = page.sections.iter().filter_map(|s| s.lesson).collect();
        let kinds: HashSet<PieceKind> = lessons
            .iter()
            .filter_map(|id| rules::lessons::find(id))
            .filter_map(|l| l.piece())
            .collect();
        assert_eq!(kinds.len(), 6, "{v}: pieces {kinds:?}");
    }
}

#[test]
fn tri_d_sections_cover_every_rule_set() {
    let page = guide::page(Variant::Trid).unwrap();
    for r in RuleSet::ALL {
        assert!(
            page.sections
                .iter()
                .any(|s| s.kind == SectionKind::Piece && s.rules == Some(r)),
            "{r}"
        );
        assert!(page
            .choices
            .iter()
            .any(|c| c.id == r.id() && c.kind == ChoiceKind::RuleSet));
    }
}

#[test]
fn choices_are_real_rule_sets_and_options() {
    for v in Variant::ALL {
        for c in guide::choices(v) {
            match c.kind {
                ChoiceKind::RuleSet => {
                    assert!(Setup::from_ids(v.id(), Some(c.id), &[]).is_ok(), "{}", c.id)
                }
                ChoiceKind::Option => {
                    let applies = [None, Some("federation")]
                        .into_iter()
                        .any(|r| Setup::from_ids(v.id(), r, &[c.id]).is_ok());
                    assert!(applies, "{} on {v}", c.id);
                }
            }
            assert!(!c.summary.is_empty() && !c.text.is_empty());
        }
    }
    let ids: Vec<&str> = guide::choices(Variant::Quadlevel)
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, ["destroy-both-kings"]);
}

#[test]
fn marks_are_the_legal_moves_from_a_square() {
    let start = Setup::standard(Variant::Stacked);
    let m = marks(
        &start,
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w 0 1",
        "Bg1",
    )
    .unwrap();
    let mut moves = m.moves.clone();
    moves.sort();
    // The first-move rule: no Bf3 or Bh3, only squares on other boards.
    assert_eq!(moves, ["Me2", "Mf3", "Mh3", "Te2", "Tf3", "Th3"]);
    assert!(m.captures.is_empty());

    let ff = Setup::standard(Variant::Fourfold);
    let m = marks(
        &ff,
        "1p2/4/1R2/K3|4/4/4/4|4/4/1n2/4|3k/4/4/4 w 0 1",
        "b2@00",
    )
    .unwrap();
    // The pawn on b4@00 and the knight on b2@01 (one axis: W) can be taken.
    let mut captures = m.captures.clone();
    captures.sort();
    assert_eq!(captures, ["b2@01", "b4@00"]);
    assert!(m.moves.contains(&"b3@00".to_string()));
    assert!(
        !m.moves.contains(&"b2@11".to_string()),
        "two axes is not a rook move"
    );
}

#[test]
fn attack_board_marks_are_positions() {
    let fed = Setup::new(Variant::Trid, Some(RuleSet::Federation), Options::default()).unwrap();
    let m = marks(
        &fed,
        "Kc1(2),Pc2(2),pc7(6),kc8(6) WQL@b1(3):w,WKL@e1(3):w,BQL@b8(7):b,BKL@e8(7):b w - - 0 1",
        "WQL",
    )
    .unwrap();
    let mut moves = m.moves.clone();
    moves.sort();
    assert_eq!(moves, ["b1(1)", "b3(3)", "b3(5)"]);
}

#[test]
fn a_bad_position_is_an_error_naming_it() {
    let e = marks(&Setup::standard(Variant::Fourfold), "4/4", "a1@00").unwrap_err();
    assert!(e.to_string().contains("4/4"), "{e}");
}
