//! Results decided outside the board by online games (an abort, a claim after the
//! opponent left) written to a record and read back.

use rules::any::{import_record, AnyGame};
use rules::record::RecordForm;
use rules::{Color, GameStatus, Outcome, Setup, Termination, Variant};

fn played(variant: Variant) -> AnyGame {
    let mut g = AnyGame::new(&Setup::standard(variant), None).unwrap();
    for _ in 0..2 {
        let t = g.legal_tokens()[0].clone();
        g.play_token(&t).unwrap();
    }
    g
}

#[test]
fn a_claimed_win_or_draw_reads_back_as_abandoned() {
    for winner in [Some(Color::Black), None] {
        let mut g = played(Variant::Stacked);
        g.claim_abandoned(winner).unwrap();
        let text = g.export(&[], &[]);
        assert!(text.contains("[Termination \"abandoned\"]"), "{text}");
        let (back, _) = import_record(&text).unwrap();
        assert_eq!(
            back.status(),
            GameStatus::Over(Outcome {
                winner,
                termination: Termination::Abandoned
            }),
            "{text}"
        );
    }
}

#[test]
fn an_aborted_game_has_no_result_and_reads_back_as_going_on() {
    for (variant, form) in [
        (Variant::Stacked, RecordForm::Own),
        (Variant::Fourfold, RecordForm::Public),
    ] {
        let mut g = played(variant);
        g.abort().unwrap();
        let text = form.write(&g.export(&[], &[])).unwrap();
        assert!(text.contains("[Result \"*\"]"), "{text}");
        let (back, _) = import_record(&text).unwrap();
        assert_eq!(back.status(), GameStatus::InProgress, "{text}");
        assert_eq!(back.ply(), 2);
    }
}
