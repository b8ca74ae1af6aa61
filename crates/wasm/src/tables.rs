//! Games played in this browser: each is a game table (`table::Table`, the rules of a
//! game in progress the server obeys too), kept by the module between requests. The
//! browser host sends the table's commands and performs the duties each answer names
//! (keep the game, start the computer or the Oracle, wake at a deadline); it decides
//! nothing itself. The time is the host's (`now_ms`, its wall clock), passed in.

use crate::error::{quoted, Error};
use crate::protocol::level_of;
use crate::table_protocol::{
    DutyView, SearchClock, StoredClock, StoredEval, StoredGame, TableCommand,
};
use engine::api::Level;
use rules::any::{self, AnyGame};
use rules::{dispatch, Color};
use serde_json::Value;
use table::ErrorCode;
use table::{
    Actor, Change, Command, Duty, Eval, EvalSource, GameView, HostFacts, Mode, NewGameBody,
    NewTable, OnlineTimes, PastMove, Refusal, Restored, Seats, Table, TimeControl, Timer, Write,
};

/// The one player of this browser: it holds every seat a person plays.
const PLAYER: &str = "browser";

/// The Oracle's budget per turn (the server's default).
pub const ORACLE_BUDGET_MS: u64 = 6_000;

/// One open browser game.
pub struct Hosted {
    id: String,
    table: Table,
    /// Both clocks after each move, kept from the table's writes as a store keeps them.
    marks: Vec<Option<[i64; 2]>>,
    /// When the game was last kept.
    updated: f64,
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Error {
        Error::new(r.code, r.message)
    }
}

fn bad(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::BadRequest, message)
}

fn online_needs_the_server() -> Error {
    bad("Online play needs the spacechess server: choose \"On the server\" or another opponent.")
}

fn correspondence_needs_the_server() -> Error {
    bad("field \"time_control.days_per_move\": correspondence (days per move) is for online games on the spacechess server; give \"minutes\" for a game in this browser.")
}

fn mode_of(id: &str) -> Result<Mode, Error> {
    match Mode::from_id(id) {
        Some(Mode::Online) => Err(online_needs_the_server()),
        Some(m) => Ok(m),
        None => Err(bad(format!(
            "field \"mode\" must be \"computer\", \"local\" or \"online\", not {}",
            quoted(id)
        ))),
    }
}

fn level_value(level: Level) -> Value {
    match level {
        Level::Depth(d) => Value::from(d),
        Level::Max => Value::from(rules::catalogue::LEVEL_MAX_ID),
    }
}

fn eval_of(e: &StoredEval) -> Eval {
    Eval {
        pawns: e.eval,
        source: e.source.as_deref().and_then(EvalSource::from_id),
        depth: e.depth,
    }
}

fn stored_eval(e: &Eval) -> StoredEval {
    StoredEval {
        eval: e.pawns,
        source: e.source.map(|s| s.id().to_string()),
        depth: e.depth,
    }
}

/// A table for `game`'s moves, with `declared` (a result decided outside the board).
#[allow(clippy::too_many_arguments)]
fn table_of(
    game: &AnyGame,
    declared: Option<rules::Outcome>,
    mode: Mode,
    human: Color,
    level: Level,
    time_control: Option<TimeControl>,
    moves: &[PastMove],
    now_ms: i64,
) -> Result<Table, Error> {
    let new = NewTable {
        setup: game.setup(),
        position: Some(game.start_position_string()),
        mode,
        human,
        level,
        time_control,
        rated: false,
        seats: Seats::new(mode, PLAYER, human),
        invite: None,
        online: OnlineTimes::default(),
    };
    Ok(Table::new(new, moves, now_ms)?.restore(Restored {
        declared,
        ..Restored::default()
    }))
}

