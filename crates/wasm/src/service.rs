//! The service behind the module's one entry point: it reads a request, answers it and
//! keeps the open games between requests. Progress of long requests (search, Oracle,
//! bench) goes to a reporter as JSON text while they run.

use crate::error::{quoted, Error};
use crate::protocol::{
    level_of, Answer, BenchEntryView, BenchView, DivideEntry, EvaluationView, FromRecordView,
    PerftView, Progress, RecordView, Request, SearchLimits, SetupSpec,
};
use crate::puzzle_ops;
use crate::session::Session;
use crate::table_protocol::TableAnswer;
use crate::tables::{Answered, Hosted};
use crate::teach;
use engine::clock::Instant;
use rules::perft::{divide, perft};
use rules::record::RecordForm;
use rules::{with_position_type, Position, Setup};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use table::ErrorCode;

/// Receives progress messages (one JSON object each).
pub type Reporter = Arc<dyn Fn(&str) + Send + Sync>;

/// At most this many games are open at once (each holds its positions).
pub const MAX_GAMES: usize = 64;
/// Perft and bench depths above these would keep a worker busy for hours.
pub const MAX_PERFT_DEPTH: u32 = 10;
pub const MAX_BENCH_DEPTH: u32 = 12;
/// Search bounds accepted from a request.
pub const MAX_SEARCH_DEPTH: u32 = 64;
pub const MAX_HASH_MB: usize = 1024;
pub const MAX_ORACLE_MS: u64 = 600_000;
/// Lines an analysis shows unless asked otherwise (as the server's boards).
pub const DEFAULT_LINES: usize = 3;

pub struct Service {
    games: BTreeMap<u32, Session>,
    /// Browser games (game tables), in the same handle space.
    tables: BTreeMap<u32, Hosted>,
    next_id: u32,
    report: Reporter,
}

impl Service {
    pub fn new(report: Reporter) -> Service {
        Service {
            games: BTreeMap::new(),
            tables: BTreeMap::new(),
            next_id: 1,
            report,
        }
    }

