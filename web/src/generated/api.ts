// Generated from the server's Rust types (crates/spacechess/src/server/contract.rs).
// Do not edit: run `UPDATE_CONTRACT=1 cargo test -p spacechess contract` instead.

export type Variant = "stacked" | "trid" | "quadlevel" | "fourfold";

export type RuleSet = "federation" | "meder" | "stepwise";

export type Side = "white" | "black";

export type Status = "in-progress" | "over";

export type MoverKind = "piece" | "board";

export type SquareRef = { name: string, coords: [number, number, number, number], };

export type CellView = { name: string, 
/**
 * The board or level it belongs to (`B`/`M`/`T`; `W`/`N`/`B` or an attack board's
 * name; `L1`..`L4`; `00`..`11`).
 */
board: string, coords: [number, number, number, number], dark: boolean, piece: string | null, };

export type PlacementView = { 
/**
 * E.g. `b1(3)`.
 */
position: string, 
/**
 * The post: the corner square without level, e.g. `b1`.
 */
post: string, level: number, 
/**
 * Standing above its main board (else hanging below).
 */
standing: boolean, 
/**
 * The level of the main board the post belongs to (2, 4 or 6): the post reaches from
 * there to the board.
 */
main_level: number, 
/**
 * The post's column at the board's level, as coordinates.
 */
post_coords: [number, number, number, number], 
/**
 * The four squares the board covers there.
 */
squares: Array<SquareRef>, };

export type BoardView = { 
/**
 * `WQL`, `WKL`, `BQL` or `BKL`.
 */
name: string, owner: Side, 
/**
 * E.g. `b1(3)`.
 */
position: string, 
/**
 * The post: the corner square without level, e.g. `b1`.
 */
post: string, level: number, 
/**
 * Standing above its main board (else hanging below).
 */
standing: boolean, 
/**
 * The level of the main board the post belongs to (2, 4 or 6): the post reaches from
 * there to the board.
 */
main_level: number, 
/**
 * The post's column at the board's level, as coordinates.
 */
post_coords: [number, number, number, number], 
/**
 * The four squares the board covers there.
 */
squares: Array<SquareRef>, };

export type MoveView = { 
/**
 * The exact token to send back to play it.
 */
token: string, 
/**
 * Display notation (legal moves: without `+`/`#`; history: with them).
 */
notation: string, 
/**
 * The square left (for a board move: the board's name).
 */
from: string, 
/**
 * The square reached (for a board move: its new position, e.g. `b4(1)`).
 */
to: string, 
/**
 * The captured piece's square when it is not `to` (en passant).
 */
captured_square: string | null, mover: MoverKind, 
/**
 * The moving piece (for castling the king), a letter in the mover's case.
 */
piece: string | null, capture: boolean, 
/**
 * The piece a pawn becomes, a letter in the mover's case.
 */
promotion: string | null, castling: boolean, 
/**
 * A board move's destination with the squares it covers there.
 */
board_to: PlacementView | null, 
/**
 * What a player may type for it besides the token and the notation, in ASCII: the
 * shortest form first (piece and destination, the origin's file, rank or board/level
 * only when another legal move needs it: `NMf3`, `exd5(4)`, `O-O`), then looser
 * forms that may fit several moves (`Nf3`, `Ng1Mf3`). Only in a position's legal
 * move list; empty in the history and elsewhere.
 */
short_forms: Array<string>, };

export type HistoryEntry = { 
/**
 * The full-move number (`1.` for White's first move).
 */
number: number, 
/**
 * The side that made it.
 */
side: Side, 
/**
 * The exact token to send back to play it.
 */
token: string, 
/**
 * Display notation (legal moves: without `+`/`#`; history: with them).
 */
notation: string, 
/**
 * The square left (for a board move: the board's name).
 */
from: string, 
/**
 * The square reached (for a board move: its new position, e.g. `b4(1)`).
 */
to: string, 
/**
 * The captured piece's square when it is not `to` (en passant).
 */
captured_square: string | null, mover: MoverKind, 
/**
 * The moving piece (for castling the king), a letter in the mover's case.
 */
piece: string | null, capture: boolean, 
/**
 * The piece a pawn becomes, a letter in the mover's case.
 */
promotion: string | null, castling: boolean, 
/**
 * A board move's destination with the squares it covers there.
 */
board_to: PlacementView | null, 
/**
 * What a player may type for it besides the token and the notation, in ASCII: the
 * shortest form first (piece and destination, the origin's file, rank or board/level
 * only when another legal move needs it: `NMf3`, `exd5(4)`, `O-O`), then looser
 * forms that may fit several moves (`Nf3`, `Ng1Mf3`). Only in a position's legal
 * move list; empty in the history and elsewhere.
 */
short_forms: Array<string>, };