impl Hosted {
    /// A new game, as the table's rules for a new game check it (a set-up's start or
    /// position, or a record from any of its half-moves: the record's declared result
    /// stays behind, its evaluations come along). Online play needs the server.
    pub fn create(id: String, body: NewGameBody, now_ms: i64) -> Result<(Hosted, Change), Error> {
        let game = body.check()?;
        if game.mode == Mode::Online {
            return Err(online_needs_the_server());
        }
        if game.time_control.is_some_and(|tc| tc.per_move) {
            return Err(correspondence_needs_the_server());
        }
        let new = NewTable {
            setup: game.setup,
            position: game.position,
            mode: game.mode,
            human: game.human,
            level: game.level,
            time_control: game.time_control,
            rated: false,
            seats: Seats::new(game.mode, PLAYER, game.human),
            invite: None,
            online: OnlineTimes::default(),
        };
        let mut table = Table::new(new, &game.moves, now_ms)?;
        let change = table.start(now_ms);
        Ok((
            Hosted {
                id,
                table,
                marks: vec![None; game.moves.len()],
                updated: now_ms as f64,
            },
            change,
        ))
    }

    /// A game kept by this browser, as it was left.
    pub fn open(stored: StoredGame, now_ms: i64) -> Result<(Hosted, Change), Error> {
        let mode = mode_of(&stored.mode)?;
        let level = level_of(Some(&stored.level))?;
        let (game, _) = any::import_record(&stored.record)?;
        let evals = stored.evals.unwrap_or_default();
        let time_control = stored
            .clock
            .as_ref()
            .map(|c| TimeControl::live(c.initial_ms, c.increment_ms));
        let after = stored.clock.map(|c| c.after).unwrap_or_default();
        let moves: Vec<PastMove> = game
            .played()
            .iter()
            .enumerate()
            .map(|(i, m)| PastMove {
                token: m.token.clone(),
                eval: evals.get(i).and_then(Option::as_ref).map(eval_of),
                clocks: after.get(i).copied(),
            })
            .collect();
        let declared = dispatch!(&game, g => g.declared());
        let human = stored.human.into();
        let mut table = table_of(
            &game,
            declared,
            mode,
            human,
            level,
            time_control,
            &moves,
            now_ms,
        )?;
        let change = table.start(now_ms);
        Ok((
            Hosted {
                id: stored.id,
                table,
                marks: moves.iter().map(|m| m.clocks).collect(),
                updated: stored.updated,
            },
            change,
        ))
    }

    /// Obeys a command. A draw offer against the computer is judged here by the engine
    /// (a short search), as the server judges it.
    pub fn command(&mut self, command: TableCommand, now_ms: i64) -> Result<Answered, Error> {
        let (command, actor) = match command {
            TableCommand::Move { token, ply } => {
                (Command::Move { text: token, ply }, Actor::Player(PLAYER))
            }
            TableCommand::TakeBack => (Command::TakeBack, Actor::Player(PLAYER)),
            TableCommand::OfferDraw => {
                let computer_accepts = self
                    .table
                    .draw_verdict_needed(PLAYER)?
                    .map(|side| engine::api::accepts_draw(self.table.game(), side));
                (
                    Command::OfferDraw { computer_accepts },
                    Actor::Player(PLAYER),
                )
            }
            TableCommand::Resign { side } => (
                Command::Resign {
                    side: side.map(Color::from),
                },
                Actor::Player(PLAYER),
            ),
            TableCommand::OracleOn => (
                Command::OracleOn {
                    budget_ms: ORACLE_BUDGET_MS,
                },
                Actor::Player(PLAYER),
            ),
            TableCommand::OracleOff => (Command::OracleOff, Actor::Player(PLAYER)),
            TableCommand::ComputerMove {
                ply,
                token,
                score,
                depth,
            } => (
                Command::ComputerMove {
                    ply,
                    token,
                    score: score.into(),
                    depth,
                },
                Actor::Host,
            ),
            TableCommand::Evaluation { ply, line, pawns } => {
                (Command::Evaluation { ply, line, pawns }, Actor::Host)
            }
            TableCommand::Wake => (Command::Wake(Timer::Flag), Actor::Host),
        };
        let answered = match self.table.apply(command, actor, now_ms) {
            Ok(change) => Answered {
                change,
                refused: None,
            },
            Err(Refusal {
                code,
                message,
                change: Some(change),
            }) => Answered {
                change: *change,
                refused: Some(Error::new(code, message)),
            },
            Err(r) => return Err(r.into()),
        };
        self.keep_marks(&answered.change);
        Ok(answered)
    }

