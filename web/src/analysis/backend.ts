// What an analysis board is kept by: the server (HTTP and the board's WebSocket), or the
// rules module in this browser (browser-board.ts, the static site). Both answer in the
// API's shapes (AnalysisView, the socket's messages), so the screen has one code path.

import { request } from '../api';
import type { AnalysisMessage, AnalysisRequest, AnalysisView } from '../generated/api';

export interface AnalysisBackend {
  get(): Promise<AnalysisView>;
  move(token: string): Promise<AnalysisView>;
  /** Steps back one move of the side line, or to its `to`th move (0: its start). */
  back(to?: number): Promise<AnalysisView>;
  engineOn(lines?: number): Promise<AnalysisView>;
  engineOff(): Promise<AnalysisView>;
  oracleOn(): Promise<AnalysisView>;
  oracleOff(): Promise<AnalysisView>;
  close(): Promise<void>;
  /** News as the board's socket sends it; `connected` says whether it is coming. Returns the way to stop listening. */
  listen(message: (m: AnalysisMessage) => void, connected: (open: boolean) => void): () => void;
  /** Where "Back to the game" and "Close the board" go. */
  home(gameId: string | null): string;
}

const board = (id: string) => `/api/analysis/${encodeURIComponent(id)}`;

export const analysisApi = {
  open: (body: AnalysisRequest) => request<AnalysisView>('POST', '/api/analysis', body),
  get: (id: string) => request<AnalysisView>('GET', board(id)),
  move: (id: string, move: string) => request<AnalysisView>('POST', `${board(id)}/moves`, { move }),
  back: (id: string, to?: number) => request<AnalysisView>('POST', `${board(id)}/back`, to === undefined ? {} : { to }),
  engineOn: (id: string, lines?: number) => request<AnalysisView>('POST', `${board(id)}/engine`, lines === undefined ? {} : { lines }),
  engineOff: (id: string) => request<AnalysisView>('DELETE', `${board(id)}/engine`),
  oracleOn: (id: string) => request<AnalysisView>('POST', `${board(id)}/oracle`, {}),
  oracleOff: (id: string) => request<AnalysisView>('DELETE', `${board(id)}/oracle`),
  close: (id: string) => request<undefined>('DELETE', board(id)),
  socketUrl: (id: string) => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${board(id)}/ws`,
};

/** A board the server keeps: its requests, and its socket reconnected with backoff. */
export function serverBoard(id: string): AnalysisBackend {
  return {
    get: () => analysisApi.get(id),
    move: (token) => analysisApi.move(id, token),
    back: (to) => analysisApi.back(id, to),
    engineOn: (lines) => analysisApi.engineOn(id, lines),
    engineOff: () => analysisApi.engineOff(id),
    oracleOn: () => analysisApi.oracleOn(id),
    oracleOff: () => analysisApi.oracleOff(id),
    close: () => analysisApi.close(id),
    home: (game) => (game ? `/?game=${encodeURIComponent(game)}` : '/'),
    listen(message, connected) {
      let socket: WebSocket | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;
      let attempt = 0;
      let stopped = false;
      const connect = () => {
        const ws = new WebSocket(analysisApi.socketUrl(id));
        socket = ws;
        ws.onopen = () => {
          attempt = 0;
          connected(true);
        };
        ws.onmessage = (e) => message(JSON.parse(String(e.data)) as AnalysisMessage);
        ws.onclose = () => {
          connected(false);
          if (stopped) return;
          // Reconnects with backoff; the board's state comes first on every connection.
          retry = setTimeout(connect, Math.min(10000, 500 * 2 ** attempt++));
        };
      };
      connect();
      return () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        socket?.close();
      };
    },
  };
}
