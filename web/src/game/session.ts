// The game's link to its host (the server, or this browser: ../hosts) and everything the
// game screen shows, as signals: the components read them and call the actions; nothing
// here touches the DOM, and nothing here knows which host answers.

import { batch, computed, signal } from '@preact/signals';
import { ApiError, applyMessage, type GameView, type PositionView, type ServerMessage, type Side, type Thinking } from '../api';
import { computeMarks } from '../marks';
import { hintOf, reportFits, type OracleReport } from '../oracle';
import type { PickResult } from '../picking';
import { InspectMode } from './inspect-mode';
import { IDLE, step, type Selection, type SelectionEvent } from '../selection';
import type { ConnectionState } from '../socket';
import type { GameHost, GameLink } from '../hosts/host';
import { serverHost } from '../hosts/server-host';
import { declinedLine, forPlayer, isWatcher, oracleUnavailable } from '../online';
import { becameMyTurn, notifyTurn, turnNotice } from '../notify';
import { refusalText } from '../refusals';
import { rematchOf } from './rematch';
import { acceptsMoveAnswer, keepsSelection } from '../state';
import { Review } from './review';
import { save, type SavedGame } from '../storage';

export type SceneModule = typeof import('../scene3d');
export type BoardScene = InstanceType<SceneModule['BoardScene']>;
export type ViewMode = '3d' | 'flat';
/** The panel's tabs on a phone (a desktop shows every part at once). */
export type PanelTab = 'play' | 'moves' | 'oracle';

export interface Message {
  text: string;
  kind: 'info' | 'error';
}

const LOST = 'Lost contact with the server; retrying…';


export class GameSession {
  readonly view = signal<GameView | null>(null);
  readonly selection = signal<Selection>(IDLE);
  /** Chosen on the opening screen; it stays set for the game (seed 000). */
  readonly visualizer: boolean;
  readonly viewMode = signal<ViewMode>('3d');
  readonly message = signal<Message>({ text: '', kind: 'info' });
  readonly thinking = signal<Thinking | null>(null);
  readonly connection = signal<ConnectionState>('connecting');
  readonly busy = signal(false);
  readonly gameOverDismissed = signal(false);
  /** When the current view arrived (performance.now()), for the running clock. */
  readonly receivedAt = signal(0);
  readonly panelTab = signal<PanelTab>('play');
  /** The 3D view's keyboard cursor (its square), for the announcer. */
  readonly cursor = signal<string | null>(null);
  /** The 3D widget once loaded (the flat view needs none). */
  readonly scene = signal<BoardScene | null>(null);
  /** The Oracle panel is open: the Oracle is on duty on the server. */
  readonly oracleOpen = signal(false);
  /** Its latest report for the current position, best first. */
  readonly oracleReport = signal<OracleReport | null>(null);
  /** The line the player tapped (default: the best). */
  readonly oracleChosen = signal<string | null>(null);
  /** A rematch this page should open now (agreed online, or started here). */
  readonly rematchToOpen = signal<string | null>(null);
  /** Stepping through the game without taking moves back (review.ts). */
  readonly review = new Review(this.view, (ply) => this.positionAt(ply));

  readonly oracleHint = computed(() => {
    const v = this.view.value;
    const r = this.oracleReport.value;
    if (!v || !r || !this.oracleOpen.value) return null;
    return hintOf(v, this.oracleChosen.value ?? r.moves[0]?.token ?? null);
  });
  /** Inspect mode (seed 004): look at any piece's moves without playing. */
  readonly inspect = new InspectMode({
    view: () => this.view.peek(),
    play: (token) => this.sendMove(token),
    say: (text, kind) => this.say(text, kind),
    clearSelection: () => (this.selection.value = IDLE),
  });
  readonly marks = computed(() => {
    const v = this.view.value;
    return v ? computeMarks(v, this.selection.value, this.visualizer, this.oracleHint.value, this.inspect.marks.value) : null;
  });
  /** The side the player turned the boards to (null: the default below). */
  readonly turnedTo = signal<Side | null>(null);
  /**
   * The side at the bottom: the one the player turned to; else an online player's own,
   * Black against the computer with Black; two players and watchers keep White's view.
   */
  readonly orientation = computed<Side>(() => {
    const turned = this.turnedTo.value;
    if (turned) return turned;
    const v = this.view.value;
    if (v && v.mode === 'online' && v.you?.length === 1) return v.you[0];
    return v && v.mode === 'computer' && v.human === 'black' ? 'black' : 'white';
  });

