// The 3D view: boards, posts, pieces, marks; orbit camera; taps resolved by picking.ts.
// Loaded lazily (three.js is the big part of the bundle). Renders only when something
// changed or while an animation or a camera move runs.

import {
  AmbientLight,
  BoxGeometry,
  BufferGeometry,
  CanvasTexture,
  CircleGeometry,
  Color,
  CylinderGeometry,
  DirectionalLight,
  DoubleSide,
  Group,
  HemisphereLight,
  InstancedMesh,
  Line,
  LineBasicMaterial,
  LineDashedMaterial,
  LineLoop,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  RingGeometry,
  Scene,
  Vector3,
  WebGLRenderer,
  type Object3D,
} from 'three';
import type { Cell, GameView, Side } from './api';
import { BOARD_AREA, boardCorners, fitCamera, type FramePoint } from './camera-fit';
import { clampOrbit, lerpOrbit, nextTilt, orbitOffset, type Orbit } from './camera-rig';
import { boardDestinationSquares, boardLabel, cellPosition, fileLetter, rankText, HOME_ELEVATION, LEVEL_STEP, postGeometry, SPREAD_MAX, SPREAD_MIN, type Vec3 } from './layout';
import type { Marks } from './marks';
import { pickAt, type PickResult, type StandIn } from './picking';
import { buildPiece, PIECE_HEIGHT } from './pieces3d';
import { placeLabels, type LabelBox } from './label-placement';
import { RenderScale } from './render-scale';
import { SightLines, type SightTarget } from './see-through';
import { visibleFraction } from './visibility-probe';
import { navSquares } from './board-nav';
import { KeyCursor } from './key-cursor';

const TAP_SLOP = 6;
const SLAB = 0.08;
/** Opened squares' colours: the squares' own (see `mats.glass`). */
const GLASS_LIGHT = new Color(0xe9e2cf);
const GLASS_DARK = new Color(0x5b4636);

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

interface PieceEntry {
  square: string;
  letter: string;
  group: Object3D;
  home: Vector3;
}

interface Tween {
  start: number;
  duration: number;
  apply: (t: number) => void;
}

export class BoardScene {
  readonly canvas: HTMLCanvasElement;
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(40, 1, 0.1, 200);
  private readonly raycaster = new Raycaster();
  private readonly target = new Vector3();
  private orbit: Orbit = { azimuth: 0, elevation: 0.6, distance: 14 };
  private homeOrbit: Orbit = { ...this.orbit };
  private radius = 6;
  /** Each board's corners at its squares and a piece's height above them (the default camera frames these). */
  private boardCorners: Vector3[] = [];
  /** The middle of the scene's box: where the default camera's framing starts from. */
  private centre = new Vector3();

  private boardLayer = new Group();
  private pieceLayer = new Group();
  private markLayer = new Group();
  private standIns: Object3D[] = [];
  private pieces = new Map<string, PieceEntry>();
  private cellPos = new Map<string, Vec3>();
  private cellBoard = new Map<string, string>();
  private geometryKey = '';
  /** The view last drawn (its legal moves give the board destinations' squares). */
  private view: GameView | null = null;
  private orientation: Side = 'white';
  private rules = { visualizer: true, marked: new Set<string>() as ReadonlySet<string> };
  private lastMoveKey = '';
  private lastPly: number | null = null;
  /** The move in flight: its square, how far along (0..1), and how to place its piece. */
  /** The last move's flight: heights along it at tenths of its time (for tests). */
  lastFlight: { square: string; from: number; to: number; heights: number[] } | null = null;
  private motion: { square: string; at: number; place?: (t: number) => void } | null = null;
  private oracleShown: Marks['oracle'] = null;
  /** Inspect marks last drawn, square to mark (for tests). */
  private inspectShown = new Map<string, string>();
  /** The spread control: a factor on the distance between levels. */
  private spread = 1;
  /** How many times slower than usual moves fly (tests sample a flight frame by frame). */
  private motionScale = 1;
  private marks: Marks | null = null;
  /** The board brought forward by a tap on its label (the others fade), if any. */
  private focused: string | null = null;
  private coordinates: { text: string; board: string; at: Vec3 }[] = [];
  private readonly glyphs = new Map<string, MeshBasicMaterial>();
  private boardMeshes = new Map<string, { light: InstancedMesh; dark: InstancedMesh }>();
  /** Each square's slab: its mesh and instance, to hide it while it is open. */
  private slabs = new Map<string, { mesh: InstancedMesh; index: number; at: Vec3 }>();
  private squareStandIns = new Map<string, Extract<StandIn, { pick: 'square' }>>();
  /** Lines of sight to what must be seen, and the squares opened for them (see-through.ts). */
  private sight: SightLines | null = null;
  private opened = new Set<string>();
  private openKey = '';
  /** Counts rebuilds of pieces and marks, so the openings are worked out again after one. */
  private drawn = 0;
  /** Open squares are drawn as faint glass, so the board keeps its shape. */
  private glass: InstancedMesh | null = null;

  private readonly labelLayer: HTMLElement;
  /** Points at the last move's square when it lies outside the view. */
  private readonly pointer: HTMLElement;
  private labels: { el: HTMLElement; at: Vector3; right: boolean }[] = [];
  private tweens: Tween[] = [];
  private frameRequested = false;
  private readonly renderScale = new RenderScale();
  private readonly baseRatio = Math.min(window.devicePixelRatio || 1, 2);
  private ratio = 0;
  private readonly pointers = new Map<number, { x: number; y: number; sx: number; sy: number }>();
  private dragging = false;
  private pinchDistance = 0;
  private readonly resizeObserver: ResizeObserver;
  private readonly keyCursor: KeyCursor;

