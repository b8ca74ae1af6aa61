//! Tri-D: material, attack-board control (owning a board — it changes hands in the
//! federation rules — and standing on one: the boards are the mobile high ground), pawn
//! advance and central files. Room to move, attack-board moves included, is the common
//! mobility term. Each rule set has weights of its own (`weights/trid-<rules>.txt`): the
//! same terms are worth different amounts where pieces climb a level a step at a time.

use super::weights::{self, material_terms, Committed, Terms, Weighted, MATERIAL};
use super::{Evaluate, PieceValues};
use crate::score::Value;
use rules::trid::geometry::{sq_x, sq_y};
use rules::trid::TridPosition;
use rules::{Color, PieceKind, Position, RuleSet, Variant};

/// The terms: material; attack boards owned; pieces (not pawn or king) standing on an
/// attack board; ranks of pawn advance; knights and bishops on files b–e; tempo.
pub const TERMS: &[&str] = &[
    MATERIAL[0],
    MATERIAL[1],
    MATERIAL[2],
    MATERIAL[3],
    MATERIAL[4],
    "board_owned",
    "on_attack_board",
    "pawn_advance",
    "central",
    "tempo",
];
const BOARD_OWNED: usize = 5;
const ON_ATTACK_BOARD: usize = 6;
const PAWN_ADVANCE: usize = 7;
const CENTRAL: usize = 8;
const TEMPO: usize = 9;

static FEDERATION: Committed = Committed::new(
    Variant::Trid,
    Some(RuleSet::Federation),
    "trid/federation",
    TERMS,
    include_str!("weights/trid-federation.txt"),
);
static MEDER: Committed = Committed::new(
    Variant::Trid,
    Some(RuleSet::Meder),
    "trid/meder",
    TERMS,
    include_str!("weights/trid-meder.txt"),
);
static STEPWISE: Committed = Committed::new(
    Variant::Trid,
    Some(RuleSet::Stepwise),
    "trid/stepwise",
    TERMS,
    include_str!("weights/trid-stepwise.txt"),
);

impl Weighted for TridPosition {
    fn committed_for(rules: RuleSet) -> &'static Committed {
        match rules {
            RuleSet::Federation => &FEDERATION,
            RuleSet::Meder => &MEDER,
            RuleSet::Stepwise => &STEPWISE,
        }
    }
    fn committed_weights(&self) -> &'static Committed {
        Self::committed_for(self.rules())
    }
    fn terms<T: Terms>(&self, t: &mut T) {
        // Per side: boards owned, pieces on attack boards, pawn advance, central minors.
        let mut side = [[0 as Value; 4]; 2];
        for b in 0..4 {
            side[self.board_owner(b).index()][0] += 1;
        }
        for (s, p) in self.pieces() {
            let c = p.color.index();
            match p.kind {
                PieceKind::Pawn => {
                    let y = Value::from(sq_y(s));
                    // White's pawns start on ranks 1–2, Black's on 7–8 (of 0–9).
                    let advanced = if p.color == Color::White {
                        y - 2
                    } else {
                        7 - y
                    };
                    side[c][2] += advanced.max(0);
                }
                PieceKind::King => {}
                kind => {
                    if self.attack_board_at(s).is_some() {
                        side[c][1] += 1;
                    }
                    if matches!(kind, PieceKind::Knight | PieceKind::Bishop)
                        && (1..=4).contains(&sq_x(s))
                    {
                        side[c][3] += 1;
                    }
                }
            }
        }
        let us = self.turn().index();
        let (a, b) = (side[us], side[1 - us]);
        material_terms(self, t);
        t.add(BOARD_OWNED, a[0] - b[0]);
        t.add(ON_ATTACK_BOARD, a[1] - b[1]);
        t.add(PAWN_ADVANCE, a[2] - b[2]);
        t.add(CENTRAL, a[3] - b[3]);
        t.add(TEMPO, 1);
    }
}

impl Evaluate for TridPosition {
    fn evaluate(&self) -> Value {
        self.weighted_score()
    }
    fn piece_values(&self) -> PieceValues {
        weights::piece_values(self.committed_weights().get())
    }
}