  private link: GameLink | null = null;
  /** The game as this socket's messages built it (the base of the next update). */
  private socketView: GameView | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private refetchAttempt = 0;
  private disposed = false;
  /** The ply at which this page last put the Oracle on duty (to ask once per turn). */
  private oracleAskedAt: number | null = null;
  /** The rematch the game named when this page opened it (not one to go to now). */
  private rematchAtOpen: string | null = null;

  constructor(
    readonly saved: SavedGame,
    private readonly loadScene: () => Promise<SceneModule>,
    initial?: GameView,
    /** Who answers for the game (the server, or this browser); new games from this one go there too. */
    readonly host: GameHost = serverHost,
  ) {
    this.visualizer = saved.visualizer;
    this.viewMode.value = saved.view;
    this.oracleOpen.value = saved.oracle === true;
    this.link = this.host.connect(saved.id, {
      message: (m) => this.onSocket(m),
      connection: (s) => this.onConnection(s),
    });
    if (initial) this.setView(initial);
    else void this.refetch();
  }

  dispose(): void {
    this.disposed = true;
    this.link?.close();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.scene.value?.dispose();
    this.scene.value = null;
  }

  // ------------------------------------------------------------------ from the server

  private setView(received: GameView): void {
    const view = forPlayer(received);
    const prev = this.view.peek();
    batch(() => {
      this.view.value = view;
      this.receivedAt.value = performance.now();
      if (!keepsSelection(prev, view)) this.selection.value = IDLE;
      this.review.onLive(view);
      if (!view.computer_thinking) this.thinking.value = null;
      if (view.status === 'in-progress') this.gameOverDismissed.value = false;
      if (!prev || prev.ply !== view.ply || prev.position !== view.position) {
        this.inspect.clear();
        this.oracleReport.value = null;
        this.oracleChosen.value = null;
      }
      // The server answered: a message about lost contact is no longer true.
      if (this.message.peek().text === LOST) this.say('');
      // An online rematch agreed while this page is open takes its players there.
      if (!prev) this.rematchAtOpen = view.rematch;
      else if (view.rematch && view.rematch !== this.rematchAtOpen && !isWatcher(view)) this.rematchToOpen.value = view.rematch;
    });
    this.refetchAttempt = 0;
    this.schedulePoll();
    this.keepOracleOnDuty(view, !prev);
    // The opponent moved while this page is in the background: a notification, if wanted.
    if (becameMyTurn(prev, view)) notifyTurn('Your turn', turnNotice(view), `/?game=${encodeURIComponent(view.id)}`, `turn-${view.id}`);
  }

  /**
   * The panel stays open across reloads and server restarts: on the first state of this
   * page (to get a report for the turn in progress), and whenever the server has the
   * Oracle off duty while the panel is open, it is put on duty again (once per turn).
   */
  private keepOracleOnDuty(view: GameView, first: boolean): void {
    // Never asked where the host would refuse (a watcher, an online game that runs).
    if (!this.oracleOpen.peek() || view.status === 'over' || oracleUnavailable(view)) return;
    if (!first && (view.oracle || this.oracleAskedAt === view.ply)) return;
    this.oracleAskedAt = view.ply;
    this.putOracleOnDuty();
  }

  openOracle(): void {
    const v = this.view.peek();
    const unavailable = v ? oracleUnavailable(v) : null;
    if (unavailable) {
      this.say(unavailable, 'error');
      return;
    }
    this.oracleOpen.value = true;
    this.panelTab.value = 'oracle';
    this.persist();
    if (!v || v.status === 'over') return;
    this.oracleAskedAt = v.ply;
    this.putOracleOnDuty();
  }

  /** Asks the host for the Oracle; a refusal closes the panel, so it is not asked again. */
  private putOracleOnDuty(): void {
    this.link?.oracleOn().catch((e: unknown) => {
      this.say(refusalText(e), 'error');
      if (e instanceof ApiError && e.code !== 'network') {
        batch(() => {
          this.oracleOpen.value = false;
          this.oracleReport.value = null;
        });
        this.persist();
      }
    });
  }

  closeOracle(): void {
    const v = this.view.peek();
    batch(() => {
      this.oracleOpen.value = false;
      this.oracleReport.value = null;
      this.oracleChosen.value = null;
    });
    this.persist();
    if (v) this.link?.oracleOff().catch(() => undefined);
  }

  chooseOracleLine(token: string): void {
    this.oracleChosen.value = token;
  }

