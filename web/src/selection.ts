// What the player has picked up, as a small state machine driven by taps and buttons.
// Pure: it reads the server's legal moves and answers with the next state, and either a
// move token to send or a message to show. Touch-move (visualizer off) forbids putting a
// picked piece or board back.

import type { LegalMove, Screen, Side } from './api';

export type Selection =
  | { kind: 'idle' }
  | { kind: 'piece'; square: string }
  | { kind: 'choose'; square: string; to: string; options: LegalMove[] }
  | { kind: 'board-pick' }
  | { kind: 'board'; board: string }
  | { kind: 'board-choose'; board: string; to: string; options: LegalMove[] };

export type SelectionEvent =
  | { type: 'tap'; square: string }
  | { type: 'board-button' }
  | { type: 'pick-board'; board: string }
  | { type: 'board-destination'; to: string }
  | { type: 'choose'; token: string }
  | { type: 'cancel' };

export interface Outcome {
  selection: Selection;
  /** A move token to send to the server. */
  move?: string;
  /** Something to tell the player (a refusal or a hint). */
  message?: string;
}

export const IDLE: Selection = { kind: 'idle' };

export function pieceSide(piece: string): Side {
  return piece === piece.toUpperCase() ? 'white' : 'black';
}

export function pieceAt(view: Screen, square: string): string | null {
  return view.cells.find((c) => c.name === square)?.piece ?? null;
}

export function movesFrom(view: Screen, square: string): LegalMove[] {
  return view.legal_moves.filter((m) => m.mover === 'piece' && m.from === square);
}

export function boardMovesOf(view: Screen, board: string): LegalMove[] {
  return view.legal_moves.filter((m) => m.mover === 'board' && m.from === board);
}

/** Names of the attack boards that have at least one legal move, in a stable order. */
export function movableBoards(view: Screen): string[] {
  const names = new Set(view.legal_moves.filter((m) => m.mover === 'board').map((m) => m.from));
  return [...names].sort();
}

/** The board (e.g. `WQL`) a square lies on, when that is an attack board. */
export function attackBoardOfSquare(view: Screen, square: string): string | null {
  const cell = view.cells.find((c) => c.name === square);
  if (!cell) return null;
  return view.attack_boards.some((b) => b.name === cell.board) ? cell.board : null;
}

/** Squares the current selection can reach, with whether the move there captures. */
export function targetsOf(view: Screen, selection: Selection): Map<string, { capture: boolean }> {
  const out = new Map<string, { capture: boolean }>();
  if (selection.kind !== 'piece' && selection.kind !== 'choose') return out;
  for (const m of movesFrom(view, selection.square)) {
    const prev = out.get(m.to);
    out.set(m.to, { capture: (prev?.capture ?? false) || m.capture });
  }
  return out;
}

/** Whether the Cancel button may back out of the current selection. */
export function canCancel(selection: Selection, visualizer: boolean): boolean {
  switch (selection.kind) {
    case 'idle':
      return false;
    case 'board-pick':
    case 'choose':
    case 'board-choose':
      return true;
    case 'piece':
    case 'board':
      return visualizer;
  }
}

/** The square a picked piece stands on, if a piece is picked up. */
export function liftedSquare(selection: Selection): string | null {
  return selection.kind === 'piece' || selection.kind === 'choose' ? selection.square : null;
}

const TOUCH_MOVE = 'Touch-move: the piece you picked up must be moved.';

function pickUp(view: Screen, square: string): Outcome {
  const piece = pieceAt(view, square);
  if (!piece || pieceSide(piece) !== view.turn) {
    return { selection: IDLE, message: piece ? 'That is not your piece.' : undefined };
  }
  if (movesFrom(view, square).length === 0) {
    return { selection: IDLE, message: `The piece on ${square} has no legal move; choose another.` };
  }
  return { selection: { kind: 'piece', square } };
}

function moveTo(options: LegalMove[], square: string, to: string): Outcome {
  if (options.length === 1) return { selection: IDLE, move: options[0].token };
  return { selection: { kind: 'choose', square, to, options } };
}

export function step(view: Screen, visualizer: boolean, selection: Selection, event: SelectionEvent): Outcome {
  if (view.status === 'over') return { selection: IDLE, message: 'The game is over.' };
  if (view.legal_moves.length === 0) {
    return { selection: IDLE, message: 'Wait for your turn.' };
  }
  switch (event.type) {
    case 'tap':
      return tap(view, visualizer, selection, event.square);
    case 'board-button': {
      if (!visualizer && (selection.kind === 'piece' || selection.kind === 'choose')) {
        return { selection, message: TOUCH_MOVE };
      }
      if (movableBoards(view).length === 0) return { selection, message: 'No attack board can move.' };
      return { selection: { kind: 'board-pick' } };
    }
    case 'pick-board': {
      if (selection.kind !== 'board-pick' && !(visualizer && selection.kind === 'board')) return { selection };
      if (boardMovesOf(view, event.board).length === 0) {
        return { selection, message: `${event.board} cannot move now.` };
      }
      return { selection: { kind: 'board', board: event.board } };
    }
    case 'board-destination': {
      if (selection.kind !== 'board') return { selection };
      const options = boardMovesOf(view, selection.board).filter((m) => m.to === event.to);
      if (options.length === 0) return { selection, message: `${selection.board} cannot move to ${event.to}.` };
      if (options.length === 1) return { selection: IDLE, move: options[0].token };
      return { selection: { kind: 'board-choose', board: selection.board, to: event.to, options } };
    }
    case 'choose': {
      if (selection.kind === 'board') {
        const chosen = boardMovesOf(view, selection.board).find((m) => m.token === event.token);
        return chosen ? { selection: IDLE, move: chosen.token } : { selection };
      }
      if (selection.kind !== 'choose' && selection.kind !== 'board-choose') return { selection };
      const chosen = selection.options.find((m) => m.token === event.token);
      return chosen ? { selection: IDLE, move: chosen.token } : { selection };
    }
    case 'cancel': {
      if (!canCancel(selection, visualizer)) {
        return selection.kind === 'idle' ? { selection } : { selection, message: TOUCH_MOVE };
      }
      if (selection.kind === 'choose') {
        return { selection: { kind: 'piece', square: selection.square } };
      }
      if (selection.kind === 'board-choose') {
        return { selection: { kind: 'board', board: selection.board } };
      }
      return { selection: IDLE };
    }
  }
}

function tap(view: Screen, visualizer: boolean, selection: Selection, square: string): Outcome {
  switch (selection.kind) {
    case 'idle':
      return pickUp(view, square);
    case 'board-pick': {
      const board = attackBoardOfSquare(view, square);
      if (!board) return { selection, message: 'Tap an attack board, or choose one from the list.' };
      return step(view, visualizer, selection, { type: 'pick-board', board });
    }
    case 'board':
    case 'board-choose':
      return { selection, message: 'Choose where the board goes.' };
    case 'choose':
      return { selection, message: 'Choose the piece to promote to.' };
    case 'piece': {
      if (square === selection.square) {
        return visualizer ? { selection: IDLE } : { selection, message: TOUCH_MOVE };
      }
      const options = movesFrom(view, selection.square).filter((m) => m.to === square);
      if (options.length > 0) return moveTo(options, selection.square, square);
      const piece = pieceAt(view, square);
      if (piece && pieceSide(piece) === view.turn) {
        if (!visualizer) return { selection, message: TOUCH_MOVE };
        const next = pickUp(view, square);
        return next.selection.kind === 'idle' ? { ...next, selection } : next;
      }
      return { selection, message: `The piece on ${selection.square} cannot go to ${square}.` };
    }
  }
}
