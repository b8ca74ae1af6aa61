// The game's WebSocket with automatic reconnection (exponential backoff). The server sends
// a fresh `state` on every (re)connection, so nothing is lost while the link is down.

import type { ServerMessage } from './api';

export type ConnectionState = 'connecting' | 'open' | 'lost';

export function backoffDelay(attempt: number): number {
  return Math.min(8000, 400 * 2 ** Math.max(0, attempt));
}

export class GameSocket {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onMessage: (m: ServerMessage) => void,
    private readonly onState: (s: ConnectionState) => void,
  ) {
    this.connect();
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  private connect(): void {
    if (this.closed) return;
    this.onState(this.attempt === 0 ? 'connecting' : 'lost');
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onState('open');
    };
    ws.onmessage = (ev) => {
      try {
        this.onMessage(JSON.parse(String(ev.data)) as ServerMessage);
      } catch {
        // A message that is not JSON is ignored.
      }
    };
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      this.retry();
    };
  }

  private retry(): void {
    if (this.closed) return;
    this.onState('lost');
    const delay = backoffDelay(this.attempt++);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }
}
