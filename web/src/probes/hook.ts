// window.__spacechess: what browser tests read and drive (see docs/web.md). Part of the
// probes (index.ts): installed when the game screen offers its session.

import type { ProbeSubject } from '../game/probe-port';
import * as sceneProbe from './scene';

export function installTestHook({ session, soundsPlayed }: ProbeSubject): void {
  const scene = () => session.scene.peek();
  const w = window as unknown as { __spacechess?: unknown };
  w.__spacechess = {
    ready: () => !!session.view.peek() && (session.viewMode.peek() === 'flat' || !!scene()),
    view: () => session.view.peek(),
    selection: () => session.selection.peek(),
    /** Taps a square as the flat view does (to lift a piece the 3D view may not show). */
    tapSquare: (name: string) => session.dispatch({ type: 'tap', square: name }),
    squareToScreen: (name: string) => withScene((s) => sceneProbe.squareToScreen(s, name)),
    findTapPoint: (name: string) => withScene((s) => sceneProbe.findTapPoint(s, name)),
    findBoardDestPoint: (to: string) => withScene((s) => sceneProbe.findBoardDestPoint(s, to)),
    measureTurn: (ms: number, adaptive = true) => withScene((s) => sceneProbe.measureTurn(s, ms, adaptive)) ?? Promise.resolve(null),
    setOrbit: (o: { azimuth: number; elevation: number; distance: number }) => scene()?.setOrbit(o),
    getOrbit: () => scene()?.getOrbit() ?? null,
    oracleDrawn: () => scene()?.marks.oracleShown ?? null,
    review: () => session.review.ply.peek(),
    /** The side at the bottom of both views. */
    orientation: () => session.orientation.peek(),
    panelTab: () => session.panelTab.peek(),
    soundsPlayed,
    inspectDrawn: () => withScene((s) => Object.fromEntries(s.marks.inspectShown)),
    piecePosition: (square: string) => withScene((s) => sceneProbe.piecePosition(s, square)),
    /** Makes the next flights `scale` times slower (for tests on a slow software renderer). */
    slowMotion: (scale: number) => withScene((s) => void (s.pieces.motionScale = Math.max(1, scale))),
    squarePosition: (square: string) => scene()?.boards.cellPos.get(square) ?? null,
    keyCursor: () => scene()?.keyCursor.state() ?? null,
    lastFlight: () => withScene((s) => sceneProbe.lastFlight(s)),
    spread: () => scene()?.getSpread() ?? null,
    focusedBoard: () => scene()?.focusedBoard() ?? null,
    coordinates: () => withScene((s) => sceneProbe.drawnCoordinates(s)) ?? [],
    /** Squares of upper boards opened so that what lies under them is seen (3D). */
    openSquares: () => withScene((s) => sceneProbe.openSquares(s)) ?? [],
    /** The share (0..1) of the piece on a square that the 3D camera shows. */
    visibility: (square: string) => withScene((s) => sceneProbe.visibility(s, square)),
    /** Whether the 3D view points at the last move from its edge (it is out of view). */
    lastMovePointer: () => !(document.querySelector('.lastmove-pointer') as HTMLElement | null)?.hidden,
  };

  /** `probe` of the 3D view when it is shown, else null. */
  function withScene<T>(probe: (s: NonNullable<ReturnType<typeof scene>>) => T): T | null {
    const s = scene();
    return s ? probe(s) : null;
  }
}