  private readonly mats = {
    light: new MeshStandardMaterial({ color: 0xe9e2cf, transparent: true, opacity: 0.32, depthWrite: false, side: DoubleSide }),
    dark: new MeshStandardMaterial({ color: 0x5b4636, roughness: 0.8 }),
    // Boards faded while another is brought forward: shown faintly, never in the way of a tap.
    // An opened square keeps its own colour, faintly (per instance): the board's pattern
    // goes on across the opening instead of leaving holes. Light enough that a piece seen
    // through two openings keeps most of its contrast (see visibility-probe.ts).
    glass: new MeshStandardMaterial({ color: 0xffffff, transparent: true, opacity: 0.2, depthWrite: false }),
    lightFaded: new MeshStandardMaterial({ color: 0xe9e2cf, transparent: true, opacity: 0.08, depthWrite: false, side: DoubleSide }),
    darkFaded: new MeshStandardMaterial({ color: 0x5b4636, transparent: true, opacity: 0.14, depthWrite: false }),
    whiteFaded: new MeshStandardMaterial({ color: 0xf4ecdc, transparent: true, opacity: 0.18, depthWrite: false }),
    blackFaded: new MeshStandardMaterial({ color: 0x2b2522, transparent: true, opacity: 0.22, depthWrite: false }),
    white: new MeshStandardMaterial({ color: 0xf4ecdc, roughness: 0.45 }),
    black: new MeshStandardMaterial({ color: 0x2b2522, roughness: 0.45 }),
    liftedWhite: new MeshStandardMaterial({ color: 0xfff6c8, emissive: 0x665500, roughness: 0.4 }),
    liftedBlack: new MeshStandardMaterial({ color: 0x4a3f26, emissive: 0x443300, roughness: 0.4 }),
    checkWhite: new MeshStandardMaterial({ color: 0xffd0d0, emissive: 0xcc0000, roughness: 0.4 }),
    checkBlack: new MeshStandardMaterial({ color: 0x551111, emissive: 0xaa0000, roughness: 0.4 }),
    post: new MeshStandardMaterial({ color: 0xc8d2dc, metalness: 0.3, roughness: 0.35 }),
    dot: new MeshBasicMaterial({ color: 0xffd400, side: DoubleSide, depthTest: false, transparent: true }),
    ring: new MeshBasicMaterial({ color: 0xffd400, side: DoubleSide, depthTest: false, transparent: true }),
    checkRing: new MeshBasicMaterial({ color: 0xff2020, side: DoubleSide, transparent: true, opacity: 0.8 }),
    dashed: new LineDashedMaterial({ color: 0xffd400, dashSize: 0.18, gapSize: 0.12 }),
    lastMove: new LineBasicMaterial({ color: 0x22cc44 }),
    frame: new LineBasicMaterial({ color: 0x8899aa }),
    frameWhite: new LineBasicMaterial({ color: 0xd4a017 }),
    frameBlack: new LineBasicMaterial({ color: 0x7a4a1e }),
    framePick: new LineBasicMaterial({ color: 0x33ddff }),
    boardDest: new LineBasicMaterial({ color: 0xffe14d }),
    // The Oracle's line: purple where the piece or board is, gold where it goes, red on a capture.
    oracleFrom: new MeshBasicMaterial({ color: 0xa040ff, side: DoubleSide, transparent: true, opacity: 0.6, depthWrite: false }),
    oracleTo: new MeshBasicMaterial({ color: 0xffc400, side: DoubleSide, transparent: true, opacity: 0.6, depthWrite: false }),
    oracleCapture: new MeshBasicMaterial({ color: 0xff2a2a, side: DoubleSide, depthTest: false, transparent: true }),
    oracleFromLine: new LineBasicMaterial({ color: 0xb060ff }),
    oracleToLine: new LineBasicMaterial({ color: 0xffc400 }),
    // Inspect mode: green where the piece may play now, blue for previews.
    inspectMove: new MeshBasicMaterial({ color: 0x22c55e, side: DoubleSide, depthTest: false, transparent: true }),
    inspectPreview: new MeshBasicMaterial({ color: 0x3b82f6, side: DoubleSide, depthTest: false, transparent: true }),
    hidden: new MeshBasicMaterial({ visible: false }),
  };
  private readonly geos = {
    slab: new BoxGeometry(0.98, SLAB, 0.98),
    standInSquare: new BoxGeometry(1, SLAB * 1.5, 1),
    standInPiece: new CylinderGeometry(0.3, 0.3, 1, 10),
    dot: new CircleGeometry(0.13, 20),
    ring: new RingGeometry(0.34, 0.44, 28),
    checkRing: new RingGeometry(0.3, 0.48, 28),
    post: new CylinderGeometry(0.07, 0.07, 1, 10),
    dest: new BoxGeometry(2, 0.12, 2),
    square: new PlaneGeometry(0.96, 0.96),
    captureRing: new RingGeometry(0.3, 0.46, 28),
    diamond: new CircleGeometry(0.22, 4),
    glyph: new PlaneGeometry(0.5, 0.5),
  };

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
    this.labelLayer = document.createElement('div');
    this.labelLayer.className = 'labels3d';
    this.pointer = document.createElement('div');
    this.pointer.className = 'lastmove-pointer';
    this.pointer.setAttribute('role', 'note');
    this.pointer.hidden = true;
    container.append(this.canvas, this.labelLayer, this.pointer);
    this.scene.add(new HemisphereLight(0xdde6ff, 0x332a22, 1.4));
    this.scene.add(new AmbientLight(0xffffff, 0.35));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(4, 12, 7);
    this.scene.add(sun);
    this.keyCursor = new KeyCursor(this.canvas, {
      squares: () => (this.view ? navSquares(this.view, this.orientation) : []),
      home: () => this.cursorHome(),
      position: (square) => this.cellPos.get(square),
      tap: (square) => this.onPick({ kind: 'square', name: square }),
      moved: onCursor,
      redraw: () => this.invalidate(),
    });
    this.scene.add(this.boardLayer, this.pieceLayer, this.markLayer, this.keyCursor.mesh);
    this.bindInput();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  // ------------------------------------------------------------------ public

  update(view: GameView, marks: Marks, orientation: Side, visualizer: boolean): void {
    this.view = view;
    this.marks = marks;
    const turned = orientation !== this.orientation;
    this.orientation = orientation;
    const key = this.spread + '|' + orientation + '|' + view.variant + '|' + view.cells.map((c) => c.name).join(',') + '|' + view.attack_boards.map((b) => b.position).join(',');
    if (key !== this.geometryKey) {
      this.geometryKey = key;
      this.buildBoards(view);
    }
    if (turned || this.homeOrbit.distance === 0) this.resetView(false);
    this.rules = { visualizer, marked: new Set(marks.targets.keys()) };
    const moveKey = view.last_move ? `${view.ply}:${view.last_move.from}-${view.last_move.to}` : '';
    // A new move one ply on from the position drawn (not a reload, take-back or first draw) animates.
    const animateFrom = moveKey !== this.lastMoveKey && this.lastPly !== null && view.ply === this.lastPly + 1 && view.last_move ? view.last_move : null;
    this.lastMoveKey = moveKey;
    this.lastPly = view.ply;
    this.buildPieces(view, marks, animateFrom);
    this.buildMarks(marks);
    this.keyCursor.refresh();
  }

  /** Where the keyboard cursor starts: the lifted piece, the last move, a piece that can move. */
  private cursorHome(): string | null {
    const v = this.view;
    if (!v) return null;
    const movable = v.legal_moves.find((m) => m.mover === 'piece')?.from;
    const options = [this.marks?.lifted, v.last_move?.to, movable, v.cells[0]?.name];
    return options.find((s): s is string => !!s && this.cellPos.has(s)) ?? null;
  }

  /** The keyboard cursor's square and whether it is drawn, for tests. */
  cursor(): { square: string | null; drawn: boolean } {
    return this.keyCursor.state();
  }

