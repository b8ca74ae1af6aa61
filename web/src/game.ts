// The game screen: board views, the panel beside them, and the link to the server.

import { api, ApiError, applyMessage, type GameView, type LegalMove, type ServerMessage, type Side, type Thinking } from './api';
import { renderFlat, GLYPHS } from './flat';
import { formatClock, formatEval, isLowTime } from './format';
import { computeMarks } from './marks';
import type { PickResult } from './picking';
import { canCancel, IDLE, movableBoards, step, type Selection, type SelectionEvent } from './selection';
import { GameSocket, type ConnectionState } from './socket';
import { acceptsMoveAnswer, computerToMove, keepsSelection } from './state';
import { save, type SavedGame } from './storage';

type SceneModule = typeof import('./scene3d');
type BoardScene = InstanceType<SceneModule['BoardScene']>;

const PROMOTION_NAMES: Record<string, string> = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight' };

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; text?: string; attrs?: Record<string, string> } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props.class) e.className = props.class;
  if (props.text !== undefined) e.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function button(text: string, onClick: () => void, cls = '', attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = h('button', { class: cls, text, attrs: { type: 'button', ...attrs } });
  b.addEventListener('click', onClick);
  return b;
}

export interface GameScreenOptions {
  saved: SavedGame;
  initial?: GameView;
  onNewGame: () => void;
  loadScene: () => Promise<SceneModule>;
}

export class GameScreen {
  private view: GameView | null = null;
  /** The game as this socket's messages built it (the base of the next update). */
  private socketView: GameView | null = null;
  private selection: Selection = IDLE;
  private visualizer: boolean;
  private viewMode: '3d' | 'flat';
  private message = '';
  private messageKind: 'info' | 'error' = 'info';
  private thinking: Thinking | null = null;
  private connection: ConnectionState = 'connecting';
  private busy = false;
  private receivedAt = 0;
  private scene: BoardScene | null = null;
  private socket: GameSocket | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private clockTimer: ReturnType<typeof setInterval> | null = null;
  private refetchAttempt = 0;
  private gameOverDismissed = false;
  private disposed = false;

  readonly root: HTMLElement;
  private readonly els;

  constructor(
    host: HTMLElement,
    private readonly options: GameScreenOptions,
  ) {
    this.visualizer = options.saved.visualizer;
    this.viewMode = options.saved.view;
    const view3d = h('div', { class: 'view3d', attrs: { 'aria-label': '3D view' } });
    const flat = h('div', { class: 'flatview' });
    const toggle = button('', () => this.setViewMode(this.viewMode === '3d' ? 'flat' : '3d'), 'toggle-view');
    const camButtons = h(
      'div',
      { class: 'cam-buttons' },
      button('Turn', () => this.scene?.turn()),
      button('Tilt', () => this.scene?.tilt()),
      button('Zoom', () => this.scene?.zoom()),
      button('Reset view', () => this.scene?.resetView()),
    );
    const visualizerBox = h('input', { attrs: { type: 'checkbox', class: 'visualizer-toggle' } });
    visualizerBox.addEventListener('change', () => {
      this.visualizer = visualizerBox.checked;
      this.persist();
      this.render();
    });
    const els = {
      view3d,
      flat,
      toggle,
      camButtons,
      visualizerBox,
      title: h('h2', { class: 'game-title' }),
      status: h('div', { class: 'status', attrs: { 'aria-live': 'polite' } }),
      clocks: h('div', { class: 'clocks' }),
      thinking: h('div', { class: 'thinking', attrs: { 'aria-live': 'polite' } }),
      connection: h('div', { class: 'connection', attrs: { role: 'status' } }),
      message: h('div', { class: 'message', attrs: { role: 'status', 'aria-live': 'assertive' } }),
      boardFlow: h('div', { class: 'board-flow' }),
      chooser: h('div', { class: 'chooser' }),
      record: h('ol', { class: 'record', attrs: { 'aria-label': 'Move record' } }),
      takeback: button('Take back', () => this.takeback(), 'takeback'),
      draw: button('Offer draw', () => this.offerDraw(), 'offer-draw'),
      resign: button('Resign', () => this.resign(), 'resign'),
      copy: button('Copy game record', () => this.copyRecord(), 'copy-record'),
      newGame: button('NEW GAME', () => this.options.onNewGame(), 'new-game'),
      gameOver: h('div', { class: 'game-over', attrs: { role: 'dialog', 'aria-label': 'Game over' } }),
    };
    this.els = els;
    this.root = h(
      'div',
      { class: 'game' },
      h('div', { class: 'board-area' }, view3d, flat, h('div', { class: 'view-tools' }, toggle, camButtons)),
      h(
        'aside',
        { class: 'panel' },
        els.title,
        els.status,
        els.connection,
        els.clocks,
        els.thinking,
        els.message,
        els.chooser,
        els.boardFlow,
        h('label', { class: 'visualizer' }, visualizerBox, ' Visualizer'),
        h('div', { class: 'actions' }, els.takeback, els.draw, els.resign, els.copy, els.newGame),
        h('h3', { text: 'Moves' }),
        els.record,
      ),
      els.gameOver,
    );
    host.replaceChildren(this.root);
    this.clockTimer = setInterval(() => this.renderClocks(), 200);
    if (options.initial) this.setView(options.initial);
    else void this.refetch();
    this.socket = new GameSocket(api.socketUrl(options.saved.id), (m) => this.onSocket(m), (s) => this.onConnection(s));
    if (this.viewMode === '3d') void this.ensureScene();
    this.installTestHook();
    this.render();
  }

