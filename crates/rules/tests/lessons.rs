//! Every lesson is sound: its setup and position are valid, its solution plays and meets
//! its goal, the goal can also be missed, and each variant has the lessons it promises.

use rules::lessons::{self, check_attempt, Goal, Lesson, LessonKind, Verdict};
use rules::{with_position_type, Mover, PieceKind, Position, RuleSet, Variant};
use std::collections::HashSet;

fn is_mate<P: Position>(p: &P) -> bool {
    p.in_check() && p.count_legal() == 0
}

fn mates_in_one<P: Position>(p: &P) -> bool {
    p.legal_moves().into_iter().any(|m| {
        let mut q = p.clone();
        q.play(m);
        is_mate(&q)
    })
}

/// Checks one lesson's position, solution and goal; returns what is wrong.
fn audit<P: Position>(l: &Lesson) -> Result<(), String> {
    let setup = l.setup().map_err(|e| e.to_string())?;
    let pos = P::from_position_string(&setup, l.position).map_err(|e| e.to_string())?;
    if pos.position_string() != l.position {
        return Err(format!("not canonical; write {}", pos.position_string()));
    }
    let first = pos
        .parse_move_token(l.solution.first().ok_or("no solution")?)
        .map_err(|e| e.to_string())?;
    if let Some(mover) = l.mover {
        let moved = pos.move_facts(first).mover;
        if moved != mover {
            return Err(format!("the solution moves {moved:?}, not {mover:?}"));
        }
    }
    if l.kind == LessonKind::Piece && l.piece().is_none() {
        return Err("a piece lesson must name its piece".into());
    }
    let want = 2 * l.goal.player_moves() - 1;
    if l.solution.len() != want {
        return Err(format!(
            "solution has {} moves, expected {want}",
            l.solution.len()
        ));
    }
    // Each prefix ending on a player's move: Continue (with the scripted reply), then Solved.
    for n in (1..=l.solution.len()).step_by(2) {
        let verdict = check_attempt(l, &l.solution[..n]).map_err(|e| e.to_string())?;
        let expected = if n == l.solution.len() {
            Verdict::Solved
        } else {
            Verdict::Continue {
                reply: l.solution[n].to_string(),
            }
        };
        if verdict != expected {
            return Err(format!(
                "after {n} moves: {verdict:?}, expected {expected:?}"
            ));
        }
    }
    match l.goal {
        Goal::EscapeCheck if !pos.in_check() => return Err("escape-check but no check".into()),
        Goal::Mate(2) if mates_in_one(&pos) => {
            return Err("a mate in two that is also a mate in one".into())
        }
        Goal::Mate(1) | Goal::Mate(2) => {}
        Goal::Mate(n) => return Err(format!("mate in {n}: the lab has mates in one or two")),
        _ => {}
    }
    if pos.in_check() && l.goal != Goal::EscapeCheck {
        return Err("the player starts in check but the goal is not escape-check".into());
    }
    // The goal must be missable: some legal move of the right mover fails it.
    if l.goal != Goal::EscapeCheck {
        let missable = pos.legal_moves().into_iter().any(|m| {
            let token = pos.move_token(m);
            let right_mover = l.mover.is_none_or(|w| pos.move_facts(m).mover == w);
            right_mover
                && matches!(
                    check_attempt(l, &[token.as_str()]),
                    Ok(Verdict::Missed { .. })
                )
        });
        if !missable {
            return Err("every move meets the goal".into());
        }
    }
    if l.title.is_empty() || l.text.is_empty() || l.hint.is_empty() || l.success.is_empty() {
        return Err("a title, text, hint or success message is empty".into());
    }
    Ok(())
}

fn audit_any(l: &Lesson) -> Result<(), String> {
    with_position_type!(l.variant, P => audit::<P>(l))
}