  /** Moves the levels apart or together (the spread control), keeping the camera's angle. */
  setSpread(spread: number): void {
    const next = Math.min(SPREAD_MAX, Math.max(SPREAD_MIN, spread));
    if (next === this.spread || !this.view || !this.marks) return;
    this.spread = next;
    const orbit = this.getOrbit();
    const home = this.homeOrbit.distance;
    this.update(this.view, this.marks, this.orientation, this.rules.visualizer);
    // buildBoards reset the view to fit the new extent; keep the player's angle and zoom.
    this.setOrbit({ ...orbit, distance: (orbit.distance / home) * this.homeOrbit.distance });
  }

  getSpread(): number {
    return this.spread;
  }

  /** Where the piece standing on `square` is drawn now (mid-animation too), for tests. */
  piecePosition(square: string): Vec3 | null {
    const piece = this.pieces.get(square);
    return piece ? { x: piece.group.position.x, y: piece.group.position.y, z: piece.group.position.z } : null;
  }

  /** Makes the next flights `scale` times slower (for tests on a slow software renderer). */
  setMotionScale(scale: number): void {
    this.motionScale = Math.max(1, scale);
  }

  /** The centre of a square's top face in the scene, for tests. */
  squarePosition(square: string): Vec3 | null {
    return this.cellPos.get(square) ?? null;
  }

  /** The coordinates drawn on the boards' edges, for tests. */
  drawnCoordinates(): { text: string; board: string }[] {
    return this.coordinates.map(({ text, board }) => ({ text, board }));
  }

  turn(): void {
    this.animateOrbit({ ...this.orbit, azimuth: this.orbit.azimuth + Math.PI / 4 });
  }

  tilt(): void {
    this.animateOrbit({ ...this.orbit, elevation: nextTilt(this.orbit.elevation) });
  }

  zoom(): void {
    const d = this.orbit.distance > this.homeOrbit.distance * 0.75 ? this.homeOrbit.distance * 0.6 : this.homeOrbit.distance * 1.15;
    this.animateOrbit({ ...this.orbit, distance: d });
  }

  resetView(animate = true): void {
    const angle = {
      azimuth: this.orientation === 'white' ? 0 : Math.PI,
      elevation: this.view ? HOME_ELEVATION[this.view.variant] : 0.62,
    };
    const fit = fitCamera(this.camera.clone(), angle, this.framePoints(), this.centre, [this.radius * 0.5, this.radius * 6]);
    const home = { ...angle, distance: fit.distance };
    this.homeOrbit = home;
    if (animate && !reducedMotion()) {
      const from = this.target.clone();
      this.tweens.push({ start: performance.now(), duration: 350, apply: (t) => this.target.lerpVectors(from, fit.target, t) });
      this.animateOrbit(home);
    } else {
      this.target.copy(fit.target);
      this.setOrbit(home);
    }
  }

  /**
   * What the default camera must show: every board's corners (a margin all round), and each
   * board label whole, on the side of its anchor where it is drawn (see `placeLabels`).
   */
  private framePoints(): FramePoint[] {
    const points: FramePoint[] = this.boardCorners.map((at) => ({ at, ...BOARD_AREA }));
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    if (w === 0 || h === 0) return points;
    for (const { el, at, right } of this.labels) {
      const bw = Math.min(1, (2 * el.offsetWidth) / w);
      const bh = Math.min(0.5, el.offsetHeight / h);
      points.push({ at, x: right ? [-1, 1 - bw] : [-1 + bw, 1], y: [-1 + bh, 1 - bh] });
    }
    return points;
  }

  getOrbit(): Orbit {
    return { ...this.orbit };
  }

  setOrbit(o: Orbit): void {
    this.orbit = clampOrbit(o, this.radius * 0.6, this.radius * 6);
    this.placeCamera();
    this.invalidate();
  }

  /** Client-pixel position of a square (its piece when occupied), for tests. */
  squareToScreen(name: string): { x: number; y: number } | null {
    const p = this.cellPos.get(name);
    if (!p) return null;
    const piece = this.pieces.get(name);
    const y = piece ? p.y + PIECE_HEIGHT[piece.letter.toLowerCase()] * 0.5 : p.y;
    return this.project(new Vector3(p.x, y, p.z));
  }

  /** A client-pixel point whose tap picks `name` under the current rules, if any. */
  findTapPoint(name: string): { x: number; y: number } | null {
    const p = this.cellPos.get(name);
    if (!p) return null;
    const piece = this.pieces.get(name);
    const h = piece ? PIECE_HEIGHT[piece.letter.toLowerCase()] : 0;
    // Centre first, then a grid over the piece's stand-in (or the square's face).
    const candidates: Vector3[] = [];
    const offsets: number[][] = [[0, 0]];
    for (const a of [-2, -1, 0, 1, 2]) for (const b of [-2, -1, 0, 1, 2]) if (a || b) offsets.push([a / 2, b / 2]);
    for (const fy of piece ? [0.5, 0.3, 0.7, 0.15, 0.85, 0.05] : [0]) {
      for (const [dx, dz] of offsets) {
        const r = piece ? 0.25 : 0.42;
        candidates.push(new Vector3(p.x + dx * r, p.y + h * fy + (piece ? 0 : SLAB / 2), p.z + dz * r));
      }
    }
    for (const c of candidates) {
      const s = this.project(c);
      if (!s) continue;
      if (!this.reachesCanvas(s)) continue;
      const r = this.pickClient(s.x, s.y);
      if (r && r.kind === 'square' && r.name === name) return s;
    }
    return null;
  }

  /** Whether a tap at this pixel lands on the canvas (not on a label over it). */
  private reachesCanvas(s: { x: number; y: number }): boolean {
    return typeof document.elementFromPoint !== 'function' || document.elementFromPoint(s.x, s.y) === this.canvas;
  }

  /** A client-pixel point whose tap picks the glowing attack-board destination `to`. */
  findBoardDestPoint(to: string): { x: number; y: number } | null {
    const pts = this.view ? boardDestinationSquares(this.view, to).map((c) => cellPosition('trid', c, this.spread, this.orientation)) : [];
    if (!pts.length) return null;
    const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    const cz = pts.reduce((s, p) => s + p.z, 0) / pts.length;
    for (const [dx, dz] of [[0, 0], [0.5, 0.5], [-0.5, 0.5], [0.5, -0.5], [-0.5, -0.5]]) {
      const s = this.project(new Vector3(cx + dx, pts[0].y, cz + dz));
      if (!s) continue;
      const r = this.pickClient(s.x, s.y);
      if (r && r.kind === 'board-dest' && r.to === to) return s;
    }
    return null;
  }

