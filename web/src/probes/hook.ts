// window.__spacechess: what browser tests read and drive (see docs/web.md).

import { played } from '../sounds';
import type { GameSession } from './session';

export function installTestHook(session: GameSession): void {
  const scene = () => session.scene.peek();
  const w = window as unknown as { __spacechess?: unknown };
  w.__spacechess = {
    ready: () => !!session.view.peek() && (session.viewMode.peek() === 'flat' || !!scene()),
    view: () => session.view.peek(),
    selection: () => session.selection.peek(),
    /** Taps a square as the flat view does (to lift a piece the 3D view may not show). */
    tapSquare: (name: string) => session.dispatch({ type: 'tap', square: name }),
    squareToScreen: (name: string) => scene()?.squareToScreen(name) ?? null,
    findTapPoint: (name: string) => scene()?.findTapPoint(name) ?? null,
    findBoardDestPoint: (to: string) => scene()?.findBoardDestPoint(to) ?? null,
    measureTurn: (ms: number, adaptive = true) => scene()?.measureTurn(ms, adaptive) ?? Promise.resolve(null),
    setOrbit: (o: { azimuth: number; elevation: number; distance: number }) => scene()?.setOrbit(o),
    getOrbit: () => scene()?.getOrbit() ?? null,
    oracleDrawn: () => scene()?.drawnOracle() ?? null,
    review: () => session.review.ply.peek(),
    /** The side at the bottom of both views. */
    orientation: () => session.orientation.peek(),
    panelTab: () => session.panelTab.peek(),
    soundsPlayed: () => played.slice(),
    inspectDrawn: () => scene()?.drawnInspect() ?? null,
    piecePosition: (square: string) => scene()?.piecePosition(square) ?? null,
    slowMotion: (scale: number) => scene()?.setMotionScale(scale),
    squarePosition: (square: string) => scene()?.squarePosition(square) ?? null,
    keyCursor: () => scene()?.cursor() ?? null,
    lastFlight: () => scene()?.lastFlight ?? null,
    spread: () => scene()?.getSpread() ?? null,
    focusedBoard: () => scene()?.focusedBoard() ?? null,
    coordinates: () => scene()?.drawnCoordinates() ?? [],
    /** Squares of upper boards opened so that what lies under them is seen (3D). */
    openSquares: () => scene()?.openSquares() ?? [],
    /** The share (0..1) of the piece on a square that the 3D camera shows. */
    visibility: (square: string) => scene()?.visibility(square) ?? null,
    /** Whether the 3D view points at the last move from its edge (it is out of view). */
    lastMovePointer: () => !(document.querySelector('.lastmove-pointer') as HTMLElement | null)?.hidden,
  };
}
