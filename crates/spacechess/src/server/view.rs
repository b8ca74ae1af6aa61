//! The JSON shapes sent to the web app (docs/api.md): GameView and the WebSocket
//! messages. Built from the game as it stands; nothing here changes state.

use engine::api::{Level, OracleReport, OracleTag, Progress, Score};
use rules::any::{AnyGame, MoveInfo};
use rules::{Color, GameStatus, Mover};
use serde_json::{json, Value};
use std::collections::HashMap;

pub fn color_id(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

pub fn level_json(level: Level) -> Value {
    match level {
        Level::Depth(d) => json!(d),
        Level::Max => json!("max"),
    }
}

/// Mate scores become ±100 pawns (minus the distance, so a nearer mate is bigger).
const MATE_PAWNS: f64 = 100.0;

/// A score from `side`'s point of view, as pawns from White's side.
pub fn pawns_for_white(score: Score, side: Color) -> f64 {
    let pawns = match score {
        Score::Cp(cp) => cp as f64 / 100.0,
        Score::Mate(n) if n > 0 => MATE_PAWNS - n as f64 * 0.01,
        Score::Mate(n) => -MATE_PAWNS - n as f64 * 0.01,
    };
    let pawns = (pawns * 100.0).round() / 100.0;
    match side {
        Color::White => pawns,
        Color::Black => -pawns,
    }
}

fn piece_letter(kind: rules::PieceKind, color: Color) -> String {
    rules::Piece::new(color, kind).char().to_string()
}

/// One move as the web app sees it. `side` is the mover's colour.
pub fn move_json(m: &MoveInfo, side: Color) -> Value {
    let (mover, piece) = match m.mover {
        Mover::Piece(k) => ("piece", Some(piece_letter(k, side))),
        Mover::Board => ("board", None),
    };
    json!({
        "token": m.token,
        "notation": m.notation,
        "from": m.squares.from,
        "to": m.squares.to,
        "captured_square": m.squares.captured,
        "mover": mover,
        "piece": piece,
        "capture": m.captured.is_some(),
        "promotion": m.promotion.map(|k| piece_letter(k, side)),
        "castling": m.castling,
    })
}

/// Everything the view needs that is not in the game itself.
pub struct ViewContext<'a> {
    pub id: &'a str,
    pub mode: &'a str,
    /// In local mode these echo the request (they decide nothing there).
    pub human: Color,
    pub level: Level,
    pub history: &'a [MoveInfo],
    pub evals: &'a [Option<f64>],
    pub clocks: Option<Value>,
    pub computer_thinking: bool,
    pub oracle_on: bool,
    /// Whether the side to move may move through the API now.
    pub human_to_move: bool,
}