  /** What a tap at client pixel (x, y) picks. */
  pickClient(x: number, y: number): PickResult {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = { x: ((x - rect.left) / rect.width) * 2 - 1, y: -((y - rect.top) / rect.height) * 2 + 1 };
    this.placeCamera();
    this.refreshOpenings();
    const standIns = this.focused === null ? this.standIns : this.standIns.filter((o) => !this.isFaded(this.standInBoard(o)));
    return pickAt(this.camera, ndc, standIns, this.rules, this.raycaster);
  }

  /** Turns the view for `ms` milliseconds, one step per frame, and reports frames per second. */
  measureTurn(ms: number, adaptive = true): Promise<{ frames: number; fps: number; worstFrameMs: number; drawCalls: number; triangles: number; scale: number }> {
    return new Promise((resolve) => {
      const start = performance.now();
      let frames = 0;
      let last = start;
      let worst = 0;
      const frame = (now: number) => {
        worst = Math.max(worst, now - last);
        last = now;
        frames++;
        this.orbit = { ...this.orbit, azimuth: this.orbit.azimuth + 0.02 };
        this.setRatio(this.baseRatio * (adaptive ? this.renderScale.moving(now) : 1));
        this.placeCamera();
        this.renderer.render(this.scene, this.camera);
        if (now - start < ms) {
          requestAnimationFrame(frame);
          return;
        }
        const result = {
          frames,
          fps: (frames * 1000) / (now - start),
          worstFrameMs: worst,
          drawCalls: this.renderer.info.render.calls,
          triangles: this.renderer.info.render.triangles,
          scale: this.ratio / this.baseRatio,
        };
        this.setRatio(this.baseRatio * this.renderScale.still());
        this.invalidate();
        resolve(result);
      };
      requestAnimationFrame(frame);
    });
  }

  dispose(): void {
    this.resizeObserver.disconnect();
    this.renderer.dispose();
    this.canvas.remove();
    this.labelLayer.remove();
  }

  // ------------------------------------------------------------------ building

  private buildBoards(view: GameView): void {
    this.boardLayer.clear();
    this.standIns = this.standIns.filter((o) => (o.userData as { standIn: StandIn }).standIn.pick === 'piece');
    this.cellPos.clear();
    this.cellBoard.clear();
    const m = new Matrix4();
    const min = new Vector3(Infinity, Infinity, Infinity);
    const max = new Vector3(-Infinity, -Infinity, -Infinity);
    // One pair of meshes per board, so a board can fade when another is brought forward.
    this.boardMeshes.clear();
    this.slabs.clear();
    this.squareStandIns.clear();
    const boards = new Map<string, Cell[]>();
    for (const c of view.cells) boards.set(c.board, [...(boards.get(c.board) ?? []), c]);
    for (const [board, cells] of boards) {
      const mesh = (dark: boolean) => {
        const list = cells.filter((c) => c.dark === dark);
        const im = new InstancedMesh(this.geos.slab, dark ? this.mats.dark : this.mats.light, Math.max(1, list.length));
        im.count = list.length;
        if (!dark) im.renderOrder = 2;
        list.forEach((c, i) => {
          const p = cellPosition(view.variant, c.coords, this.spread, this.orientation);
          this.cellPos.set(c.name, p);
          this.cellBoard.set(c.name, c.board);
          min.min(new Vector3(p.x - 0.5, p.y, p.z - 0.5));
          max.max(new Vector3(p.x + 0.5, p.y + 1, p.z + 0.5));
          m.makeTranslation(p.x, p.y - SLAB / 2, p.z);
          im.setMatrixAt(i, m);
          this.slabs.set(c.name, { mesh: im, index: i, at: p });
          const standIn = new Mesh(this.geos.standInSquare, this.mats.hidden);
          standIn.position.set(p.x, p.y - SLAB / 2, p.z);
          const s: Extract<StandIn, { pick: 'square' }> = { pick: 'square', name: c.name, dark: c.dark };
          this.squareStandIns.set(c.name, s);
          standIn.userData = { standIn: s };
          standIn.updateMatrixWorld();
          this.standIns.push(standIn);
        });
        im.instanceMatrix.needsUpdate = true;
        return im;
      };
      const pair = { dark: mesh(true), light: mesh(false) };
      this.boardMeshes.set(board, pair);
      this.boardLayer.add(pair.dark, pair.light);
    }

    // Frames round every board; attack boards framed in their owner's colour.
    const groups = new Map<string, Vec3[]>();
    for (const c of view.cells) {
      const list = groups.get(c.board) ?? [];
      const p = this.cellPos.get(c.name);
      if (p) list.push(p);
      groups.set(c.board, list);
    }
    this.labels = [];
    this.labelLayer.replaceChildren();
    this.boardCorners = [];
    for (const [board, points] of groups) {
      // A tap on a board's label brings that board forward (the others fade); again, back.
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'level-label';
      el.dataset.board = board;
      el.textContent = boardLabel(view, board);
      el.title = `Bring ${el.textContent} forward`;
      el.addEventListener('click', () => this.focusBoard(this.focused === board ? null : board));
      this.labelLayer.append(el);
      const white = this.orientation === 'white';
      const xs = points.map((p) => p.x);
      const zs = points.map((p) => p.z);
      // Tri-D's king-side attack boards are labelled on their outer (right) side, off the level.
      const ab = view.attack_boards.find((b) => b.name === board);
      const kingSide = !!ab && ab.post_coords[0] > 2;
      // An attack board is labelled on its outer side (a king-side one at its highest file);
      // Fourfold's boards too (the column at +x at its highest file), clear of the narrow gap
      // between the columns, where a label covered the other column's corner on a phone;
      // any other level at its left edge as the viewer sees it (White's low files, Black's high).
      const outerMaxX = view.variant === 'fourfold' ? Math.min(...xs) + Math.max(...xs) > 0 : null;
      const atMaxX = ab ? kingSide : outerMaxX ?? !white;
      // Where levels step sideways (Quadlevel), the near corner lies over the level beside
      // it: label those at their far corner instead, where nothing stands.
      const far = LEVEL_STEP[view.variant].dx > 0;
      const nearZ = white !== far ? Math.max(...zs) + 0.55 : Math.min(...zs) - 0.55;
      const at = new Vector3(atMaxX ? Math.max(...xs) + 0.55 : Math.min(...xs) - 0.55, points[0].y, nearZ);
      // The label extends away from its board: to the right where that outer side is on the viewer's right.
      this.labels.push({ el, at, right: ab ? kingSide === white : outerMaxX !== null && outerMaxX === white });
      this.boardCorners.push(...boardCorners(points));
      const frame = this.rectangle(points, 0.52, ab ? (ab.owner === 'white' ? this.mats.frameWhite : this.mats.frameBlack) : this.mats.frame);
      frame.userData = { board };
      this.boardLayer.add(frame);
    }
    this.addCoordinates(view, groups);
    this.sight = new SightLines([...groups.keys()].map((board) => ({ cells: view.cells.filter((c) => c.board === board).map((c) => ({ name: c.name, at: this.cellPos.get(c.name) ?? { x: 0, y: 0, z: 0 } })) })));
    this.glass = new InstancedMesh(this.geos.slab, this.mats.glass, Math.max(1, view.cells.length));
    // Instance colours from the start, so the material is built with them.
    this.glass.setColorAt(0, GLASS_LIGHT);
    this.glass.count = 0;
    this.glass.renderOrder = 2;
    this.boardLayer.add(this.glass);
    this.opened = new Set();
    this.openKey = '';
    for (const ab of view.attack_boards) {
      const g = postGeometry(ab, this.spread, this.orientation);
      const h = Math.abs(g.top.y - g.bottom.y);
      const post = new Mesh(this.geos.post, this.mats.post);
      post.scale.y = h;
      post.position.set(g.top.x, (g.top.y + g.bottom.y) / 2 - SLAB / 2, g.top.z);
      this.boardLayer.add(post);
    }
    if (this.focused !== null && !groups.has(this.focused)) this.focused = null;
    this.applyFocus();
    this.centre = min.clone().add(max).multiplyScalar(0.5);
    this.radius = Math.max(3, max.clone().sub(min).length() / 2);
    this.camera.far = this.radius * 20;
    this.camera.updateProjectionMatrix();
    this.resetView(false);
  }

