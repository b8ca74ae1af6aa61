// The 3D view: a widget that draws what it is told (boards, posts, pieces, marks) and
// reports taps, like a board widget that knows no chess. This façade composes its parts:
// the camera (scene/camera.ts), the layers (scene/boards.ts, pieces.ts, mark-layer.ts,
// openings.ts, labels.ts) and the input (scene/input.ts). Loaded lazily (three.js is the
// big part of the bundle). Renders only when something changed or while an animation or
// a camera move runs. What the browser tests read of it lives in probes/, outside the app.

import { AmbientLight, Color, DirectionalLight, HemisphereLight, Scene, WebGLRenderer, type Object3D } from 'three';
import type { GameView, Side } from './api';
import { BOARD_AREA, type FramePoint } from './camera-fit';
import type { Orbit } from './camera-rig';
import { HOME_ELEVATION, SPREAD_MAX, SPREAD_MIN } from './layout';
import type { Marks } from './marks';
import type { PickResult, StandIn } from './picking';
import { RenderScale } from './render-scale';
import { navSquares } from './board-nav';
import { KeyCursor } from './key-cursor';
import { BoardLayer } from './scene/boards';
import { SceneCamera } from './scene/camera';
import { SceneInput } from './scene/input';
import { LabelLayer, screenBox } from './scene/labels';
import { MarkLayer } from './scene/mark-layer';
import { makeGeometries, makeMaterials } from './scene/materials';
import { Openings } from './scene/openings';
import { PieceLayer } from './scene/pieces';
import { Tweens } from './scene/tweens';

export class BoardScene {
  readonly canvas: HTMLCanvasElement;
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly tweens = new Tweens();
  readonly camera = new SceneCamera(this.tweens, () => this.invalidate());
  private readonly mats = makeMaterials();
  private readonly geos = makeGeometries();
  readonly boards = new BoardLayer(this.mats, this.geos);
  readonly pieces = new PieceLayer(this.mats, this.geos, this.tweens);
  readonly marks = new MarkLayer(this.mats, this.geos);
  readonly openings = new Openings();
  readonly labels: LabelLayer;
  readonly input: SceneInput;
  readonly keyCursor: KeyCursor;
  readonly renderScale = new RenderScale();
  readonly baseRatio = Math.min(window.devicePixelRatio || 1, 2);
  private ratio = 0;
  private frameRequested = false;
  private readonly resizeObserver: ResizeObserver;

  private geometryKey = '';
  /** The view last drawn (its legal moves give the board destinations' squares). */
  private view: GameView | null = null;
  private shownMarks: Marks | null = null;
  private orientation: Side = 'white';
  private rules = { visualizer: true, marked: new Set<string>() as ReadonlySet<string> };
  private lastMoveKey = '';
  private lastPly: number | null = null;
  /** The spread control: a factor on the distance between levels. */
  private spread = 1;
  /** The board brought forward by a tap on its label (the others fade), if any. */
  private focused: string | null = null;
  private readonly faded = (board: string) => this.focused !== null && board !== this.focused;