  private onSocket(m: ServerMessage): void {
    if (m.type === 'state' || m.type === 'update') {
      // Updates carry only the history that changed since this socket's last message.
      const next = applyMessage(this.socketView, m);
      this.socketView = next;
      if (next) this.setView(next);
      else void this.refetch();
    }
    else if (m.type === 'thinking') this.thinking.value = m;
    else if (m.type === 'oracle') {
      const v = this.view.peek();
      const report: OracleReport = m;
      if (this.oracleOpen.peek() && v && report.moves.length > 0 && reportFits(v, report)) this.oracleReport.value = report;
    }
    else if (m.type === 'error') this.say(refusalText(new ApiError(m.error.code, m.error.message, 0)), 'error');
    else if (m.type === 'declined' && this.view.peek()?.you?.includes(m.from)) this.say(declinedLine(m.kind));
  }

  private onConnection(s: ConnectionState): void {
    const was = this.connection.peek();
    this.connection.value = s;
    if (s === 'open' && this.message.peek().text === LOST) this.say('');
    if (s === 'open' && was === 'lost') void this.refetch();
    this.schedulePoll();
  }

  /** Without a live socket, ask the server for news while the computer or the clock runs. */
  private schedulePoll(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    const v = this.view.peek();
    if (this.disposed || !v || v.status === 'over') return;
    const waiting = v.computer_thinking || v.legal_moves.length === 0;
    if (this.link?.live && !waiting) return;
    if (this.link?.live && waiting) {
      // The socket should deliver the reply; poll slowly as a safety net.
      this.pollTimer = setTimeout(() => void this.refetch(), 4000);
      return;
    }
    this.pollTimer = setTimeout(() => void this.refetch(), waiting ? 1000 : 3000);
  }

  /** Asks for the state soon when a clock shows zero, so the loss on time appears. */
  checkFlag(): void {
    if (!this.pollTimer) this.pollTimer = setTimeout(() => void this.refetch(), 500);
  }

  private async refetch(): Promise<void> {
    try {
      if (!this.link) return;
      const v = await this.link.fetch();
      if (!this.disposed) this.setView(v);
    } catch (e) {
      if (this.disposed) return;
      if (e instanceof ApiError && e.code === 'unknown_game') {
        this.say('This game is no longer available. Start a new game.', 'error');
        return;
      }
      this.say(LOST, 'error');
      const delay = Math.min(8000, 500 * 2 ** this.refetchAttempt++);
      if (this.pollTimer) clearTimeout(this.pollTimer);
      this.pollTimer = setTimeout(() => void this.refetch(), delay);
    }
  }