  private rectangle(points: Vec3[], pad: number, material: LineBasicMaterial): LineLoop {
    const xs = points.map((p) => p.x);
    const zs = points.map((p) => p.z);
    const y = points[0].y + 0.005;
    const x0 = Math.min(...xs) - pad;
    const x1 = Math.max(...xs) + pad;
    const z0 = Math.min(...zs) - pad;
    const z1 = Math.max(...zs) + pad;
    const g = new BufferGeometry().setFromPoints([
      new Vector3(x0, y, z0),
      new Vector3(x1, y, z0),
      new Vector3(x1, y, z1),
      new Vector3(x0, y, z1),
    ]);
    return new LineLoop(g, material);
  }

  private pieceMaterial(letter: string, lifted: boolean, checked: boolean, faded: boolean) {
    const white = letter === letter.toUpperCase();
    if (faded) return white ? this.mats.whiteFaded : this.mats.blackFaded;
    if (checked) return white ? this.mats.checkWhite : this.mats.checkBlack;
    if (lifted) return white ? this.mats.liftedWhite : this.mats.liftedBlack;
    return white ? this.mats.white : this.mats.black;
  }

  private buildPieces(view: GameView, marks: Marks, animateFrom: { from: string; to: string } | null): void {
    this.drawn++;
    this.pieceLayer.clear();
    this.pieces.clear();
    this.standIns = this.standIns.filter((o) => (o.userData as { standIn: StandIn }).standIn.pick !== 'piece');
    for (const c of view.cells) {
      if (!c.piece) continue;
      const p = this.cellPos.get(c.name);
      if (!p) continue;
      const lifted = marks.lifted === c.name;
      const group = buildPiece(c.piece, this.pieceMaterial(c.piece, lifted, marks.checked.has(c.name), this.isFaded(c.board)));
      const home = new Vector3(p.x, p.y + (lifted ? 0.3 : 0), p.z);
      group.position.copy(home);
      this.pieceLayer.add(group);
      this.pieces.set(c.name, { square: c.name, letter: c.piece, group, home });
      const h = PIECE_HEIGHT[c.piece.toLowerCase()] ?? 0.7;
      const standIn = new Mesh(this.geos.standInPiece, this.mats.hidden);
      standIn.scale.y = h;
      standIn.position.set(p.x, p.y + h / 2, p.z);
      standIn.userData = { standIn: { pick: 'piece', square: c.name } satisfies StandIn };
      standIn.updateMatrixWorld();
      this.standIns.push(standIn);
    }
    if (animateFrom && !reducedMotion()) {
      const moved = this.pieces.get(animateFrom.to);
      const from = this.cellPos.get(animateFrom.from);
      if (moved && from) {
        const a = new Vector3(from.x, from.y, from.z);
        const b = moved.home.clone();
        // Between levels the piece travels on an arc over both.
        const arc = Math.abs(a.y - b.y) > 0.01 ? 0.9 + Math.abs(a.y - b.y) * 0.4 : 0;
        const square = animateFrom.to;
        const motion: { square: string; at: number; place?: (t: number) => void } = { square, at: 0 };
        this.motion = motion;
        const point = (t: number) => {
          const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
          const v = new Vector3().lerpVectors(a, b, e);
          v.y += Math.sin(Math.PI * e) * arc;
          return v;
        };
        this.lastFlight = { square, from: a.y, to: b.y, heights: Array.from({ length: 11 }, (_, i) => point(i / 10).y) };
        const place = (t: number) => {
          // The pieces may be rebuilt mid-move (the socket's copy of the same position):
          // always move the piece drawn on the square now.
          this.pieces.get(square)?.group.position.copy(point(t));
        };
        motion.place = place;
        place(0);
        this.tweens.push({
          start: performance.now(),
          duration: 420 * this.motionScale,
          apply: (t) => {
            motion.at = t;
            place(t);
            if (t >= 1 && this.motion === motion) this.motion = null;
          },
        });
      }
    } else if (this.motion) {
      // Rebuilt during a move's flight: keep the piece where the flight has it.
      this.motion.place?.(this.motion.at);
    }
  }

