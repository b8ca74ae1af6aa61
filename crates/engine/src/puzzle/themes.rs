//! A puzzle's themes, told by the rules alone from its position and solution line
//! (docs/engine.md "Puzzle themes"). The rules have no notion of lines or rays that works
//! across every variant's geometry, so the tactical themes are read from what pieces can
//! capture: a passed turn (a null move) after a solver move lists what the solver then
//! attacks, and the solution line says whether the tactic paid off.

use super::{balance, PuzzleKind};
use rules::{Mover, PieceKind, Position};

/// What the rules tell about a puzzle's key (first) move, or its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends in mate in this many solver moves.
    MateIn(u32),
    /// A solver move of the line promotes.
    Promotion,
    /// The key move captures.
    Capture,
    /// The key move gives check.
    Check,
    /// The key move's piece lands on another board or level than it left.
    CrossBoard,
    /// The key move moves a Tri-D attack board.
    AttackBoardMove,
    /// The key move's piece attacks two or more pieces worth a knight or more (the king
    /// counts when the move gives check), and the solver's next move takes with it.
    Fork,
    /// The key move uncovers an attack by another solver piece on a piece worth a knight or
    /// more, and the solver's next move makes that capture.
    DiscoveredAttack,
    /// The key move attacks a piece (or checks the king); the reply moves it away, and the
    /// same attacker then takes a piece it could not reach before (the one behind).
    Skewer,
    /// The key move attacks a piece worth a knight or more that could move before and has
    /// no legal move after it (pinned, or with its flight squares taken), and the solver
    /// takes it next.
    Pin,
    /// The solver is two pawns or more behind the start at some point of the line.
    Sacrifice,
}

impl Theme {
    /// The theme's id: `mate-in-N`, `promotion`, `capture`, `check`, `cross-board`,
    /// `attack-board-move`, `fork`, `discovered-attack`, `skewer`, `pin` or `sacrifice`.
    pub fn id(self) -> String {
        match self {
            Theme::MateIn(n) => return format!("mate-in-{n}"),
            Theme::Promotion => "promotion",
            Theme::Capture => "capture",
            Theme::Check => "check",
            Theme::CrossBoard => "cross-board",
            Theme::AttackBoardMove => "attack-board-move",
            Theme::Fork => "fork",
            Theme::DiscoveredAttack => "discovered-attack",
            Theme::Skewer => "skewer",
            Theme::Pin => "pin",
            Theme::Sacrifice => "sacrifice",
        }
        .to_string()
    }
}

/// A capture the side to move could make: from, to, and what it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Capture {
    from: String,
    to: String,
    taken: PieceKind,
}

/// Pieces worth attacking for a tactic: a knight or more.
fn valuable(kind: PieceKind) -> bool {
    !matches!(kind, PieceKind::Pawn)
}

/// Every capture of a piece other than a king the side to move has (after a passed turn
/// the other king may stand in check, and a generator may then offer to take it: checks
/// are told apart from attacks on pieces).
fn captures<P: Position>(pos: &P) -> Vec<Capture> {
    pos.legal_moves()
        .into_iter()
        .filter_map(|m| {
            let taken = pos
                .move_facts(m)
                .captured
                .filter(|&k| k != PieceKind::King)?;
            let squares = pos.move_squares(m);
            Some(Capture {
                from: squares.from,
                to: squares.captured.unwrap_or(squares.to),
                taken,
            })
        })
        .collect()
}

/// What the side that just moved would attack if the other side passed.
fn attacks_after<P: Position>(pos: &P) -> Vec<Capture> {
    let mut passed = pos.clone();
    passed.play_null();
    captures(&passed)
}

/// The legal moves that start on `square`.
fn moves_from<P: Position>(pos: &P, square: &str) -> usize {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| pos.move_squares(m).from == square)
        .count()
}