#[test]
fn every_lesson_is_sound() {
    let mut failures = Vec::new();
    for l in lessons::all() {
        if let Err(e) = audit_any(l) {
            failures.push(format!("{}: {e}", l.id));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ids_are_unique_and_url_safe() {
    let mut seen = HashSet::new();
    for l in lessons::all() {
        assert!(seen.insert(l.id), "duplicate id {}", l.id);
        assert!(
            !l.id.is_empty()
                && l.id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "id {:?}",
            l.id
        );
        assert_eq!(lessons::find(l.id), Some(l));
    }
    assert_eq!(lessons::find("no-such-lesson"), None);
}

/// The (variant, rule set) pairs that have their own lessons: every variant, and every
/// Tri-D rule set (their lines and pawns move differently).
fn courses() -> Vec<(Variant, Option<RuleSet>)> {
    let mut v = vec![
        (Variant::Stacked, None),
        (Variant::Quadlevel, None),
        (Variant::Fourfold, None),
    ];
    v.extend(RuleSet::ALL.map(|r| (Variant::Trid, Some(r))));
    v
}

#[test]
fn every_variant_has_piece_rule_and_mate_lessons() {
    for (variant, rules) in courses() {
        let of = |kind: LessonKind| -> Vec<&Lesson> {
            lessons::all()
                .filter(|l| l.variant == variant && l.rules == rules && l.kind == kind)
                .collect()
        };
        let pieces: HashSet<PieceKind> = of(LessonKind::Piece)
            .iter()
            .filter_map(|l| l.piece())
            .collect();
        // Tri-D's knights and kings move alike in every rule set: taught once, in federation.
        let needed: Vec<PieceKind> = match rules {
            Some(RuleSet::Meder) | Some(RuleSet::Stepwise) => {
                vec![
                    PieceKind::Pawn,
                    PieceKind::Bishop,
                    PieceKind::Rook,
                    PieceKind::Queen,
                ]
            }
            _ => PieceKind::ALL.to_vec(),
        };
        for k in needed {
            assert!(pieces.contains(&k), "{variant} {rules:?}: no {k:?} lesson");
        }
        assert!(
            !of(LessonKind::Rule).is_empty(),
            "{variant} {rules:?}: no rule lesson"
        );
        assert!(
            of(LessonKind::Mate).len() >= 5,
            "{variant} {rules:?}: fewer than 5 mates"
        );
    }
}

/// The special rules the issue names each have a lesson.
#[test]
fn special_rules_are_taught() {
    let has = |id: &str| lessons::find(id).is_some_and(|l| l.kind == LessonKind::Rule);
    for id in [
        "stacked-first-move",
        "stacked-same-board-captures",
        "trid-federation-attack-board",
        "trid-federation-ownership",
        "trid-meder-attack-board",
        "trid-stepwise-attack-board",
        "quadlevel-two-kings",
        "quadlevel-destroy-both-kings",
        "fourfold-axes",
    ] {
        assert!(has(id), "no rule lesson {id}");
    }
    assert!(lessons::all().any(|l| l.mover == Some(Mover::Board)));
}

fn lesson(id: &str) -> &'static Lesson {
    lessons::find(id).unwrap_or_else(|| panic!("no lesson {id}"))
}

#[test]
fn a_move_of_the_wrong_piece_misses_with_a_reason() {
    // The bishop lesson, answered with a king move.
    let v = check_attempt(lesson("fourfold-bishop"), &["a1@00a2@00"]).unwrap();
    match v {
        Verdict::Missed { reason } => assert!(
            reason.contains("king") && reason.contains("bishop"),
            "{reason}"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wrong_square_misses_and_names_both_squares() {
    let v = check_attempt(lesson("fourfold-knight"), &["b1@00c3@00"]).unwrap();
    assert_eq!(
        v,
        Verdict::Missed {
            reason: "That move goes to c3@00, not to b3@10.".into()
        }
    );
}

#[test]
fn illegal_or_miscounted_moves_are_errors_naming_the_input() {
    let l = lesson("fourfold-rook");
    let e = check_attempt(l, &["b2@00b2@11"]).unwrap_err();
    assert!(e.to_string().contains("b2@00b2@11"), "{e}");
    let e = check_attempt(l, &[]).unwrap_err();
    assert!(e.to_string().contains("0 moves"), "{e}");
    let e = check_attempt(l, &["b2@00b2@01", "d4@11d3@11", "a1@00a2@00"]).unwrap_err();
    assert!(e.to_string().contains("3 moves"), "{e}");
}

#[test]
fn a_mate_in_two_start_that_lets_the_king_out_is_refuted() {
    let l = lesson("fourfold-mate-4");
    // A quiet king move: Black is not forced into mate.
    let v = check_attempt(l, &["d1@01c1@01"]).unwrap();
    match v {
        Verdict::Missed { reason } => assert!(reason.contains("answers"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_check_that_is_not_mate_names_the_escape() {
    let l = lesson("fourfold-mate-1");
    let pos =
        rules::fourfold::FourfoldPosition::from_position_string(&l.setup().unwrap(), l.position)
            .unwrap();
    let checks: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut q = pos.clone();
            q.play(m);
            q.in_check() && q.count_legal() > 0
        })
        .map(|m| pos.move_token(m))
        .collect();
    let first = checks.first().expect("some check that is not mate");
    match check_attempt(l, &[first.as_str()]).unwrap() {
        Verdict::Missed { reason } => {
            assert!(reason.starts_with("Check, but not mate"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}