  private buildMarks(marks: Marks): void {
    this.drawn++;
    this.markLayer.clear();
    this.standIns = this.standIns.filter((o) => (o.userData as { standIn: StandIn }).standIn.pick !== 'board-dest');
    const flatOn = (mesh: Mesh, p: Vec3, lift: number) => {
      mesh.rotation.x = -Math.PI / 2;
      mesh.position.set(p.x, p.y + lift, p.z);
      mesh.renderOrder = 5;
      this.markLayer.add(mesh);
    };
    const liftedPos = marks.lifted ? this.cellPos.get(marks.lifted) : undefined;
    const liftedBoard = marks.lifted ? this.cellBoard.get(marks.lifted) : undefined;
    for (const [square, t] of marks.targets) {
      const p = this.cellPos.get(square);
      if (!p) continue;
      flatOn(new Mesh(t.capture ? this.geos.ring : this.geos.dot, t.capture ? this.mats.ring : this.mats.dot), p, 0.02);
      if (liftedPos && (this.cellBoard.get(square) !== liftedBoard || Math.abs(p.y - liftedPos.y) > 0.01)) {
        const line = new Line(
          new BufferGeometry().setFromPoints([
            new Vector3(liftedPos.x, liftedPos.y + 0.35, liftedPos.z),
            new Vector3(p.x, p.y + 0.05, p.z),
          ]),
          this.mats.dashed,
        );
        line.computeLineDistances();
        this.markLayer.add(line);
      }
    }
    for (const square of marks.lastMove) {
      const p = this.cellPos.get(square);
      if (p) this.markLayer.add(this.rectangle([p], 0.44, this.mats.lastMove));
    }
    for (const square of marks.checked) {
      const p = this.cellPos.get(square);
      if (p) flatOn(new Mesh(this.geos.checkRing, this.mats.checkRing), p, 0.015);
    }
    for (const board of marks.boards) {
      const pts = [...this.cellBoard].filter(([, b]) => b === board).flatMap(([n]) => this.cellPos.get(n) ?? []);
      if (pts.length) this.markLayer.add(this.rectangle(pts, 0.58, this.mats.framePick));
    }
    this.buildOracleMarks(marks, flatOn);
    this.buildInspectMarks(marks, flatOn);
    for (const to of marks.boardTargets) {
      const pts = this.view ? boardDestinationSquares(this.view, to).map((c) => cellPosition('trid', c, this.spread, this.orientation)) : [];
      if (!pts.length) continue;
      this.markLayer.add(this.rectangle(pts, 0.5, this.mats.boardDest));
      this.markLayer.add(this.rectangle(pts, 0.44, this.mats.boardDest));
      const cx = pts.reduce((s, p) => s + p.x, 0) / 4;
      const cz = pts.reduce((s, p) => s + p.z, 0) / 4;
      const standIn = new Mesh(this.geos.dest, this.mats.hidden);
      standIn.position.set(cx, pts[0].y, cz);
      standIn.userData = { standIn: { pick: 'board-dest', to } satisfies StandIn };
      standIn.updateMatrixWorld();
      // Destinations are tested first so a glowing outline wins over squares it overlaps.
      this.standIns.unshift(standIn);
    }
  }

  /** Inspect mode: a green dot (play now) or blue diamond (preview), a ring on captures. */
  private buildInspectMarks(marks: Marks, flatOn: (mesh: Mesh, p: Vec3, lift: number) => void): void {
    this.inspectShown = new Map();
    for (const [square, mark] of marks.inspect?.squares ?? []) {
      const p = this.cellPos.get(square);
      if (!p) continue;
      const now = mark === 'move' || mark === 'capture';
      const mat = now ? this.mats.inspectMove : this.mats.inspectPreview;
      const mesh = new Mesh(now ? this.geos.dot : this.geos.diamond, mat);
      flatOn(mesh, p, 0.022);
      if (mark.endsWith('capture')) flatOn(new Mesh(this.geos.ring, mat), p, 0.024);
      this.inspectShown.set(square, mark);
    }
  }

  /** The inspect marks last drawn, square to mark (for tests). */
  drawnInspect(): Record<string, string> {
    return Object.fromEntries(this.inspectShown);
  }

  /** The Oracle line last drawn (for tests: what the scene was told and drew). */
  drawnOracle(): Marks['oracle'] {
    return this.oracleShown;
  }

  private buildOracleMarks(marks: Marks, flatOn: (mesh: Mesh, p: Vec3, lift: number) => void): void {
    const o = marks.oracle;
    this.oracleShown = o;
    if (!o) return;
    const square = (name: string | null, fill: MeshBasicMaterial, line: LineBasicMaterial) => {
      const p = name ? this.cellPos.get(name) : undefined;
      if (!p) return;
      flatOn(new Mesh(this.geos.square, fill), p, 0.012);
      this.markLayer.add(this.rectangle([p], 0.47, line), this.rectangle([p], 0.42, line));
    };
    square(o.from, this.mats.oracleFrom, this.mats.oracleFromLine);
    square(o.to, this.mats.oracleTo, this.mats.oracleToLine);
    const captured = o.captured ? this.cellPos.get(o.captured) : undefined;
    if (captured) flatOn(new Mesh(this.geos.captureRing, this.mats.oracleCapture), captured, 0.03);
    if (o.board) {
      const pts = [...this.cellBoard].filter(([, b]) => b === o.board).flatMap(([n]) => this.cellPos.get(n) ?? []);
      if (pts.length) this.markLayer.add(this.rectangle(pts, 0.6, this.mats.oracleFromLine), this.rectangle(pts, 0.54, this.mats.oracleFromLine));
    }
    if (o.boardTo) {
      const pts = this.view ? boardDestinationSquares(this.view, o.boardTo).map((c) => cellPosition('trid', c, this.spread, this.orientation)) : [];
      for (const p of pts) flatOn(new Mesh(this.geos.square, this.mats.oracleTo), p, 0);
      if (pts.length) this.markLayer.add(this.rectangle(pts, 0.56, this.mats.oracleToLine), this.rectangle(pts, 0.5, this.mats.oracleToLine));
    }
  }

  // ------------------------------------------------------------------ levels brought forward

  /** Brings `board` forward (null: none): the other boards fade and let taps through. */
  focusBoard(board: string | null): void {
    this.focused = board;
    this.applyFocus();
    if (this.view && this.marks) this.buildPieces(this.view, this.marks, null);
    this.invalidate();
  }

  private applyFocus(): void {
    const board = this.focused;
    for (const [b, pair] of this.boardMeshes) {
      const faded = this.isFaded(b);
      pair.light.material = faded ? this.mats.lightFaded : this.mats.light;
      pair.dark.material = faded ? this.mats.darkFaded : this.mats.dark;
    }
    for (const { el } of this.labels) {
      const on = el.dataset.board === board;
      el.setAttribute('aria-pressed', String(on));
      el.classList.toggle('faded', this.isFaded(el.dataset.board ?? ''));
    }
  }

  focusedBoard(): string | null {
    return this.focused;
  }

  private isFaded(board: string): boolean {
    return this.focused !== null && board !== this.focused;
  }

  private standInBoard(o: Object3D): string {
    const s = (o.userData as { standIn: StandIn }).standIn;
    if (s.pick === 'square') return this.cellBoard.get(s.name) ?? '';
    if (s.pick === 'piece') return this.cellBoard.get(s.square) ?? '';
    return this.focused ?? '';
  }

  // ------------------------------------------------------------------ nothing hidden

  /** What must stay in sight: every piece, and every marked square. */
  private sightTargets(): SightTarget[] {
    const out: SightTarget[] = [];
    for (const [square, piece] of this.pieces) {
      const at = this.cellPos.get(square);
      if (at) out.push({ at, height: PIECE_HEIGHT[piece.letter.toLowerCase()] ?? 0.7 });
    }
    const m = this.marks;
    if (!m) return out;
    const marked = new Set<string>([...m.targets.keys(), ...m.lastMove, ...m.checked, ...(m.inspect?.squares.keys() ?? [])]);
    for (const s of [m.lifted, m.oracle?.from, m.oracle?.to, m.oracle?.captured]) if (s) marked.add(s);
    for (const square of marked) {
      const at = this.cellPos.get(square);
      if (at && !this.pieces.has(square)) out.push({ at, height: 0.05 });
    }
    return out;
  }