    /// Answers one request (JSON bytes) with JSON bytes. Never panics on bad input.
    pub fn answer(&mut self, request: &[u8]) -> Vec<u8> {
        let answer = match parse(request).and_then(|r| self.call(r)) {
            Ok(v) => Answer::<Value>::Ok(v),
            Err(e) => Answer::Error(e),
        };
        serde_json::to_vec(&answer).unwrap_or_else(|e| {
            format!(r#"{{"error":{{"code":"bad_request","message":"unencodable answer: {e}"}}}}"#)
                .into_bytes()
        })
    }

    fn call(&mut self, request: Request) -> Result<Value, Error> {
        match request {
            Request::Catalogue => to_value(&rules::catalogue::catalogue()),
            Request::NewGame { setup, position } => {
                let s = Session::new_game(&setup_of(&setup)?, position.as_deref())?;
                self.open(s)
            }
            Request::ImportRecord { record } => self.open(Session::import_record(&record)?),
            Request::NewFromRecord { record, record_ply } => {
                let made = Session::from_record(&record, record_ply)?;
                let id = self.open_session(made.session)?;
                to_value(&FromRecordView {
                    state: self.game(id)?.state(id),
                    record_evals: made.evals,
                })
            }
            Request::Position { game, ply } => to_value(&self.game(game)?.position(ply)?),
            Request::State { game } => to_value(&self.game(game)?.state(game)),
            Request::Play { game, text } => {
                let g = self.game_mut(game)?;
                g.play(&text)?;
                to_value(&g.state(game))
            }
            Request::Undo { game } => {
                let g = self.game_mut(game)?;
                g.undo()?;
                to_value(&g.state(game))
            }
            Request::ExportRecord { game } => to_value(&RecordView {
                record: self.game(game)?.export(),
            }),
            Request::Close { game } => match self.games.remove(&game) {
                Some(_) => Ok(Value::Null),
                None => Err(no_such_game(game)),
            },
            Request::Perft {
                setup,
                position,
                depth,
                divide,
            } => {
                within("depth", u64::from(depth), 0, u64::from(MAX_PERFT_DEPTH))?;
                to_value(&run_perft(
                    &setup_of(&setup)?,
                    position.as_deref(),
                    depth,
                    divide.unwrap_or(false),
                )?)
            }
            Request::Bench { depth } => {
                within("depth", u64::from(depth), 1, u64::from(MAX_BENCH_DEPTH))?;
                to_value(&self.bench(depth))
            }
            Request::Search { game, limits } => {
                let limits = limits.unwrap_or_default();
                check_limits(&limits)?;
                let report = self.report.clone();
                let result = self.game(game)?.search(
                    &limits,
                    Box::new(move |p| send(&report, &Progress::Search(p))),
                );
                to_value(&result)
            }
            Request::Analyse {
                game,
                lines,
                limits,
            } => {
                let lines = lines.unwrap_or(DEFAULT_LINES);
                within(
                    "lines",
                    lines as u64,
                    1,
                    engine::api::MAX_ANALYSIS_LINES as u64,
                )?;
                let limits = limits.unwrap_or_default();
                check_limits(&limits)?;
                let report = self.report.clone();
                let result = self.game(game)?.analyse(
                    lines,
                    &limits,
                    Box::new(move |l| send(&report, &Progress::Analysis(l))),
                );
                to_value(&result)
            }
            Request::Lessons => to_value(&rules::lessons::view::list()),
            Request::Lesson { id } => to_value(&teach::lesson(&id)?),
            Request::CheckLesson { id, moves } => to_value(&teach::check(&id, &moves)?),
            Request::RulesPage { variant } => to_value(&teach::rules_page(&variant)?),
            Request::PuzzleCatalogue => to_value(&puzzle_ops::catalogue()),
            Request::Puzzle { id } => to_value(&puzzle_ops::puzzle(&id)?),
            Request::PuzzleNext {
                set,
                theme,
                rating,
                seen,
            } => to_value(&puzzle_ops::next(&set, theme.as_deref(), rating, &seen)?),
            Request::PuzzleDaily { set, day } => to_value(&puzzle_ops::daily(&set, day)?),
            Request::PuzzleCheck { id, moves } => to_value(&puzzle_ops::check(&id, &moves)?),
            Request::PuzzleHint { id, moves } => to_value(&puzzle_ops::hint(&id, &moves)?),
            Request::PuzzleSolution { id } => to_value(&puzzle_ops::solution(&id)?),
            Request::PuzzleRate {
                player,
                puzzle,
                solved,
            } => to_value(&puzzle_ops::rate(player, puzzle, solved)?),
            Request::TableNew { id, game, now_ms } => {
                let game = table::requests::from_object(game)?;
                let (hosted, change) = Hosted::create(id, game, now_ms)?;
                let table = self.keep_table(hosted)?;
                // A new game is kept at once.
                self.table_answer(
                    table,
                    Answered {
                        change,
                        refused: None,
                    },
                    true,
                    now_ms,
                )
            }
            Request::TableOpen { stored, now_ms } => {
                let (hosted, change) = Hosted::open(stored, now_ms)?;
                let table = self.keep_table(hosted)?;
                self.table_answer(
                    table,
                    Answered {
                        change,
                        refused: None,
                    },
                    false,
                    now_ms,
                )
            }
            Request::TableCommand {
                table,
                command,
                now_ms,
            } => {
                let answered = self.table_mut(table)?.command(command, now_ms)?;
                let changed = answered.change.changed;
                self.table_answer(table, answered, changed, now_ms)
            }
            Request::TableView { table, now_ms } => to_value(&self.table_mut(table)?.view(now_ms)),
            Request::TablePosition { table, ply } => {
                let t = self.table_mut(table)?.table();
                let played = t.ply();
                match usize::try_from(ply).ok().and_then(|p| t.position_at(p)) {
                    Some(view) => to_value(&view),
                    // Refused as the server refuses `positions/{ply}`.
                    None => Err(Error::new(
                        ErrorCode::BadRequest,
                        format!(
                            "ply {ply} is beyond the end of the game ({played} half-moves played)"
                        ),
                    )),
                }
            }
            Request::TableRecord { table, now_ms } => {
                let date = table::record_date(now_ms.div_euclid(1000));
                let record = self
                    .table_mut(table)?
                    .table()
                    .record(RecordForm::Own, &date)?;
                to_value(&RecordView { record })
            }
            Request::TableClose { table } => match self.tables.remove(&table) {
                Some(_) => Ok(Value::Null),
                None => Err(no_such_game(table)),
            },
            Request::Think {
                record,
                level,
                clock,
                seed,
            } => {
                let level = level_of(Some(&level))?;
                let report = self.report.clone();
                let thought = Session::import_record(&record)?.think(
                    level,
                    clock,
                    seed.unwrap_or(0),
                    Box::new(move |t| send(&report, &Progress::Thinking(t))),
                );
                to_value(&thought)
            }
            Request::Evaluate { record } => to_value(&EvaluationView {
                pawns: Session::import_record(&record)?.evaluate(),
            }),
            Request::Oracle {
                game,
                budget_ms,
                level,
            } => {
                let budget_ms = budget_ms.unwrap_or(crate::tables::ORACLE_BUDGET_MS);
                within("budget_ms", budget_ms, 1, MAX_ORACLE_MS)?;
                let level = level_of(level.as_ref())?;
                let report = self.report.clone();
                let mut last = None;
                self.game(game)?
                    .oracle(Duration::from_millis(budget_ms), level, &mut |r| {
                        send(&report, &Progress::Oracle(r));
                        last = Some(r.clone());
                    });
                to_value(&last)
            }
        }
    }

    /// Keeps a new browser game and gives its handle.
    fn keep_table(&mut self, hosted: Hosted) -> Result<u32, Error> {
        if self.tables.len() >= MAX_GAMES {
            return Err(Error::new(
                ErrorCode::OutOfRange,
                format!("too many open games ({MAX_GAMES}): close one first"),
            ));
        }
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        self.tables.insert(id, hosted);
        Ok(id)
    }

    fn table_mut(&mut self, id: u32) -> Result<&mut Hosted, Error> {
        self.tables.get_mut(&id).ok_or_else(|| no_such_game(id))
    }

    /// A browser game's answer: the view, the game to keep (`keep`: it changed), the
    /// duties.
    fn table_answer(
        &mut self,
        table: u32,
        answered: Answered,
        keep: bool,
        now_ms: i64,
    ) -> Result<Value, Error> {
        let hosted = self.table_mut(table)?;
        let change = &answered.change;
        to_value(&TableAnswer {
            table,
            duties: hosted.duties(change, now_ms),
            stored: keep.then(|| hosted.stored(now_ms)),
            view: hosted.view(now_ms),
            draw_accepted: change.draw_accepted,
            refused: answered.refused,
        })
    }

    fn open(&mut self, s: Session) -> Result<Value, Error> {
        let id = self.open_session(s)?;
        to_value(&self.game(id)?.state(id))
    }

    /// Keeps a new game and gives its handle.
    fn open_session(&mut self, s: Session) -> Result<u32, Error> {
        if self.games.len() >= MAX_GAMES {
            return Err(Error::new(
                ErrorCode::OutOfRange,
                format!("too many open games ({MAX_GAMES}): close one first"),
            ));
        }
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        self.games.insert(id, s);
        Ok(id)
    }

    fn game(&self, id: u32) -> Result<&Session, Error> {
        self.games.get(&id).ok_or_else(|| no_such_game(id))
    }

    fn game_mut(&mut self, id: u32) -> Result<&mut Session, Error> {
        self.games.get_mut(&id).ok_or_else(|| no_such_game(id))
    }

    fn bench(&self, depth: u32) -> BenchView {
        let started = Instant::now();
        let mut positions = Vec::new();
        let nodes = engine::bench::run(depth, 1, &mut |e| {
            let entry = BenchEntryView {
                setup: e.setup.to_string(),
                index: e.index,
                nodes: e.result.nodes,
                best: e.result.best.clone(),
                elapsed_ms: e.result.elapsed.as_millis() as u64,
            };
            send(&self.report, &Progress::Bench(&entry));
            positions.push(entry);
        });
        BenchView {
            nodes,
            positions,
            elapsed_ms: started.elapsed().as_millis() as u64,
        }
    }
}

fn parse(request: &[u8]) -> Result<Request, Error> {
    serde_json::from_slice(request).map_err(|e| {
        Error::new(
            ErrorCode::BadRequest,
            format!(
                "bad request ({e}): {}",
                quoted(&String::from_utf8_lossy(request))
            ),
        )
    })
}

fn to_value<T: Serialize>(v: &T) -> Result<Value, Error> {
    serde_json::to_value(v)
        .map_err(|e| Error::new(ErrorCode::BadRequest, format!("unencodable: {e}")))
}

fn send<T: Serialize>(report: &Reporter, message: &T) {
    if let Ok(text) = serde_json::to_string(message) {
        report(&text);
    }
}

fn no_such_game(id: u32) -> Error {
    Error::new(ErrorCode::UnknownGame, format!("no open game {id}"))
}

fn check_limits(limits: &SearchLimits) -> Result<(), Error> {
    if let Some(d) = limits.depth {
        within("depth", u64::from(d), 1, u64::from(MAX_SEARCH_DEPTH))?;
    }
    if let Some(mb) = limits.hash_mb {
        within("hash_mb", mb as u64, 1, MAX_HASH_MB as u64)?;
    }
    Ok(())
}

fn within(field: &str, value: u64, min: u64, max: u64) -> Result<(), Error> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::new(
            ErrorCode::OutOfRange,
            format!("{field} {value} is outside {min}..={max}"),
        ))
    }
}