export type ResultView = { 
/**
 * `null` for a draw.
 */
winner: Side | null, 
/**
 * The termination's identifier (see the catalogue).
 */
reason: string, 
/**
 * `1-0`, `0-1` or `1/2-1/2`.
 */
text: string, 
/**
 * In words, e.g. `White wins by checkmate`.
 */
description: string, };

export type LastMove = { from: string, to: string, };

export type Screen = { variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type RuleSetEntry = { id: RuleSet, title: string, 
/**
 * One line for people.
 */
description: string, };

export type OptionEntry = { id: string, title: string, 
/**
 * One line for people.
 */
description: string, 
/**
 * The rule sets it applies under (empty: the variant has none).
 */
rules: Array<RuleSet>, };

export type VariantEntry = { id: Variant, title: string, 
/**
 * One line for people.
 */
description: string, 
/**
 * The rule sets to choose from, the default first (empty: one set of rules).
 */
rules: Array<RuleSetEntry>, options: Array<OptionEntry>, };

export type TerminationEntry = { id: string, text: string, };

export type LevelRange = { min: number, max: number, max_id: string, default: number, };

export type Catalogue = { variants: Array<VariantEntry>, terminations: Array<TerminationEntry>, levels: LevelRange, };

export type Mode = "computer" | "local" | "online";

export type EvalSource = "computer" | "quick" | "record";

export type HistoryItem = { 
/**
 * The evaluation after the move in pawns from White's side (`null` until known).
 */
eval: number | null, 
/**
 * Whose search gave `eval` (`null` while unknown, or for old games).
 */
eval_source: EvalSource | null, 
/**
 * The depth of that search, for the computer's own.
 */
eval_depth: number | null, 
/**
 * The full-move number (`1.` for White's first move).
 */
number: number, 
/**
 * The side that made it.
 */
side: Side, 
/**
 * The exact token to send back to play it.
 */
token: string, 
/**
 * Display notation (legal moves: without `+`/`#`; history: with them).
 */
notation: string, 
/**
 * The square left (for a board move: the board's name).
 */
from: string, 
/**
 * The square reached (for a board move: its new position, e.g. `b4(1)`).
 */
to: string, 
/**
 * The captured piece's square when it is not `to` (en passant).
 */
captured_square: string | null, mover: MoverKind, 
/**
 * The moving piece (for castling the king), a letter in the mover's case.
 */
piece: string | null, capture: boolean, 
/**
 * The piece a pawn becomes, a letter in the mover's case.
 */
promotion: string | null, castling: boolean, 
/**
 * A board move's destination with the squares it covers there.
 */
board_to: PlacementView | null, 
/**
 * What a player may type for it besides the token and the notation, in ASCII: the
 * shortest form first (piece and destination, the origin's file, rank or board/level
 * only when another legal move needs it: `NMf3`, `exd5(4)`, `O-O`), then looser
 * forms that may fit several moves (`Nf3`, `Ng1Mf3`). Only in a position's legal
 * move list; empty in the history and elsewhere.
 */
short_forms: Array<string>, };

export type MaterialView = { 
/**
 * Black's pieces White took (letters), in the order taken.
 */
captured_by_white: Array<string>, 
/**
 * White's pieces Black took.
 */
captured_by_black: Array<string>, 
/**
 * White's material minus Black's, in pawns.
 */
balance: number, };

export type PositionView = { material: MaterialView, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type ClocksView = { 
/**
 * The time control's starting time for each side (correspondence: for each move).
 */
initial_ms: number, white_ms: number, black_ms: number, increment_ms: number, running: Side | null, 
/**
 * Correspondence: every turn has `initial_ms` whole (1, 3 or 7 days), no increment.
 */
per_move: boolean, };

export type HolderView = "computer" | "player" | "open";

export type SeatView = { holder: HolderView, 
/**
 * An online game's player with a live socket on the game now.
 */
connected: boolean, 
/**
 * An online game's player without one for the absence time (once both sides have
 * moved): the opponent may claim the win or a draw (`POST .../claim`).
 */
gone: boolean, };

export type SeatsView = { white: SeatView, black: SeatView, };

export type OfferKind = "draw" | "take-back" | "rematch";

export type OfferView = { kind: OfferKind, 
/**
 * Who asks.
 */
from: Side, };

export type PlayerLabel = { 
/**
 * `null`: anonymous, or the computer.
 */
name: string | null, 
/**
 * The rating in the game's pool, rounded (`null`: none shown).
 */
rating: number | null, 
/**
 * The rating is provisional (shown with a `?`).
 */
provisional: boolean, 
/**
 * Once a rated game is over: the rating change it brought.
 */
change: number | null, };

export type PlayersView = { white: PlayerLabel, black: PlayerLabel, };

export type GameView = { id: string, mode: Mode, 
/**
 * The player's side against the computer (echoed in local mode).
 */
human: Side, level: number | "max", 
/**
 * Every move so far; in an `update` message only those from `history_from` on.
 */
history: Array<HistoryItem>, 
/**
 * Always given by the server (`null` from hosts that do not count it).
 */
material: MaterialView | null, clocks: ClocksView | null, computer_thinking: boolean, oracle: boolean, seats: SeatsView, 
/**
 * An online game's pending draw offer or take-back request (or, once it is over,
 * rematch offer).
 */
offer: OfferView | null, 
/**
 * The id of this online game's rematch, once both players agreed to one.
 */
rematch: string | null, 
/**
 * How many people watch the game live (sockets of players holding no seat).
 */
watchers: number, 
/**
 * An online game waiting for the side to move's first move: milliseconds until
 * it aborts (`null` otherwise).
 */
abort_in_ms: number | null, 
/**
 * The sides whose player may take back a move now (the `takeback` request would be
 * obeyed): none once a result is decided outside the board; in local mode both
 * sides while a move was played; against the computer the human's side while it has
 * a move; online each side with a move of its own, once both seats are taken. The
 * asking player may take back when one of `you` is here (a watcher never).
 */
take_back_sides: Array<Side>, 
/**
 * A rated game: its result moves both players' ratings.
 */
rated: boolean, 
/**
 * The players' names and ratings, when the host knows them (the server does; the
 * browser's own games have none).
 */
players?: PlayersView, 
/**
 * The sides the asking player holds (empty: a watcher). Only in HTTP answers and
 * the socket's `state` message, which are built for one player; absent in `update`
 * messages (they go to everyone, and a player's seats do not change under them).
 */
you?: Array<Side>, 
/**
 * An online game's invitation path, for the seat holders while a seat is open.
 */
invite?: string, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type MyGame = { id: string, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, rules: string | null, mode: Mode, 
/**
 * The sides this player holds.
 */
you: Array<Side>, 
/**
 * Who holds the other side: `null` in `local` mode (both sides are the player's).
 */
opponent: HolderView | null, 
/**
 * The computer's level, against the computer.
 */
level: number | "max" | null, status: Status, 
/**
 * How it ended (`null` while it runs).
 */
result: ResultView | null, 
/**
 * When it was created, in seconds since the Unix epoch.
 */
created_at: number, 
/**
 * Half-moves played.
 */
ply: number, 
/**
 * The players' names (`null`: anonymous, or no player).
 */
white_name: string | null, black_name: string | null, 
/**
 * A rated game.
 */
rated: boolean, 
/**
 * A correspondence game, and its days per move.
 */
per_move: boolean, days_per_move: number | null, 
/**
 * An online game running with both seats taken in which the asker is to move.
 */
your_turn: boolean, 
/**
 * Time until the side to move's clock (or first-move time) runs out, in ms.
 */
turn_ends_in_ms: number | null, };

export type MyGamesPage = { games: Array<MyGame>, 
/**
 * Pass as `before` for the next page; `null` on the last page.
 */
next: string | null, };

export type Thinking = { depth: number, elapsed_ms: number, budget_ms: number, nodes: number, 
/**
 * Pawns from White's side.
 */
score: number, 
/**
 * The expected line as move tokens.
 */
pv: Array<string>, };

export type OracleTagView = "eval" | "mate" | "mated" | "draw-repetition" | "allows-repetition";

export type OracleMoveView = { token: string, notation: string, 
/**
 * From the player's (side to move's) point of view, in pawns.
 */
score: number, depth: number, tag: OracleTagView, 
/**
 * `null` unless the tag is `mate` or `mated`.
 */
mate_in: number | null, line: Array<string>, };

export type ErrorBody = { code: string, message: string, };

export type ErrorAnswer = { error: ErrorBody, };

export type DrawAnswer = { accepted: boolean, game: GameView, };

export type ServerMessage = { "type": "state", game: GameView, } | { "type": "update", game: GameView, history_from: number, } | { "type": "thinking" } & Thinking | { "type": "oracle", done: boolean, moves: Array<OracleMoveView>, } | { "type": "error", error: ErrorBody, } | { "type": "declined", kind: OfferKind, from: Side, };

export type TimeControlRequest = { 
/**
 * Each side's time: more than 0, at most 1440; fractions allowed.
 */
minutes?: number | null, 
/**
 * 0 to 3600 (default 0); with `days_per_move` only 0.
 */
increment_seconds?: number | null, 
/**
 * Correspondence: 1, 3 or 7 days for every move.
 */
days_per_move?: number | null, };

export type NewGameRequest = { 
/**
 * Required unless `record` is given.
 */
variant?: Variant | null, rules?: RuleSet | null, options?: Array<string> | null, mode?: Mode | null, human?: Side | null, level?: number | "max", time_control?: TimeControlRequest | null, position?: string | null, 
/**
 * A game record (records.md) to continue: it names the variant, rules, options and
 * start itself (those fields must then be left out).
 */
record?: string | null, 
/**
 * How many of the record's half-moves to play before the game goes on (default all).
 */
record_ply?: number | null, };

export type MoveRequest = { 
/**
 * The move's token (or its notation, typed by a person).
 */
move: string, 
/**
 * Half-moves played so far as the client saw them.
 */
ply?: number | null, };

export type ResignRequest = { 
/**
 * The side that resigns (default: the player's side; in local mode the side to
 * move).
 */
side?: Side | null, };

export type OracleRequest = { 
/**
 * The Oracle's time per turn, 100 to 60000 ms (default: the host's).
 */
budget_ms?: number | null, };

export type OfferAnswer = "accept" | "decline";

export type AnswerRequest = { answer: OfferAnswer, };

export type ClaimResult = "win" | "draw";

export type ClaimRequest = { result: ClaimResult, };

export type Inspection = { 
/**
 * The square inspected, or an attack board's name.
 */
from: string, 
/**
 * The side the piece (or board) moves for.
 */
side: Side, 
/**
 * The piece, a letter in its side's case (`null` for an attack board).
 */
piece: string | null, 
/**
 * Its side is to move and the game goes on: these moves may be played now.
 * Otherwise they are previews in the position with the turn passed.
 */
to_move: boolean, 
/**
 * Its legal moves; tokens are those of the position they were generated in.
 */
moves: Array<MoveView>, };

export type InspectView = { playable: boolean, 
/**
 * The square inspected, or an attack board's name.
 */
from: string, 
/**
 * The side the piece (or board) moves for.
 */
side: Side, 
/**
 * The piece, a letter in its side's case (`null` for an attack board).
 */
piece: string | null, 
/**
 * Its side is to move and the game goes on: these moves may be played now.
 * Otherwise they are previews in the position with the turn passed.
 */
to_move: boolean, 
/**
 * Its legal moves; tokens are those of the position they were generated in.
 */
moves: Array<MoveView>, };

export type GoalView = { 
/**
 * `reach`, `capture`, `check`, `escape-check` or `mate`.
 */
kind: string, 
/**
 * The square of a `reach` or `capture` goal.
 */
square: string | null, 
/**
 * How many of the player's moves the goal allows.
 */
moves: number, text: string, };

export type LessonEntry = { id: string, variant: Variant, rules: RuleSet | null, options: Array<string>, 
/**
 * `piece`, `rule` or `mate`.
 */
kind: string, 
/**
 * The piece of a piece lesson, an upper-case letter.
 */
piece: string | null, 
/**
 * What must move: a piece or an attack board (`null`: anything).
 */
mover: MoverKind | null, title: string, text: string, 
/**
 * The "Try it" position; the player is the side to move.
 */
position: string, goal: GoalView, hint: string, success: string, 
/**
 * Move tokens: the player's moves and, between them, the replies.
 */
solution: Array<string>, };

export type LessonList = { lessons: Array<LessonEntry>, };

export type LessonView = { screen: Screen, id: string, variant: Variant, rules: RuleSet | null, options: Array<string>, 
/**
 * `piece`, `rule` or `mate`.
 */
kind: string, 
/**
 * The piece of a piece lesson, an upper-case letter.
 */
piece: string | null, 
/**
 * What must move: a piece or an attack board (`null`: anything).
 */
mover: MoverKind | null, title: string, text: string, 
/**
 * The "Try it" position; the player is the side to move.
 */
position: string, goal: GoalView, hint: string, success: string, 
/**
 * Move tokens: the player's moves and, between them, the replies.
 */
solution: Array<string>, };

export type CheckStatus = "solved" | "continue" | "missed";

export type CheckAnswer = { status: CheckStatus, message: string, 
/**
 * The opponent's reply, when the lesson goes on.
 */
reply: string | null, 
/**
 * The position after the moves (and the reply), legal moves listed while it goes on.
 */
screen: Screen, };

export type LessonCheckRequest = { 
/**
 * The player's moves and the replies given, as tokens (at most 8). Required.
 */
moves: Array<string>, };

export type ChoiceView = { id: string, 
/**
 * `rules` or `option`.
 */
kind: string, summary: string, text: string, };

export type RulesDiagram = { rules: RuleSet | null, options: Array<string>, position: string, 
/**
 * The square (or attack board) whose moves are marked.
 */
from: string, caption: string, 
/**
 * Squares (board positions, for a board) it moves to without capturing.
 */
moves: Array<string>, captures: Array<string>, 
/**
 * The position to draw (no legal moves listed).
 */
screen: Screen, };

export type SectionView = { 
/**
 * `overview`, `piece` or `rule`.
 */
kind: string, rules: RuleSet | null, title: string, text: string, 
/**
 * The lesson to practise it.
 */
lesson: string | null, diagram: RulesDiagram | null, };

export type RulesPage = { variant: Variant, title: string, summary: string, choices: Array<ChoiceView>, sections: Array<SectionView>, };

export type SourceKind = "game" | "record" | "position";

export type AnalysisSource = { kind: SourceKind, 
/**
 * The game's id (kind `game`).
 */
game: string | null, 
/**
 * Half-moves of the game or record before the board's position.
 */
ply: number, };

export type AnalysisView = { id: string, source: AnalysisSource, 
/**
 * Every move that led to the position shown; the side line from `side_line_from` on.
 */
history: Array<HistoryEntry>, side_line_from: number, material: MaterialView, 
/**
 * How many lines the engine shows.
 */
lines: number, 
/**
 * The engine analyses each position of the board (until switched off).
 */
engine_on: boolean, 
/**
 * It is searching now.
 */
engine_running: boolean, 
/**
 * The Oracle reports on each position of the board.
 */
oracle: boolean, 
/**
 * Engine seconds this board has left.
 */
engine_seconds_left: number, 
/**
 * Bumped whenever the position changes; `lines` messages carry the serial of the
 * position they are about.
 */
serial: number, variant: Variant, 
/**
 * The variant's name for people.
 */
title: string, 
/**
 * The Tri-D rule set (`null` elsewhere).
 */
rules: RuleSet | null, options: Array<string>, position: string, start_position: string, turn: Side, 
/**
 * Half-moves played.
 */
ply: number, fullmove: number, status: Status, result: ResultView | null, checked_kings: Array<string>, cells: Array<CellView>, 
/**
 * The boards and levels of `cells`, named for people.
 */
boards: Array<{ id: string, label: string, }>, attack_boards: Array<BoardView>, 
/**
 * Empty when `with_moves` was false or the game is over.
 */
legal_moves: Array<MoveView>, last_move: LastMove | null, };

export type LineView = { 
/**
 * Pawns from White's side (a mate is ±100, nearer mates larger).
 */
score: number, 
/**
 * Moves to mate: positive when White mates, negative when Black does.
 */
mate: number | null, 
/**
 * The line as move tokens, its first move first.
 */
pv: Array<string>, 
/**
 * The same moves in notation.
 */
notation: Array<string>, };

export type LinesView = { serial: number, depth: number, nodes: number, elapsed_ms: number, 
/**
 * Best first.
 */
lines: Array<LineView>, };

export type AnalysisMessage = { "type": "analysis", analysis: AnalysisView, } | { "type": "lines" } & LinesView | { "type": "oracle", done: boolean, moves: Array<OracleMoveView>, } | { "type": "error", error: ErrorBody, };

export type AnalysisRequest = { 
/**
 * A game's id, and the half-moves of it before the board's position (default all).
 */
game?: string | null, ply?: number | null, 
/**
 * A game record, and how many of its half-moves to play (default all).
 */
record?: string | null, record_ply?: number | null, 
/**
 * A setup and an optional position string (default: the start).
 */
variant?: Variant | null, rules?: RuleSet | null, options?: Array<string> | null, position?: string | null, 
/**
 * Lines the engine shows, 1 to 8 (default 3).
 */
lines?: number | null, };

export type EngineRequest = { 
/**
 * Lines the engine shows, 1 to 8 (default: as before).
 */
lines?: number | null, };

export type BackRequest = { 
/**
 * The moves of the side line to keep (default: one move back; 0 starts over).
 */
to?: number | null, };

export type ThemeCount = { id: string, 
/**
 * For people: `Mate in 2`, `Fork`.
 */
title: string, count: number, };

export type PuzzleSetEntry = { id: string, variant: Variant, rules: RuleSet | null, options: Array<string>, 
/**
 * For people: `Tri-D (Federation)`.
 */
title: string, 
/**
 * Puzzles in the set (0 until it is filled).
 */
count: number, 
/**
 * The themes its puzzles have: mates first, then the others.
 */
themes: Array<ThemeCount>, };

export type PuzzleCatalogue = { sets: Array<PuzzleSetEntry>, };

export type RatingView = { 
/**
 * Rounded.
 */
rating: number, 
/**
 * Rounded.
 */
deviation: number, 
/**
 * Still uncertain (a deviation above the rating crate's provisional bound).
 */
provisional: boolean, };

export type RatingState = { rating: number, deviation: number, volatility: number, };

export type SourceView = { seed: number, game: number, ply: number, };

export type PuzzleView = { id: string, set: string, variant: Variant, rules: RuleSet | null, options: Array<string>, 
/**
 * `white` or `black`: the solver, who sits at the bottom.
 */
side: string, 
/**
 * `material` or `mate-in-N`.
 */
kind: string, mate_in: number | null, themes: Array<string>, 
/**
 * The puzzle's current rating.
 */
rating: RatingView, 
/**
 * How many moves the solver must find.
 */
solver_moves: number, source: SourceView, screen: Screen, };

export type PuzzleCheck = { status: CheckStatus, message: string, 
/**
 * The opponent's reply, when it goes on.
 */
reply: string | null, 
/**
 * The right move's token, when missed.
 */
expected: string | null, 
/**
 * The position after the moves (and the reply; after a miss, the wrong move), legal
 * moves listed while it goes on.
 */
screen: Screen, };

export type PuzzleSolution = { 
/**
 * The solution's tokens, the solver's first.
 */
moves: Array<string>, 
/**
 * The position before the first move and after each: one more than `moves`.
 */
screens: Array<Screen>, };

export type PuzzleHint = { 
/**
 * Where the next solver move starts (an attack board's name for a board move).
 */
square: string, text: string, };

export type PuzzleAttemptResult = { solved: boolean, 
/**
 * Only a player's first attempt at a puzzle is rated.
 */
rated: boolean, player_before: RatingView, player: RatingView, puzzle: RatingView, };

export type SetRating = { set: string, rating: RatingView, attempts: number, solved: number, };

export type AttemptEntry = { puzzle: string, set: string, solved: boolean, rated: boolean, 
/**
 * The player's set rating after it (rounded).
 */
rating_after: number, at_ms: number, };

export type PlayerPuzzles = { ratings: Array<SetRating>, 
/**
 * Newest first, at most 200.
 */
history: Array<AttemptEntry>, };

export type PuzzleMovesRequest = { 
/**
 * The player's moves and the replies given between them, as tokens (at most 16).
 * Required.
 */
moves: Array<string>, };

export type PuzzleAttemptRequest = { 
/**
 * The moves played, as for a check (at most 16). Required.
 */
moves: Array<string>, 
/**
 * Whether the player asked for a hint (false if left out).
 */
hinted?: boolean, 
/**
 * Whether the player viewed the solution (false if left out).
 */
viewed?: boolean, };

export type PoolRatingView = { pool: string, rating: number, deviation: number, 
/**
 * The deviation is above 110: shown with a `?`.
 */
provisional: boolean, games: number, };

export type RatingPointView = { pool: string, 
/**
 * When the game ended, ms since the Unix epoch.
 */
at_ms: number, rating: number, };

export type Profile = { name: string, 
/**
 * The player made an account (a password) for the name.
 */
account: boolean, ratings: Array<PoolRatingView>, 
/**
 * The last rating points, every pool, oldest first.
 */
history: Array<RatingPointView>, };

export type LeaderView = { name: string, rating: number, deviation: number, games: number, };

export type Leaderboard = { pool: string, players: Array<LeaderView>, };

export type TimeControlView = { minutes: number | null, increment_seconds: number | null, days_per_move: number | null, };

export type ColorWish = "white" | "black" | "random";

export type ChallengeView = { id: string, 
/**
 * The creator's name (`null`: anonymous).
 */
name: string | null, 
/**
 * The creator's rating in the challenge's pool.
 */
rating: number | null, provisional: boolean, variant: Variant, rules: RuleSet | null, time_control: TimeControlView, rated: boolean, 
/**
 * The creator's colour.
 */
color: ColorWish, 
/**
 * The ratings the acceptor's must be within.
 */
min_rating: number | null, max_rating: number | null, 
/**
 * The asking player made it.
 */
yours: boolean, 
/**
 * Made by a quick-pairing button.
 */
quick: boolean, };

export type LiveGameView = { id: string, variant: Variant, rules: RuleSet | null, time_control: TimeControlView | null, rated: boolean, players: PlayersView, 
/**
 * Half-moves played.
 */
moves: number, };

export type QuickPairing = { 
/**
 * What `POST /api/lobby/quick` names.
 */
id: string, variant: Variant, rules: RuleSet | null, time_control: TimeControlView, rated: boolean, };

export type Lobby = { 
/**
 * Open challenges, oldest first (the asker's own among them, `yours`).
 */
challenges: Array<ChallengeView>, 
/**
 * Online games being played, newest first.
 */
playing: Array<LiveGameView>, quick: Array<QuickPairing>, 
/**
 * The game the asker's challenge became (accepted in the last 30 s and still being
 * played).
 */
matched: string | null, };

export type LobbyGame = { game: string, };

export type QuickAnswer = { game?: string, challenge?: ChallengeView, };

export type ChallengeRequest = { 
/**
 * Required.
 */
variant: Variant, rules?: RuleSet | null, 
/**
 * None in a rated challenge.
 */
options?: Array<string> | null, 
/**
 * Required: minutes (and increment) or days per move.
 */
time_control: TimeControlRequest, 
/**
 * Default false.
 */
rated?: boolean, 
/**
 * The creator's colour (default random).
 */
color?: ColorWish | null, 
/**
 * The acceptor's rating in the pool must be at least this (0 to 5000).
 */
min_rating?: number, 
/**
 * … and at most this.
 */
max_rating?: number, };

export type QuickRequest = { 
/**
 * A quick pairing's id. Required.
 */
pairing: string, };

export type Me = { 
/**
 * The display name (`null` until chosen).
 */
name: string | null, 
/**
 * Whether the player has an account (and so may log in elsewhere).
 */
account: boolean, 
/**
 * How long until the name may change again (`null`: now, or no name yet).
 */
name_change_in_ms: number | null, 
/**
 * The player's ratings, one per pool played.
 */
ratings: Array<PoolRatingView>, };

export type NameRequest = { 
/**
 * The name wanted: 3 to 20 letters A–Z, digits, `_` or `-`, first a letter.
 * Required.
 */
name: string, };

export type AccountRequest = { 
/**
 * 8 to 128 characters. Required.
 */
password: string, };

export type LoginRequest = { 
/**
 * The account's name, in any case. Required.
 */
name: string, 
/**
 * Required.
 */
password: string, };