  /**
   * Opens the squares of upper boards that stand between the camera and a piece or a
   * mark (see-through.ts): their slabs are drawn as faint glass and taps pass through
   * them. Worked out again when the camera moves or the pieces or marks change.
   */
  private refreshOpenings(): void {
    if (!this.sight || !this.glass) return;
    const eye = this.camera.position;
    const key = `${eye.x.toFixed(3)},${eye.y.toFixed(3)},${eye.z.toFixed(3)}|${this.drawn}`;
    if (key === this.openKey) return;
    this.openKey = key;
    const next = this.sight.open(eye, this.sightTargets());
    if (next.size === this.opened.size && [...next].every((s) => this.opened.has(s))) return;
    this.opened = next;
    const m = new Matrix4();
    const hidden = new Matrix4().makeScale(0, 0, 0);
    const touched = new Set<InstancedMesh>();
    let glass = 0;
    for (const [name, slab] of this.slabs) {
      const open = next.has(name);
      const at = new Vector3(slab.at.x, slab.at.y - SLAB / 2, slab.at.z);
      slab.mesh.setMatrixAt(slab.index, open ? hidden.setPosition(at) : m.makeTranslation(at));
      touched.add(slab.mesh);
      const standIn = this.squareStandIns.get(name);
      if (open) {
        this.glass.setColorAt(glass, standIn?.dark ? GLASS_DARK : GLASS_LIGHT);
        this.glass.setMatrixAt(glass++, m.makeTranslation(at));
      }
      if (standIn) standIn.open = open;
    }
    for (const mesh of touched) mesh.instanceMatrix.needsUpdate = true;
    this.glass.count = glass;
    this.glass.instanceMatrix.needsUpdate = true;
    if (this.glass.instanceColor) this.glass.instanceColor.needsUpdate = true;
  }

  /** The share of the piece on `square` the camera shows (0..1; null: no piece), for tests. */
  visibility(square: string): number | null {
    const piece = this.pieces.get(square);
    if (!piece) return null;
    this.placeCamera();
    this.refreshOpenings();
    const share = visibleFraction(this.renderer, this.scene, this.camera, piece.group, [this.boardLayer, this.pieceLayer, this.markLayer, this.keyCursor.mesh]);
    this.invalidate();
    return share;
  }

  /** The squares opened so that what lies under them is seen, for tests. */
  openSquares(): string[] {
    this.placeCamera();
    this.refreshOpenings();
    return [...this.opened].sort();
  }

  // ------------------------------------------------------------------ coordinates

  /**
   * File letters along a board's near edge and rank numbers along its left edge (Tri-D's
   * attack boards: on their outer side). In Tri-D a letter that would lie under another
   * board of the same stand (an attack board over its main level) is left out.
   */
  private addCoordinates(view: GameView, groups: Map<string, Vec3[]>): void {
    const white = this.orientation === 'white';
    const spots: { text: string; board: string; at: Vec3 }[] = [];
    for (const [board, points] of groups) {
      const y = points[0].y + 0.01;
      const xs = points.map((p) => p.x);
      const zs = points.map((p) => p.z);
      const nearZ = white ? Math.max(...zs) + 0.78 : Math.min(...zs) - 0.78;
      const ab = view.attack_boards.find((b) => b.name === board);
      // Attack boards on the king's side (files e, f) carry their ranks on the right.
      const onRight = ab ? ab.post_coords[0] > 2 === white : false;
      const sideX = onRight === white ? Math.max(...xs) + 0.78 : Math.min(...xs) - 0.78;
      const files = new Map<string, number>();
      const ranks = new Map<string, number>();
      for (const c of view.cells) {
        if (c.board !== board) continue;
        const p = this.cellPos.get(c.name);
        if (!p) continue;
        files.set(fileLetter(c.coords[0]), p.x);
        ranks.set(rankText(view.variant, c.coords[1]), p.z);
      }
      for (const [text, x] of files) spots.push({ text, board, at: { x, y, z: nearZ } });
      for (const [text, z] of ranks) spots.push({ text, board, at: { x: sideX, y, z } });
    }
    const under = (spot: (typeof spots)[number]) =>
      view.variant === 'trid' &&
      [...groups].some(([board, pts]) => {
        const gap = (this.orientation === 'white' ? LEVEL_STEP.trid.gap : LEVEL_STEP.trid.gapBlack) * this.spread;
        if (board === spot.board || Math.abs(pts[0].y - spot.at.y) > 1.2 * gap) return false;
        const xs = pts.map((p) => p.x);
        const zs = pts.map((p) => p.z);
        return spot.at.x > Math.min(...xs) - 0.6 && spot.at.x < Math.max(...xs) + 0.6 && spot.at.z > Math.min(...zs) - 0.6 && spot.at.z < Math.max(...zs) + 0.6;
      });
    this.coordinates = spots.filter((spot) => !under(spot));
    for (const spot of this.coordinates) this.boardLayer.add(this.glyph(spot.text, spot.at.x, spot.at.y, spot.at.z));
  }

  private glyph(text: string, x: number, y: number, z: number): Mesh {
    let material = this.glyphs.get(text);
    if (!material) {
      const c = document.createElement('canvas');
      c.width = c.height = 64;
      const ctx = c.getContext('2d');
      if (ctx) {
        ctx.fillStyle = '#c9d4e3';
        ctx.font = 'bold 44px sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(text, 32, 34);
      }
      material = new MeshBasicMaterial({ map: new CanvasTexture(c), transparent: true, depthWrite: false });
      this.glyphs.set(text, material);
    }
    const mesh = new Mesh(this.geos.glyph, material);
    mesh.rotation.x = -Math.PI / 2;
    if (this.orientation !== 'white') mesh.rotation.z = Math.PI;
    mesh.position.set(x, y, z);
    return mesh;
  }

  // ------------------------------------------------------------------ camera and rendering

  private placeCamera(): void {
    const off = orbitOffset(this.orbit);
    this.camera.position.set(this.target.x + off.x, this.target.y + off.y, this.target.z + off.z);
    this.camera.lookAt(this.target);
    this.camera.updateMatrixWorld();
  }

  private animateOrbit(to: Orbit): void {
    if (reducedMotion()) {
      this.setOrbit(to);
      return;
    }
    const from = { ...this.orbit };
    this.tweens.push({ start: performance.now(), duration: 350, apply: (t) => this.setOrbit(lerpOrbit(from, to, t)) });
    this.invalidate();
  }

