// Inspect mode's state (seed 004 "Inspect without making a move"): while it is on, a tap
// on any occupied square asks the server for that piece's moves as if its side were to
// move; nothing is played unless the player taps a green dot or confirms a capture.
// It is offered only while no computer move is due, so the computer waits by itself.

import { batch, computed, signal } from '@preact/signals';
import { api, type GameView, type InspectView, type LegalMove } from '../api';
import { inspectMarks, playableOnto } from '../inspect';
import { attackBoardOfSquare, pieceAt } from '../selection';
import { computerToMove } from '../state';
import { refusalText } from '../refusals';

/** A capture the player tapped while inspecting, waiting for confirmation. */
export interface CaptureOffer {
  square: string;
  /** The captured piece's letter. */
  victim: string;
  /** The capturing moves onto the square (several for a promotion). */
  options: LegalMove[];
}

export interface InspectHost {
  view(): GameView | null;
  play(token: string): void;
  say(text: string, kind?: 'info' | 'error'): void;
  clearSelection(): void;
}

export class InspectMode {
  readonly active = signal(false);
  readonly inspection = signal<InspectView | null>(null);
  readonly offer = signal<CaptureOffer | null>(null);
  readonly marks = computed(() => {
    const i = this.inspection.value;
    return this.active.value && i ? inspectMarks(i) : null;
  });
  /** Asked for, not yet answered (a later tap wins). */
  private asked = 0;

  constructor(private readonly host: InspectHost) {}

  /** Inspect may be switched on when no computer move is due. */
  available(view: GameView | null): boolean {
    return !!view && !computerToMove(view);
  }

  toggle(): void {
    if (this.active.peek()) return this.stop();
    if (!this.available(this.host.view())) return;
    this.host.clearSelection();
    this.active.value = true;
    this.host.say('Inspect: tap any piece, yours or your opponent’s, to see where it can go.');
  }

  stop(): void {
    batch(() => {
      this.active.value = false;
      this.clear();
    });
  }

  /** The position changed: what was inspected no longer holds. */
  clear(): void {
    this.asked++;
    batch(() => {
      this.inspection.value = null;
      this.offer.value = null;
    });
  }

  tap(square: string): void {
    const view = this.host.view();
    if (!view) return;
    const current = this.inspection.peek();
    const onto = current ? playableOnto(current, square) : [];
    const piece = pieceAt(view, square);
    if (piece) {
      // A capturable piece is inspected, and the capture is offered separately.
      this.offer.value = onto.length ? { square, victim: piece, options: onto } : null;
      void this.inspect(view, square);
      return;
    }
    if (onto.length === 1) return this.playNow(onto[0].token);
    if (onto.length > 1) {
      this.offer.value = { square, victim: '', options: onto };
      return;
    }
    const board = view.variant === 'trid' ? attackBoardOfSquare(view, square) : null;
    if (board) {
      void this.inspect(view, board);
      return;
    }
    this.clear();
    this.host.say(`${square} is empty. Tap a piece to inspect it.`);
  }

  /** Plays a move chosen in inspect mode; play resumes (Inspect turns off). */
  playNow(token: string): void {
    this.stop();
    this.host.play(token);
  }

  private async inspect(view: GameView, from: string): Promise<void> {
    const ticket = ++this.asked;
    try {
      const answer = await api.inspect(view.id, from);
      if (ticket !== this.asked || !this.active.peek()) return;
      this.inspection.value = answer;
      this.host.say('');
    } catch (e) {
      if (ticket !== this.asked) return;
      this.host.say(refusalText(e), 'error');
    }
  }
}
