//! The evaluation is the weighted sum of its terms with the committed weights, in every
//! variant; the committed files parse and hold today's hand-set values.

use engine::eval::evaluate;
use engine::eval::weights::Weighted;
use rules::fourfold::FourfoldPosition;
use rules::quadlevel::QuadlevelPosition;
use rules::stacked::StackedPosition;
use rules::trid::TridPosition;
use rules::{Position, Setup, Variant};

/// Positions after seeded random playouts of 0 to 40 plies.
fn positions<P: Position>(setup: &Setup) -> Vec<P> {
    let mut out = Vec::new();
    for seed in 0..12u64 {
        let mut p = P::start(setup).expect("start");
        let mut state = seed;
        for _ in 0..(seed * 4) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let (s, r) = rules::zobrist::splitmix64(state);
            state = s;
            p.play(moves[(r % moves.len() as u64) as usize]);
        }
        out.push(p);
    }
    out
}

/// The committed weights begin with the material and end with the tempo given, and the
/// evaluation is their sum over the term counts.
fn check<P: Weighted + engine::eval::Evaluate>(setup: &Setup, material: [i32; 5], tempo: i32) {
    let committed = P::committed_for(setup.rules());
    assert!(committed.serves(setup), "{setup}: {}", committed.id());
    let w = committed.default_weights();
    assert_eq!(&w.values[..5], &material, "{setup}");
    assert_eq!(*w.values.last().unwrap(), tempo, "{setup}");
    let mut varied = false;
    for p in positions::<P>(setup) {
        assert_eq!(p.committed_weights().id(), committed.id(), "{setup}");
        let f = p.features();
        let sum: i32 = f.0.iter().zip(&w.values).map(|(c, v)| c * v).sum();
        assert_eq!(evaluate(&p), sum, "{setup}: {}", p.position_string());
        varied |= f.0[5..f.0.len() - 1].iter().any(|&c| c != 0);
    }
    assert!(varied, "{setup}: the positional terms never counted");
}

#[test]
fn evaluation_is_the_weighted_sum_of_the_terms() {
    check::<StackedPosition>(
        &Setup::standard(Variant::Stacked),
        // Tuned (weights/stacked.txt says how).
        [96, 243, 339, 509, 1285],
        -16,
    );
    // Tuned (their files say how; stepwise's material only, its tempo hand-set).
    for (rules, material, tempo) in [
        ("federation", [102, 291, 396, 490, 694], -2),
        ("meder", [107, 314, 323, 512, 753], -4),
        ("stepwise", [107, 304, 381, 552, 810], engine::eval::TEMPO),
    ] {
        check::<TridPosition>(
            &Setup::from_ids("trid", Some(rules), &[]).unwrap(),
            material,
            tempo,
        );
    }
    check::<QuadlevelPosition>(
        &Setup::standard(Variant::Quadlevel),
        [100, 330, 320, 480, 920],
        engine::eval::TEMPO,
    );
    check::<FourfoldPosition>(
        &Setup::standard(Variant::Fourfold),
        // Tuned (weights/fourfold.txt says how).
        [316, 183, 334, 381, 1215],
        120,
    );
}

#[test]
fn other_weights_cannot_replace_those_in_use() {
    let start = FourfoldPosition::start(&Setup::standard(Variant::Fourfold)).unwrap();
    let _ = evaluate(&start);
    let committed = FourfoldPosition::committed();
    let mut other = committed.default_weights();
    assert_eq!(
        committed.install(other.clone()),
        Ok(()),
        "the same weights are fine"
    );
    other.values[0] += 1;
    let e = committed.install(other).unwrap_err();
    assert!(e.contains("already in use"), "{e}");
}

/// Every setup is scored with weights that serve it; each Tri-D rule set has its own.
#[test]
fn every_setup_has_its_own_weights() {
    use engine::eval::weights::committed_for;
    let setups = [
        ("stacked", None, "stacked"),
        ("trid", None, "trid/federation"),
        ("trid", Some("federation"), "trid/federation"),
        ("trid", Some("meder"), "trid/meder"),
        ("trid", Some("stepwise"), "trid/stepwise"),
        ("quadlevel", None, "quadlevel"),
        ("fourfold", None, "fourfold"),
    ];
    for (variant, rules, id) in setups {
        let setup = Setup::from_ids(variant, rules, &[]).unwrap();
        let committed = committed_for(&setup);
        assert_eq!(committed.id(), id, "{setup}");
        assert!(committed.serves(&setup), "{setup}");
        assert_eq!(committed.default_weights().variant, id, "{setup}");
    }
    let meder = Setup::from_ids("trid", Some("meder"), &[]).unwrap();
    let stepwise = Setup::from_ids("trid", Some("stepwise"), &[]).unwrap();
    assert!(!committed_for(&meder).serves(&stepwise));
    assert!(!committed_for(&stepwise).serves(&Setup::standard(Variant::Stacked)));
}
