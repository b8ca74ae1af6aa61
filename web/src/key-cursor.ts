// The 3D view's keyboard: the canvas is one tab stop; while it has the focus a bright
// square frame (drawn over everything, so it shows on a level behind another) marks the
// cursor's square. The arrow keys and Page Up / Page Down (or [ and ]) move it as in the
// flat view (board-nav.ts); Enter or Space taps its square (pick up, put down).

import { DoubleSide, Mesh, MeshBasicMaterial, RingGeometry } from 'three';
import { navigate, navKey, type NavSquare } from './board-nav';
import type { Vec3 } from './layout';

export interface KeyCursorHost {
  /** The position's squares in the boards' order. */
  squares(): NavSquare[];
  /** Where the cursor starts when none is set (the lifted piece, the last move…). */
  home(): string | null;
  /** The 3D centre of a square's top face. */
  position(square: string): Vec3 | undefined;
  /** A tap on the square. */
  tap(square: string): void;
  /** The cursor went to this square (for the announcer). */
  moved(square: string): void;
  redraw(): void;
}

/** A square frame: a four-sided ring turned to sit along the square's edges. */
const frame = () => new RingGeometry(0.34 * Math.SQRT2, 0.5 * Math.SQRT2, 4, 1, Math.PI / 4);

export class KeyCursor {
  readonly mesh = new Mesh(frame(), new MeshBasicMaterial({ color: 0x4da3ff, side: DoubleSide, depthTest: false, transparent: true }));
  private at: string | null = null;
  private focused = false;

  constructor(
    canvas: HTMLCanvasElement,
    private readonly host: KeyCursorHost,
  ) {
    this.mesh.rotation.x = -Math.PI / 2;
    this.mesh.renderOrder = 20;
    this.mesh.visible = false;
    canvas.tabIndex = 0;
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', '3D boards');
    canvas.setAttribute(
      'aria-label',
      '3D boards: arrow keys move between squares, Page Up and Page Down between boards, Enter picks up and puts down',
    );
    canvas.addEventListener('focus', () => {
      // A click focuses the canvas too: the frame shows for keyboard use only.
      this.focused = canvas.matches(':focus-visible');
      if (!this.at || !host.position(this.at)) this.go(host.home());
      else this.refresh();
    });
    canvas.addEventListener('blur', () => {
      this.focused = false;
      this.refresh();
    });
    canvas.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** The cursor's square and whether it is drawn (for tests). */
  state(): { square: string | null; drawn: boolean } {
    return { square: this.at, drawn: this.mesh.visible };
  }

  /** Puts the frame on the cursor's square again (after the boards were rebuilt). */
  refresh(): void {
    const p = this.at ? this.host.position(this.at) : undefined;
    if (this.at && !p) this.at = null;
    this.mesh.visible = this.focused && !!p;
    if (p) this.mesh.position.set(p.x, p.y + 0.03, p.z);
    this.host.redraw();
  }

  private go(square: string | null): void {
    this.at = square;
    this.refresh();
    if (square) this.host.moved(square);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    this.focused = true;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (this.at) this.host.tap(this.at);
      return;
    }
    const key = navKey(e.key);
    if (!key) return;
    // The keys are the board's even at an edge: the page must not scroll or step the review.
    e.preventDefault();
    e.stopPropagation();
    if (!this.at) {
      this.go(this.host.home());
      return;
    }
    const to = navigate(this.host.squares(), this.at, key);
    if (to) this.go(to);
  }
}