/// The themes of a solution line from `root` (solver to move), sorted.
pub fn themes<P: Position>(root: &P, moves: &[P::Move], kind: PuzzleKind) -> Vec<Theme> {
    let mut out = Vec::new();
    if let PuzzleKind::Mate(n) = kind {
        out.push(Theme::MateIn(n));
    }
    let Some(&key) = moves.first() else {
        return out;
    };
    let solver = root.turn();
    let facts = root.move_facts(key);
    let key_squares = root.move_squares(key);
    // The positions along the line: [root, after move 1, after move 2, ...].
    let mut line = vec![root.clone()];
    for &m in moves {
        let mut next = line.last().expect("the line starts at the root").clone();
        next.play(m);
        line.push(next);
    }
    let after_key = &line[1];
    let gives_check = after_key.in_check();
    if facts.captured.is_some() {
        out.push(Theme::Capture);
    }
    if gives_check {
        out.push(Theme::Check);
    }
    let promotes = moves
        .iter()
        .enumerate()
        .step_by(2)
        .any(|(i, &m)| line[i].move_facts(m).promotion.is_some());
    if promotes {
        out.push(Theme::Promotion);
    }
    match facts.mover {
        Mover::Board => out.push(Theme::AttackBoardMove),
        Mover::Piece(_) if crosses_boards(root, key) => out.push(Theme::CrossBoard),
        Mover::Piece(_) => {}
    }
    let start = balance(root, solver);
    if moves
        .iter()
        .enumerate()
        .skip(1)
        .step_by(2)
        .any(|(i, _)| balance(&line[i + 1], solver) <= start - 2)
    {
        out.push(Theme::Sacrifice);
    }
    // The solver's second move and the reply before it, when the line has them.
    let reply = moves.get(1).map(|&m| line[1].move_squares(m));
    let next = moves.get(2).map(|&m| {
        let squares = line[2].move_squares(m);
        let taken = line[2].move_facts(m).captured;
        (squares, taken)
    });
    let next_capture = next.as_ref().and_then(|(s, taken)| {
        taken.map(|_| (s.from.clone(), s.captured.clone().unwrap_or(s.to.clone())))
    });
    if let Mover::Piece(_) = facts.mover {
        let after = attacks_after(after_key);
        let by_key: Vec<&Capture> = after.iter().filter(|c| c.from == key_squares.to).collect();
        let targets =
            by_key.iter().filter(|c| valuable(c.taken)).count() + usize::from(gives_check);
        let key_takes_next = next_capture
            .as_ref()
            .is_some_and(|(from, _)| *from == key_squares.to);
        if targets >= 2 && key_takes_next {
            out.push(Theme::Fork);
        }
        // Discovered: a new capture by another piece, made next.
        let before = captures(root);
        let discovered = next_capture.as_ref().is_some_and(|(from, to)| {
            *from != key_squares.to
                && after
                    .iter()
                    .any(|c| c.from == *from && c.to == *to && valuable(c.taken))
                && !before.iter().any(|c| c.from == *from && c.to == *to)
        });
        if discovered {
            out.push(Theme::DiscoveredAttack);
        }
        // Skewer: the attacked piece (or the checked king) steps away, and the same
        // attacker takes what stood behind it.
        let front: Vec<String> = by_key
            .iter()
            .map(|c| c.to.clone())
            .chain(if gives_check {
                after_key.checked_kings()
            } else {
                Vec::new()
            })
            .collect();
        let skewer = match (&reply, &next_capture) {
            (Some(r), Some((from, to))) => {
                *from == key_squares.to
                    && front.contains(&r.from)
                    && *to != r.to
                    && !by_key.iter().any(|c| c.to == *to)
            }
            _ => false,
        };
        if skewer {
            out.push(Theme::Skewer);
        }
        // Pin: an attacked piece that could move before the key move cannot after it, and
        // falls next (not in check: then every piece is bound by the check).
        if !gives_check {
            let mut before_passed = root.clone();
            before_passed.play_null();
            let pinned = by_key.iter().any(|c| {
                valuable(c.taken)
                    && next_capture.as_ref().is_some_and(|(_, to)| *to == c.to)
                    && moves_from(after_key, &c.to) == 0
                    && moves_from(&before_passed, &c.to) > 0
            });
            if pinned {
                out.push(Theme::Pin);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether a piece move lands on another board or level than it leaves, by the boards
/// of its squares as the rules draw them.
fn crosses_boards<P: Position>(pos: &P, m: P::Move) -> bool {
    let squares = pos.move_squares(m);
    let cells = pos.cells();
    let board = |name: &str| {
        cells
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.board.clone())
    };
    match (board(&squares.from), board(&squares.to)) {
        (Some(a), Some(b)) => a != b,
        _ => false,
    }
}
