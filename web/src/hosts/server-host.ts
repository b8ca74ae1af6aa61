// The game on the spacechess server: HTTP requests and the game's WebSocket (../api.ts,
// ../socket.ts), behind the screen's GameHost interface.

import { api } from '../api';
import { GameSocket } from '../socket';
import type { GameHost, GameLink, LinkEvents } from './host';

class ServerLink implements GameLink {
  private readonly socket: GameSocket;

  constructor(
    private readonly id: string,
    events: LinkEvents,
  ) {
    this.socket = new GameSocket(
      api.socketUrl(id),
      (m) => events.message(m),
      (s) => events.connection(s),
    );
  }

  get live(): boolean {
    return this.socket.open;
  }

  fetch = () => api.getGame(this.id);
  move = (token: string, ply: number) => api.move(this.id, token, ply);
  takeback = () => api.takeback(this.id);
  offerDraw = () => api.offerDraw(this.id);
  resign = (side: Parameters<GameLink['resign']>[0]) => api.resign(this.id, side);
  oracleOn = () => api.oracleOn(this.id);
  oracleOff = () => api.oracleOff(this.id);
  record = () => api.record(this.id);
  position = (ply: number) => api.position(this.id, ply);
  answerOffer = (answer: 'accept' | 'decline') => api.answerOffer(this.id, answer);
  claim = (result: 'win' | 'draw') => api.claim(this.id, result);
  rematch = () => api.rematch(this.id);

  close(): void {
    this.socket.close();
  }
}

export const serverHost: GameHost = {
  kind: 'server',
  catalogue: () => api.variants(),
  createGame: (game) => api.createGame(game),
  connect: (id, events) => new ServerLink(id, events),
};