  private async act(run: () => Promise<void>): Promise<void> {
    if (this.busy.peek()) return;
    this.busy.value = true;
    try {
      await run();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'network') this.say(LOST, 'error');
      else this.say(refusalText(e), 'error');
      void this.refetch();
    } finally {
      this.busy.value = false;
    }
  }

  // ------------------------------------------------------------------ actions

  private sendMove(token: string): void {
    const v = this.view.peek();
    if (!v) return;
    void this.act(async () => {
      if (!this.link) return;
      const next = await this.link.move(token, v.ply);
      this.say('');
      // The socket may already have brought the computer's reply: never step back to it.
      if (acceptsMoveAnswer(this.view.peek(), next)) this.setView(next);
    });
  }

  takeback(): void {
    const v = this.view.peek();
    if (!v) return;
    void this.act(async () => {
      if (!this.link) return;
      const next = await this.link.takeback();
      this.setView(next);
      this.say(next.offer ? 'Take back asked; waiting for your opponent.' : 'Move taken back.');
    });
  }

  offerDraw(): void {
    const v = this.view.peek();
    if (!v) return;
    void this.act(async () => {
      if (!this.link) return;
      const r = await this.link.offerDraw();
      this.setView(r.game);
      this.say(r.accepted ? 'Draw agreed.' : r.game.offer ? 'Draw offered; waiting for your opponent.' : 'Draw declined.');
    });
  }

  /** Answers the online opponent's draw offer or take-back request. */
  answerOffer(answer: 'accept' | 'decline'): void {
    const v = this.view.peek();
    if (!v) return;
    const answerOffer = this.link?.answerOffer;
    if (!answerOffer) return;
    void this.act(async () => this.setView(await answerOffer(answer)));
  }

  /**
   * A rematch: the same set-up, colours swapped. Online it is an offer (or the acceptance
   * of the opponent's); the server creates the game once both agree. Otherwise it is a
   * new game of this host, opened at once.
   */
  rematch(): void {
    const v = this.view.peek();
    if (!v || v.status !== 'over') return;
    void this.act(async () => {
      if (v.mode === 'online') {
        const offer = this.link?.rematch;
        if (!offer) return;
        // The card says that the offer waits; the server's `rematch` takes both pages on.
        this.setView(await offer());
        return;
      }
      const game = await this.host.createGame(rematchOf(v));
      this.rematchToOpen.value = game.id;
    });
  }

  /** Claims the win or a draw when the online opponent has gone (the server checks). */
  claim(result: 'win' | 'draw'): void {
    const claim = this.link?.claim;
    if (!claim) return;
    void this.act(async () => this.setView(await claim(result)));
  }

  /** A finished game opened to look back on: no game-over card, the moves tab first. */
  openForReview(): void {
    this.gameOverDismissed.value = true;
    this.panelTab.value = 'moves';
  }

  /** Turns the boards to show the other side at the bottom (flat and 3D). */
  turnBoards(): void {
    this.turnedTo.value = this.orientation.peek() === 'white' ? 'black' : 'white';
  }

  /** The side a resignation would be for: the player's, or the side to move on one device. */
  resigningSide(): Side | null {
    const v = this.view.peek();
    if (!v || v.status === 'over') return null;
    if (v.mode === 'online') return v.you?.[0] ?? null;
    return v.mode === 'local' ? v.turn : v.human;
  }

  resign(): void {
    const v = this.view.peek();
    const side = this.resigningSide();
    if (!v || !side) return;
    const link = this.link;
    if (!link) return;
    void this.act(async () => this.setView(await link.resign(side)));
  }

  copyRecord(): void {
    const v = this.view.peek();
    if (!v) return;
    void this.act(async () => {
      if (!this.link) return;
      const text = await this.link.record();
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        const area = document.createElement('textarea');
        area.value = text;
        document.body.append(area);
        area.select();
        document.execCommand('copy');
        area.remove();
      }
      this.say('Game record copied.');
    });
  }

  dispatch(event: SelectionEvent): void {
    const v = this.view.peek();
    if (!v || this.busy.peek()) return;
    // A past position takes no moves: a tap on it brings the live game back.
    if (this.review.active.peek()) {
      this.review.toLive();
      this.say('Back to the game: the live position is shown.');
      return;
    }
    if (this.inspect.active.peek()) {
      if (event.type === 'tap') this.inspect.tap(event.square);
      return;
    }
    const out = step(v, this.visualizer, this.selection.peek(), event);
    this.selection.value = out.selection;
    if (out.message !== undefined) this.say(out.message, out.move ? 'info' : 'error');
    else if (!out.move) this.say('');
    if (out.move) this.sendMove(out.move);
  }

  /** The board after `ply` half-moves, from the game's host (review). */
  positionAt(ply: number): Promise<PositionView> {
    if (!this.link) return Promise.reject(new ApiError('network', 'The game is not connected.', 0));
    return this.link.position(ply);
  }

  /** The game's record as text, from the game's host. */
  async recordText(): Promise<string> {
    if (!this.link) throw new ApiError('network', 'The game is not connected.', 0);
    return this.link.record();
  }

  /** Plays a legal move typed in the move box (its exact token). */
  playToken(token: string): void {
    if (this.review.active.peek()) this.review.toLive();
    this.selection.value = IDLE;
    this.sendMove(token);
  }

  onPick(result: PickResult): void {
    if (!result) return;
    if (result.kind === 'board-dest') this.dispatch({ type: 'board-destination', to: result.to });
    else this.dispatch({ type: 'tap', square: result.name });
  }

  say(text: string, kind: Message['kind'] = 'info'): void {
    this.message.value = { text, kind };
  }

  setViewMode(mode: ViewMode): void {
    this.viewMode.value = mode;
    this.persist();
  }

  private persist(): void {
    save({ id: this.saved.id, host: this.saved.host, visualizer: this.visualizer, view: this.viewMode.peek(), oracle: this.oracleOpen.peek() });
  }

  /** Loads the 3D widget into `host`; falls back to the flat boards when WebGL fails. */
  async ensureScene(host: HTMLElement): Promise<void> {
    if (this.scene.peek()) return;
    try {
      const mod = await this.loadScene();
      if (this.scene.peek() || this.disposed) return;
      this.scene.value = new mod.BoardScene(
        host,
        (r) => this.onPick(r),
        (square) => (this.cursor.value = square),
      );
    } catch (e) {
      console.error(e);
      this.say('The 3D view is not available in this browser; showing the flat boards.', 'error');
      this.viewMode.value = 'flat';
    }
  }
}