    /// The clocks after each move, as the change's writes leave them.
    fn keep_marks(&mut self, change: &Change) {
        for w in &change.writes {
            match w {
                Write::Move { ply, clocks, .. } => {
                    self.marks.truncate(*ply);
                    self.marks.resize(*ply, None);
                    self.marks.push(*clocks);
                }
                Write::Truncate { keep } => self.marks.truncate(*keep),
                _ => {}
            }
        }
    }

    /// The game as the server's GameView shows it now.
    pub fn view(&self, now_ms: i64) -> GameView {
        let facts = HostFacts {
            // The browser starts the computer's search at once whenever it is to move.
            computer_thinking: self.table.computer_to_move(),
            watchers: 0,
        };
        let personal = self.table.personal(PLAYER, |_| String::new());
        self.table
            .view(&self.id, 0, now_ms, facts)
            .for_player(personal)
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The game's record as the store keeps it (set-up, moves, a declared result).
    fn plain_record(&self) -> String {
        self.table.game().export(&[], &[])
    }

    /// The record of the game's first `ply` moves (for an engine's work on it).
    fn record_at(&self, ply: usize) -> String {
        table::game_at(self.table.game(), ply)
            .map(|g| g.export(&[], &[]))
            .unwrap_or_else(|| self.plain_record())
    }

    /// What the store keeps of the game now.
    pub fn stored(&mut self, now_ms: i64) -> StoredGame {
        self.updated = now_ms as f64;
        let t = &self.table;
        StoredGame {
            id: self.id.clone(),
            mode: t.mode().id().to_string(),
            human: t.human().into(),
            level: level_value(t.level()),
            evals: Some(
                t.evals()
                    .iter()
                    .map(|e| e.as_ref().map(stored_eval))
                    .collect(),
            ),
            clock: t.time_control().map(|tc| StoredClock {
                initial_ms: tc.initial_ms,
                increment_ms: tc.increment_ms,
                after: self
                    .marks
                    .iter()
                    .map(|m| m.unwrap_or([tc.initial_ms; 2]))
                    .collect(),
            }),
            record: self.plain_record(),
            updated: self.updated,
        }
    }

    /// A change's duties as the browser performs them.
    pub fn duties(&self, change: &Change, now_ms: i64) -> Vec<DutyView> {
        let t = &self.table;
        change
            .duties
            .iter()
            .filter_map(|d| match d {
                Duty::StopEngines => Some(DutyView::StopEngines),
                Duty::StopOracle => Some(DutyView::StopOracle),
                Duty::Search => Some(DutyView::Search {
                    ply: t.ply(),
                    record: self.plain_record(),
                    level: level_value(t.level()),
                    clock: t
                        .search_clock(now_ms)
                        .map(|(left_ms, increment_ms)| SearchClock {
                            left_ms,
                            increment_ms,
                        }),
                }),
                Duty::Oracle { budget_ms } => Some(DutyView::Oracle {
                    record: self.plain_record(),
                    budget_ms: *budget_ms,
                    level: level_value(t.level()),
                }),
                Duty::Evaluate { ply, line } => Some(DutyView::Evaluate {
                    ply: *ply,
                    line: line.clone(),
                    record: self.record_at(ply + 1),
                }),
                // Only the flag falls in this browser (no online game runs here).
                Duty::Wake {
                    timer: Timer::Flag,
                    at_ms,
                } => Some(DutyView::Wake { at_ms: *at_ms }),
                Duty::Wake { .. } | Duty::CreateRematch(_) => None,
            })
            .collect()
    }
}

/// A command's change, and its refusal when it was refused all the same.
pub struct Answered {
    pub change: Change,
    pub refused: Option<Error>,
}