  constructor(
    private readonly container: HTMLElement,
    private readonly onPick: (result: PickResult) => void,
    /** The keyboard cursor went to a square (for the announcer). */
    onCursor: (square: string) => void = () => {},
  ) {
    this.renderer = new WebGLRenderer({ antialias: true, alpha: false, preserveDrawingBuffer: true });
    this.setRatio(this.baseRatio);
    this.renderer.setClearColor(new Color(0x1b2230));
    this.canvas = this.renderer.domElement;
    this.canvas.classList.add('board3d');
    this.canvas.style.touchAction = 'none';
    container.append(this.canvas);
    this.labels = new LabelLayer(container);
    this.scene.add(new HemisphereLight(0xdde6ff, 0x332a22, 1.4));
    this.scene.add(new AmbientLight(0xffffff, 0.35));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(4, 12, 7);
    this.scene.add(sun);
    this.keyCursor = new KeyCursor(this.canvas, {
      squares: () => (this.view ? navSquares(this.view, this.orientation) : []),
      home: () => this.cursorHome(),
      position: (square) => this.boards.cellPos.get(square),
      tap: (square) => this.onPick({ kind: 'square', name: square }),
      moved: onCursor,
      redraw: () => this.invalidate(),
    });
    this.scene.add(this.boards.group, this.pieces.group, this.marks.group, this.keyCursor.mesh);
    this.input = new SceneInput(this.canvas, {
      getOrbit: () => this.camera.getOrbit(),
      setOrbit: (o) => this.camera.setOrbit(o),
      pickables: () => {
        this.camera.place();
        this.refreshOpenings();
        // Destinations first, so a glowing outline wins over squares it overlaps.
        const all = [...this.marks.standIns, ...this.boards.standIns, ...this.pieces.standIns];
        const standIns = this.focused === null ? all : all.filter((o) => !this.faded(this.standInBoard(o)));
        return { camera: this.camera.camera, standIns, rules: this.rules };
      },
      tapped: (result) => this.onPick(result),
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  update(view: GameView, marks: Marks, orientation: Side, visualizer: boolean): void {
    this.view = view;
    this.shownMarks = marks;
    const turned = orientation !== this.orientation;
    this.orientation = orientation;
    const key = this.spread + '|' + orientation + '|' + view.variant + '|' + view.cells.map((c) => c.name).join(',') + '|' + view.attack_boards.map((b) => b.position).join(',');
    if (key !== this.geometryKey) {
      this.geometryKey = key;
      this.buildBoards(view);
    }
    if (turned || this.camera.homeDistance === 0) this.resetView(false);
    this.rules = { visualizer, marked: new Set(marks.targets.keys()) };
    const moveKey = view.last_move ? `${view.ply}:${view.last_move.from}-${view.last_move.to}` : '';
    // A new move one ply on from the position drawn (not a reload, take-back or first draw) animates.
    const animateFrom = moveKey !== this.lastMoveKey && this.lastPly !== null && view.ply === this.lastPly + 1 && view.last_move ? view.last_move : null;
    this.lastMoveKey = moveKey;
    this.lastPly = view.ply;
    this.buildPieces(animateFrom);
    this.openings.changed();
    this.marks.build(marks, this.view, this.boards, this.spread, this.orientation);
    this.keyCursor.refresh();
  }

  /** Moves the levels apart or together (the spread control), keeping the camera's angle. */
  setSpread(spread: number): void {
    const next = Math.min(SPREAD_MAX, Math.max(SPREAD_MIN, spread));
    if (next === this.spread || !this.view || !this.shownMarks) return;
    this.spread = next;
    const orbit = this.camera.getOrbit();
    const home = this.camera.homeDistance;
    this.update(this.view, this.shownMarks, this.orientation, this.rules.visualizer);
    // buildBoards reset the view to fit the new extent; keep the player's angle and zoom.
    this.camera.setOrbit({ ...orbit, distance: (orbit.distance / home) * this.camera.homeDistance });
  }

  getSpread(): number {
    return this.spread;
  }

  turn(): void {
    this.camera.turn();
  }

  tilt(): void {
    this.camera.tilt();
  }

  zoom(): void {
    this.camera.zoom();
  }

  /** Back to the default camera: every board and its label framed, from the player's side. */
  resetView(animate = true): void {
    const angle = {
      azimuth: this.orientation === 'white' ? 0 : Math.PI,
      elevation: this.view ? HOME_ELEVATION[this.view.variant] : 0.62,
    };
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    const points: FramePoint[] = this.boards.corners.map((at) => ({ at, ...BOARD_AREA }));
    if (w > 0 && h > 0) points.push(...this.labels.framePoints(w, h));
    this.camera.reset(angle, points, animate);
  }

  getOrbit(): Orbit {
    return this.camera.getOrbit();
  }

  setOrbit(o: Orbit): void {
    this.camera.setOrbit(o);
  }

  /** Brings `board` forward (null: none): the other boards fade and let taps through. */
  focusBoard(board: string | null): void {
    this.focused = board;
    this.applyFocus();
    this.buildPieces(null);
    this.invalidate();
  }

  focusedBoard(): string | null {
    return this.focused;
  }

  /** What a tap at client pixel (x, y) picks. */
  pickClient(x: number, y: number): PickResult {
    return this.input.pickClient(x, y);
  }

  /** Puts the camera where the orbit says and opens what stands in front of what must be seen. */
  refreshOpenings(): void {
    this.camera.place();
    this.openings.refresh(this.camera.camera.position, this.boards, this.pieces, this.shownMarks);
  }

  invalidate(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((now) => this.frame(now));
  }

  /** The drawing buffer's pixels per CSS pixel. */
  get pixelRatio(): number {
    return this.ratio;
  }

  setRatio(ratio: number): void {
    if (ratio === this.ratio) return;
    this.ratio = ratio;
    this.renderer.setPixelRatio(ratio);
  }

  dispose(): void {
    this.resizeObserver.disconnect();
    this.renderer.dispose();
    this.canvas.remove();
    this.labels.remove();
  }

  /** Where the keyboard cursor starts: the lifted piece, the last move, a piece that can move. */
  private cursorHome(): string | null {
    const v = this.view;
    if (!v) return null;
    const movable = v.legal_moves.find((m) => m.mover === 'piece')?.from;
    const options = [this.shownMarks?.lifted, v.last_move?.to, movable, v.cells[0]?.name];
    return options.find((s): s is string => !!s && this.boards.cellPos.has(s)) ?? null;
  }

  private buildBoards(view: GameView): void {
    const { min, max } = this.boards.build(view, this.spread, this.orientation);
    this.labels.setBoards(this.boards.anchors, (board) => this.focusBoard(this.focused === board ? null : board));
    this.openings.reset();
    if (this.focused !== null && !this.boards.has(this.focused)) this.focused = null;
    this.applyFocus();
    this.camera.setExtent(min, max);
    this.resetView(false);
  }

  private buildPieces(animateFrom: { from: string; to: string } | null): void {
    if (!this.view || !this.shownMarks) return;
    this.openings.changed();
    this.pieces.build(this.view, this.shownMarks, this.boards.cellPos, this.faded, animateFrom);
  }

  private applyFocus(): void {
    this.boards.fade(this.faded);
    this.labels.focus(this.focused, this.faded);
  }

  private standInBoard(o: Object3D): string {
    const s = (o.userData as { standIn: StandIn }).standIn;
    if (s.pick === 'square') return this.boards.cellBoard.get(s.name) ?? '';
    if (s.pick === 'piece') return this.boards.cellBoard.get(s.square) ?? '';
    return this.focused ?? '';
  }

  private resize(): void {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = '100%';
    this.canvas.style.height = '100%';
    const atHome = this.camera.atHome;
    this.camera.setAspect(w / h);
    if (atHome && this.geometryKey) this.resetView(false);
    this.invalidate();
  }

  private frame(now: number): void {
    this.frameRequested = false;
    const moving = this.tweens.running || this.input.moving;
    this.tweens.step(now);
    this.setRatio(this.baseRatio * (moving ? this.renderScale.moving(now) : this.renderScale.still()));
    this.refreshOpenings();
    this.renderer.render(this.scene, this.camera.camera);
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    const to = this.view?.last_move?.to;
    const at = to ? this.boards.cellPos.get(to) : undefined;
    const keepClear = this.focused === null ? [] : screenBox(this.boards.boardSquares(this.focused), this.camera.camera, w, h);
    this.labels.place(this.camera.camera, w, h, keepClear, to && at ? { square: to, at } : null);
    // Keep drawing while something moves; one more frame afterwards at full resolution.
    if (this.tweens.running || (moving && this.ratio !== this.baseRatio)) this.invalidate();
  }
}