  private project(v: Vector3): { x: number; y: number } | null {
    this.placeCamera();
    const p = v.clone().project(this.camera);
    if (p.z > 1 || p.x < -1 || p.x > 1 || p.y < -1 || p.y > 1) return null;
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }

  private resize(): void {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = '100%';
    this.canvas.style.height = '100%';
    const atHome = this.orbit.distance === this.homeOrbit.distance;
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    if (atHome && this.geometryKey) this.resetView(false);
    this.invalidate();
  }

  invalidate(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((now) => this.frame(now));
  }

  private setRatio(ratio: number): void {
    if (ratio === this.ratio) return;
    this.ratio = ratio;
    this.renderer.setPixelRatio(ratio);
  }

  private frame(now: number): void {
    this.frameRequested = false;
    const moving = this.tweens.length > 0 || (this.dragging && this.pointers.size > 0);
    this.tweens = this.tweens.filter((tw) => {
      const t = Math.min(1, (now - tw.start) / tw.duration);
      tw.apply(Math.max(0, t));
      return t < 1;
    });
    this.setRatio(this.baseRatio * (moving ? this.renderScale.moving(now) : this.renderScale.still()));
    this.placeCamera();
    this.refreshOpenings();
    this.renderer.render(this.scene, this.camera);
    this.placeLabels();
    // Keep drawing while something moves; one more frame afterwards at full resolution.
    if (this.tweens.length || (moving && this.ratio !== this.baseRatio)) this.invalidate();
  }

  private placeLabels(): void {
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    const shown: { el: HTMLElement; box: LabelBox }[] = [];
    for (const { el, at, right } of this.labels) {
      const p = at.clone().project(this.camera);
      const visible = p.z < 1 && Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1;
      el.style.display = visible ? '' : 'none';
      if (!visible) continue;
      // Anchored at the board's near left corner: the label ends there, centred on it.
      // Its exact size: offsetWidth rounds, and a label a fraction wider than placed covers its neighbour.
      const { width: bw, height: bh } = el.getBoundingClientRect();
      const px = ((p.x + 1) / 2) * w;
      const x = Math.min(Math.max(0, right ? px : px - bw), Math.max(0, w - bw));
      shown.push({ el, box: { x, y: ((1 - p.y) / 2) * h - bh / 2, w: bw, h: bh } });
    }
    const boxes = placeLabels(
      shown.map((s) => s.box),
      { w, h },
      this.focusedBoardBox(w, h),
    );
    shown.forEach(({ el }, i) => (el.style.transform = `translate(${boxes[i].x}px, ${boxes[i].y}px)`));
    this.placeLastMovePointer(w, h);
  }

  /** The screen rectangle of the board brought forward (none: no board is), kept clear of labels. */
  private focusedBoardBox(w: number, h: number): LabelBox[] {
    if (this.focused === null) return [];
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const [name, board] of this.cellBoard) {
      const p = board === this.focused ? this.cellPos.get(name) : undefined;
      if (!p) continue;
      for (const [dx, dz] of [[-0.5, -0.5], [0.5, -0.5], [-0.5, 0.5], [0.5, 0.5]]) {
        const v = new Vector3(p.x + dx, p.y, p.z + dz).project(this.camera);
        const sx = ((v.x + 1) / 2) * w;
        const sy = ((1 - v.y) / 2) * h;
        x0 = Math.min(x0, sx);
        y0 = Math.min(y0, sy);
        x1 = Math.max(x1, sx);
        y1 = Math.max(y1, sy);
      }
    }
    return x0 < x1 ? [{ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }] : [];
  }

  /** Shows an arrow at the view's edge toward the last move's square when it is out of view. */
  private placeLastMovePointer(w: number, h: number): void {
    const to = this.view?.last_move?.to;
    const p = to ? this.cellPos.get(to) : undefined;
    if (!p) {
      this.pointer.hidden = true;
      return;
    }
    const v = new Vector3(p.x, p.y, p.z).project(this.camera);
    const behind = v.z > 1;
    const inView = !behind && Math.abs(v.x) <= 0.97 && Math.abs(v.y) <= 0.97;
    this.pointer.hidden = inView;
    if (inView) return;
    // Towards the square from the centre (mirrored when it lies behind the camera).
    const dx = behind ? -v.x : v.x;
    const dy = behind ? -v.y : v.y;
    const k = 0.88 / Math.max(Math.abs(dx), Math.abs(dy), 1e-6);
    const sx = ((dx * k + 1) / 2) * w;
    const sy = ((1 - dy * k) / 2) * h;
    const angle = Math.atan2(-dy, dx);
    this.pointer.textContent = `Last move ${to}`;
    this.pointer.style.transform = `translate(${sx}px, ${sy}px) translate(-50%, -50%)`;
    this.pointer.style.setProperty('--angle', `${angle}rad`);
  }

  // ------------------------------------------------------------------ input

  private bindInput(): void {
    const c = this.canvas;
    c.addEventListener('pointerdown', (e) => {
      c.setPointerCapture?.(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY });
      if (this.pointers.size === 1) this.dragging = false;
      if (this.pointers.size === 2) {
        this.dragging = true;
        this.pinchDistance = this.pointerSpread();
      }
    });
    c.addEventListener('pointermove', (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      p.x = e.clientX;
      p.y = e.clientY;
      if (this.pointers.size >= 2) {
        const spread = this.pointerSpread();
        if (this.pinchDistance > 0 && spread > 0) {
          this.setOrbit({ ...this.orbit, distance: (this.orbit.distance * this.pinchDistance) / spread });
        }
        this.pinchDistance = spread;
        return;
      }
      if (!this.dragging && Math.hypot(e.clientX - p.sx, e.clientY - p.sy) > TAP_SLOP) this.dragging = true;
      if (this.dragging) {
        this.setOrbit({ ...this.orbit, azimuth: this.orbit.azimuth - dx * 0.008, elevation: this.orbit.elevation + dy * 0.008 });
      }
    });
    const end = (e: PointerEvent, cancelled: boolean) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      this.pointers.delete(e.pointerId);
      const tap = !cancelled && !this.dragging && this.pointers.size === 0 && Math.hypot(e.clientX - p.sx, e.clientY - p.sy) <= TAP_SLOP;
      if (this.pointers.size === 0) this.pinchDistance = 0;
      if (tap) this.onPick(this.pickClient(e.clientX, e.clientY));
    };
    c.addEventListener('pointerup', (e) => end(e, false));
    c.addEventListener('pointercancel', (e) => end(e, true));
    c.addEventListener('lostpointercapture', (e) => end(e, true));
    c.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.setOrbit({ ...this.orbit, distance: this.orbit.distance * Math.exp(e.deltaY * 0.001) });
      },
      { passive: false },
    );
  }

  private pointerSpread(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }
}