fn setup_of(spec: &SetupSpec) -> Result<Setup, Error> {
    let options: Vec<&str> = spec.options.iter().flatten().map(String::as_str).collect();
    Ok(Setup::from_ids(
        &spec.variant,
        spec.rules.as_deref(),
        &options,
    )?)
}

fn run_perft(
    setup: &Setup,
    position: Option<&str>,
    depth: u32,
    split: bool,
) -> Result<PerftView, Error> {
    with_position_type!(
        setup.variant(),
        P => {
            let pos = match position {
                Some(s) => P::from_position_string(setup, s)?,
                None => P::start(setup)?,
            };
            Ok(count(pos, depth, split))
        }
    )
}

fn count<P: Position>(mut pos: P, depth: u32, split: bool) -> PerftView {
    let started = Instant::now();
    let (nodes, entries) = if split {
        let root = pos.clone();
        let entries: Vec<DivideEntry> = divide(&mut pos, depth)
            .into_iter()
            .map(|(m, nodes)| DivideEntry {
                token: root.move_token(m),
                nodes,
            })
            .collect();
        (entries.iter().map(|e| e.nodes).sum(), Some(entries))
    } else {
        (perft(&mut pos, depth), None)
    };
    PerftView {
        nodes,
        divide: entries,
        elapsed_ms: started.elapsed().as_millis() as u64,
    }
}