/// The whole game as JSON (GameView in docs/api.md).
pub fn game_view(game: &dyn AnyGame, ctx: &ViewContext<'_>) -> Value {
    let setup = game.setup();
    let turn = game.turn();
    let (status, result) = match game.status() {
        GameStatus::InProgress => ("in-progress", Value::Null),
        GameStatus::Over(o) => (
            "over",
            json!({
                "winner": o.winner.map(color_id),
                "reason": o.termination.id(),
                "text": o.result_string(),
            }),
        ),
    };
    let legal: Vec<Value> = if ctx.human_to_move {
        game.legal_moves()
            .iter()
            .map(|m| move_json(m, turn))
            .collect()
    } else {
        Vec::new()
    };
    let start_turn = start_turn(game, ctx.history.len());
    let history: Vec<Value> = ctx
        .history
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let side = if i.is_multiple_of(2) {
                start_turn
            } else {
                start_turn.opposite()
            };
            let mut v = move_json(m, side);
            v["eval"] = json!(ctx.evals.get(i).copied().flatten());
            v
        })
        .collect();
    let last_move = ctx
        .history
        .last()
        .map(|m| json!({ "from": m.squares.from, "to": m.squares.to }));
    let cells: Vec<Value> = game
        .cells()
        .into_iter()
        .map(|c| {
            json!({
                "name": c.name,
                "board": c.board,
                "coords": c.coords,
                "dark": c.dark,
                "piece": c.piece.map(|p| p.char().to_string()),
            })
        })
        .collect();
    let boards: Vec<Value> = game
        .attack_boards()
        .into_iter()
        .map(|b| {
            json!({
                "name": b.name,
                "position": b.position,
                "post": b.post,
                "level": b.level,
                "standing": b.standing,
                "owner": color_id(b.owner),
            })
        })
        .collect();
    json!({
        "id": ctx.id,
        "variant": setup.variant().id(),
        "rules": setup.rules_if_any().map(|r| r.id()),
        "options": setup.options().ids(),
        "mode": ctx.mode,
        "human": color_id(ctx.human),
        "level": level_json(ctx.level),
        "position": game.position_string(),
        "start_position": game.start_position_string(),
        "turn": color_id(turn),
        "ply": ctx.history.len(),
        "fullmove": game.fullmove_number(),
        "status": status,
        "result": result,
        "checked_kings": game.checked_kings(),
        "cells": cells,
        "attack_boards": boards,
        "legal_moves": legal,
        "history": history,
        "last_move": last_move,
        "clocks": ctx.clocks,
        "computer_thinking": ctx.computer_thinking,
        "oracle": ctx.oracle_on,
    })
}

/// The side that made the first move of the game.
pub fn start_turn(game: &dyn AnyGame, plies: usize) -> Color {
    if plies.is_multiple_of(2) {
        game.turn()
    } else {
        game.turn().opposite()
    }
}

pub fn state_message(view: Value) -> String {
    json!({ "type": "state", "game": view }).to_string()
}

pub fn thinking_message(p: &Progress, side: Color) -> String {
    json!({
        "type": "thinking",
        "depth": p.depth,
        "elapsed_ms": p.elapsed.as_millis() as u64,
        "budget_ms": p.budget.as_millis() as u64,
        "nodes": p.nodes,
        "score": pawns_for_white(p.score, side),
        "pv": p.pv,
    })
    .to_string()
}

/// The Oracle's report; scores are from the player's (side to move's) point of view.
pub fn oracle_message(r: &OracleReport, notations: &HashMap<String, String>) -> String {
    let moves: Vec<Value> = r
        .moves
        .iter()
        .map(|m| {
            let (tag, mate_in) = match m.tag {
                OracleTag::Eval => ("eval", None),
                OracleTag::Mate(n) => ("mate", Some(n)),
                OracleTag::Mated(n) => ("mated", Some(n)),
                OracleTag::DrawRepetition => ("draw-repetition", None),
                OracleTag::AllowsRepetition => ("allows-repetition", None),
            };
            json!({
                "token": m.token,
                "notation": notations.get(&m.token).cloned().unwrap_or_else(|| m.token.clone()),
                "score": pawns_for_white(m.score, Color::White),
                "depth": m.depth,
                "tag": tag,
                "mate_in": mate_in,
                "line": m.line,
            })
        })
        .collect();
    json!({ "type": "oracle", "done": r.done, "moves": moves }).to_string()
}

pub fn error_message(code: &str, message: &str) -> String {
    json!({ "type": "error", "error": { "code": code, "message": message } }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_into_white_pawns() {
        assert_eq!(pawns_for_white(Score::Cp(150), Color::White), 1.5);
        assert_eq!(pawns_for_white(Score::Cp(150), Color::Black), -1.5);
        assert!(pawns_for_white(Score::Mate(2), Color::White) > 99.0);
        assert!(pawns_for_white(Score::Mate(2), Color::Black) < -99.0);
        assert!(
            pawns_for_white(Score::Mate(1), Color::White)
                > pawns_for_white(Score::Mate(3), Color::White)
        );
        assert!(pawns_for_white(Score::Mate(-1), Color::White) < -99.0);
    }
}