  dispose(): void {
    this.disposed = true;
    this.socket?.close();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.clockTimer) clearInterval(this.clockTimer);
    this.scene?.dispose();
    this.root.remove();
  }

  // ------------------------------------------------------------------ server link

  private setView(view: GameView): void {
    const prev = this.view;
    this.view = view;
    this.receivedAt = performance.now();
    if (!keepsSelection(prev, view)) this.selection = IDLE;
    if (!view.computer_thinking) this.thinking = null;
    if (view.status === 'in-progress') this.gameOverDismissed = false;
    this.refetchAttempt = 0;
    this.schedulePoll();
    this.render();
  }

  private onSocket(m: ServerMessage): void {
    if (m.type === 'state' || m.type === 'update') {
      // Updates carry only the history that changed since this socket's last message.
      const next = applyMessage(this.socketView, m);
      this.socketView = next;
      if (next) this.setView(next);
      else void this.refetch();
    } else if (m.type === 'thinking') {
      this.thinking = m;
      this.renderThinking();
    } else if (m.type === 'error') this.say(m.error.message, 'error');
  }

  private onConnection(s: ConnectionState): void {
    const was = this.connection;
    this.connection = s;
    if (s === 'open' && was === 'lost') void this.refetch();
    this.renderConnection();
    this.schedulePoll();
  }

  /** Without a live socket, ask the server for news while the computer or the clock runs. */
  private schedulePoll(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    const v = this.view;
    if (this.disposed || !v || v.status === 'over') return;
    const waiting = v.computer_thinking || v.legal_moves.length === 0;
    if (this.socket?.open && !waiting) return;
    if (this.socket?.open && waiting) {
      // The socket should deliver the reply; poll slowly as a safety net.
      this.pollTimer = setTimeout(() => void this.refetch(), 4000);
      return;
    }
    this.pollTimer = setTimeout(() => void this.refetch(), waiting ? 1000 : 3000);
  }

  private async refetch(): Promise<void> {
    try {
      const v = await api.getGame(this.options.saved.id);
      if (!this.disposed) this.setView(v);
    } catch (e) {
      if (this.disposed) return;
      if (e instanceof ApiError && e.code === 'unknown_game') {
        this.say('This game is no longer on the server. Start a new game.', 'error');
        return;
      }
      this.say('Lost contact with the server; retrying…', 'error');
      const delay = Math.min(8000, 500 * 2 ** this.refetchAttempt++);
      if (this.pollTimer) clearTimeout(this.pollTimer);
      this.pollTimer = setTimeout(() => void this.refetch(), delay);
    }
  }

  private async act(run: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      await run();
    } catch (e) {
      const msg = e instanceof ApiError ? e.message : String(e);
      if (e instanceof ApiError && e.code === 'network') this.say('Lost contact with the server; retrying…', 'error');
      else this.say(msg, 'error');
      void this.refetch();
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private sendMove(token: string): void {
    const v = this.view;
    if (!v) return;
    void this.act(async () => {
      const next = await api.move(v.id, token, v.ply);
      this.say('');
      // The socket may already have brought the computer's reply: never step back to it.
      if (acceptsMoveAnswer(this.view, next)) this.setView(next);
    });
  }

  private takeback(): void {
    const v = this.view;
    if (!v) return;
    void this.act(async () => {
      this.setView(await api.takeback(v.id));
      this.say('Move taken back.');
    });
  }

  private offerDraw(): void {
    const v = this.view;
    if (!v) return;
    void this.act(async () => {
      const r = await api.offerDraw(v.id);
      this.setView(r.game);
      this.say(r.accepted ? 'Draw agreed.' : 'Draw declined.');
    });
  }

  private resign(): void {
    const v = this.view;
    if (!v || v.status === 'over') return;
    const side: Side = v.mode === 'local' ? v.turn : v.human;
    if (!confirm(`Resign this game as ${side}?`)) return;
    void this.act(async () => this.setView(await api.resign(v.id, side)));
  }

  private copyRecord(): void {
    const v = this.view;
    if (!v) return;
    void this.act(async () => {
      const text = await api.record(v.id);
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        const area = h('textarea', { text });
        document.body.append(area);
        area.select();
        document.execCommand('copy');
        area.remove();
      }
      this.say('Game record copied.');
    });
  }

  // ------------------------------------------------------------------ input

  private dispatch(event: SelectionEvent): void {
    const v = this.view;
    if (!v || this.busy) return;
    const out = step(v, this.visualizer, this.selection, event);
    this.selection = out.selection;
    if (out.message !== undefined) this.say(out.message, out.move ? 'info' : 'error');
    else if (!out.move) this.say('');
    if (out.move) this.sendMove(out.move);
    this.render();
  }

  private onPick(result: PickResult): void {
    if (!result) return;
    if (result.kind === 'board-dest') this.dispatch({ type: 'board-destination', to: result.to });
    else this.dispatch({ type: 'tap', square: result.name });
  }

  private say(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message = text;
    this.messageKind = kind;
    this.renderMessage();
  }

  private persist(): void {
    save({ id: this.options.saved.id, visualizer: this.visualizer, view: this.viewMode });
  }

  private setViewMode(mode: '3d' | 'flat'): void {
    this.viewMode = mode;
    this.persist();
    if (mode === '3d') void this.ensureScene();
    this.render();
  }

  private async ensureScene(): Promise<void> {
    if (this.scene) return;
    try {
      const mod = await this.options.loadScene();
      if (this.scene || this.disposed) return;
      this.scene = new mod.BoardScene(this.els.view3d, (r) => this.onPick(r));
      this.render();
    } catch (e) {
      console.error(e);
      this.say('The 3D view is not available in this browser; showing the flat boards.', 'error');
      this.viewMode = 'flat';
      this.render();
    }
  }

  private orientation(): Side {
    const v = this.view;
    return v && v.mode === 'computer' && v.human === 'black' ? 'black' : 'white';
  }

  // ------------------------------------------------------------------ rendering

  private render(): void {
    const v = this.view;
    const e = this.els;
    this.root.classList.toggle('mode-3d', this.viewMode === '3d');
    this.root.classList.toggle('mode-flat', this.viewMode === 'flat');
    this.root.classList.toggle('busy', this.busy);
    e.toggle.textContent = this.viewMode === '3d' ? 'Flat boards' : '3D view';
    e.visualizerBox.checked = this.visualizer;
    this.renderConnection();
    this.renderMessage();
    this.renderClocks();
    this.renderThinking();
    if (!v) {
      e.status.textContent = 'Loading the game…';
      return;
    }
    const rules = v.variant === 'trid' && v.rules ? ` (${v.rules})` : '';
    e.title.textContent = `${v.title}${rules}`;
    const marks = computeMarks(v, this.selection, this.visualizer);
    const orientation = this.orientation();
    if (this.viewMode === 'flat') renderFlat(e.flat, v, orientation, marks, (sq) => this.dispatch({ type: 'tap', square: sq }));
    this.scene?.update(v, marks, orientation, this.visualizer);
    this.renderStatus(v);
    this.renderChooser();
    this.renderBoardFlow(v);
    this.renderRecord(v);
    this.renderGameOver(v);
    const over = v.status === 'over';
    e.takeback.disabled = this.busy || v.history.length === 0;
    e.draw.disabled = this.busy || over;
    e.resign.disabled = this.busy || over;
    this.root.dataset.ply = String(v.ply);
    this.root.dataset.turn = v.turn;
    this.root.dataset.status = v.status;
    this.root.dataset.selection = this.selection.kind;
  }

  private renderStatus(v: GameView): void {
    let text: string;
    if (v.status === 'over') text = `${v.result?.description ?? ''} (${v.result?.text ?? ''})`;
    else if (computerToMove(v)) text = 'The computer is thinking…';
    else text = `${v.turn === 'white' ? 'White' : 'Black'} to move${v.checked_kings.length ? ' — check!' : ''}`;
    this.els.status.textContent = text;
  }

  private renderConnection(): void {
    const e = this.els.connection;
    e.hidden = this.connection !== 'lost';
    e.textContent = this.connection === 'lost' ? 'Connection lost — reconnecting…' : '';
  }

  private renderMessage(): void {
    const e = this.els.message;
    e.textContent = this.message;
    e.className = `message ${this.messageKind}`;
    e.hidden = !this.message;
  }

  private renderThinking(): void {
    const e = this.els.thinking;
    const v = this.view;
    const active = !!v && computerToMove(v);
    e.hidden = !active;
    if (!active) return;
    const t = this.thinking;
    if (!t) {
      e.replaceChildren(h('span', { text: 'Computer thinking…' }));
      return;
    }
    const left = Math.max(0, t.budget_ms - t.elapsed_ms);
    const frac = t.budget_ms > 0 ? Math.min(1, t.elapsed_ms / t.budget_ms) : 0;
    const bar = h('progress', { attrs: { max: '1', value: String(frac) } });
    e.replaceChildren(
      h('span', { text: `Computer thinking: depth ${t.depth}, ${(left / 1000).toFixed(1)} s left` }),
      bar,
    );
  }

  private renderClocks(): void {
    const v = this.view;
    const e = this.els.clocks;
    if (!v || !v.clocks) {
      e.hidden = true;
      return;
    }
    e.hidden = false;
    const c = v.clocks;
    const elapsed = v.status === 'in-progress' && c.running ? performance.now() - this.receivedAt : 0;
    const ms = (side: Side) => (side === 'white' ? c.white_ms : c.black_ms) - (c.running === side ? elapsed : 0);
    const nodes = (['white', 'black'] as Side[]).map((side) => {
      const left = ms(side);
      const lost = v.result?.reason === 'time' && v.result.winner !== side;
      const cls = `clock clock-${side}${c.running === side && v.status === 'in-progress' ? ' running' : ''}${isLowTime(left) ? ' low' : ''}${lost ? ' flagged' : ''}`;
      return h('div', { class: cls }, h('span', { class: 'who', text: side === 'white' ? 'White' : 'Black' }), h('span', { class: 'time', text: lost ? 'time' : formatClock(left) }));
    });
    e.replaceChildren(...nodes);
    if (v.status === 'in-progress' && c.running && ms(c.running) <= 0 && !this.pollTimer) {
      this.pollTimer = setTimeout(() => void this.refetch(), 500);
    }
  }

  private renderChooser(): void {
    const s = this.selection;
    const e = this.els.chooser;
    if (s.kind !== 'choose' && s.kind !== 'board-choose') {
      e.hidden = true;
      e.replaceChildren();
      return;
    }
    e.hidden = false;
    const promo = s.options.every((m) => m.promotion);
    const label = (m: LegalMove) =>
      promo && s.kind === 'choose'
        ? `${GLYPHS[(m.promotion ?? '').toLowerCase()] ?? ''} ${PROMOTION_NAMES[(m.promotion ?? '').toLowerCase()] ?? m.promotion}`
        : m.notation;
    e.replaceChildren(
      h('p', { text: promo ? 'Promote to:' : 'Choose the move:' }),
      ...s.options.map((m) => button(label(m), () => this.dispatch({ type: 'choose', token: m.token }), 'choice', { 'data-token': m.token })),
      button('Cancel', () => this.dispatch({ type: 'cancel' }), 'cancel'),
    );
  }

  private renderBoardFlow(v: GameView): void {
    const e = this.els.boardFlow;
    const s = this.selection;
    const boards = movableBoards(v);
    const parts: Node[] = [];
    if (s.kind === 'board-pick') {
      parts.push(h('p', { text: 'Tap the attack board to move, or choose it:' }));
      for (const b of boards) parts.push(button(b, () => this.dispatch({ type: 'pick-board', board: b }), 'pick-board', { 'data-board': b }));
    } else if (s.kind === 'board') {
      parts.push(h('p', { text: `Move ${s.board} to:` }));
      const list = h('div', { class: 'destinations' });
      for (const m of v.legal_moves.filter((x) => x.mover === 'board' && x.from === s.board)) {
        list.append(button(m.notation, () => this.dispatch({ type: 'choose', token: m.token }), 'destination', { 'data-token': m.token, 'data-to': m.to }));
      }
      parts.push(list);
    } else if (boards.length > 0 && (s.kind === 'idle' || (this.visualizer && s.kind === 'piece'))) {
      parts.push(button('Move attack board', () => this.dispatch({ type: 'board-button' }), 'move-board'));
    }
    if ((s.kind === 'board-pick' || s.kind === 'board') && canCancel(s, this.visualizer)) {
      parts.push(button('Cancel board move', () => this.dispatch({ type: 'cancel' }), 'cancel'));
    }
    e.replaceChildren(...parts);
    e.hidden = parts.length === 0;
  }

  private renderRecord(v: GameView): void {
    const e = this.els.record;
    const items: HTMLElement[] = [];
    let li: HTMLElement | null = null;
    v.history.forEach((m, i) => {
      if (m.side === 'white' || !li) {
        li = h('li', {}, h('span', { class: 'num', text: `${m.number}.${m.side === 'black' ? '..' : ''}` }));
        items.push(li);
      }
      const ev = formatEval(m.eval);
      li.append(h('span', { class: 'mv', text: m.notation, attrs: { 'data-ply': String(i + 1) } }));
      if (ev) li.append(h('small', { class: 'eval', text: ev }));
    });
    e.replaceChildren(...items);
    e.scrollTop = e.scrollHeight;
  }

  private renderGameOver(v: GameView): void {
    const e = this.els.gameOver;
    if (v.status !== 'over' || this.gameOverDismissed) {
      e.hidden = true;
      return;
    }
    e.hidden = false;
    e.replaceChildren(
      h(
        'div',
        { class: 'card' },
        h('h2', { text: 'Game over' }),
        h('p', { class: 'result-text', text: v.result?.text ?? '' }),
        h('p', { class: 'result-reason', text: v.result?.description ?? '' }),
        button('NEW GAME', () => this.options.onNewGame(), 'new-game'),
        button('Look at the board', () => {
          this.gameOverDismissed = true;
          this.render();
        }),
      ),
    );
  }

  // ------------------------------------------------------------------ test hook

  private installTestHook(): void {
    const w = window as unknown as { __spacechess?: unknown };
    w.__spacechess = {
      ready: () => !!this.view && (this.viewMode === 'flat' || !!this.scene),
      view: () => this.view,
      selection: () => this.selection,
      squareToScreen: (name: string) => this.scene?.squareToScreen(name) ?? null,
      findTapPoint: (name: string) => this.scene?.findTapPoint(name) ?? null,
      findBoardDestPoint: (to: string) => this.scene?.findBoardDestPoint(to) ?? null,
      measureTurn: (ms: number, adaptive = true) => this.scene?.measureTurn(ms, adaptive) ?? Promise.resolve(null),
      setOrbit: (o: { azimuth: number; elevation: number; distance: number }) => this.scene?.setOrbit(o),
      getOrbit: () => this.scene?.getOrbit() ?? null,
    };
  }
}
