// The message socket's client (spec §4, §9; server side in docs/messages.md): it opens
// /message/websocket/{tenantId_userId} after the user id is fetched, offers the token as a subprotocol
// (never in the URL), pings every 45 s, reconnects 6 s after a close at most 10 times in a row, keeps the
// connection flag, resumes after the last sequence number it saw, and passes each message on once.

/** SocketMessage is one stored message as the server sends it. */
export interface SocketMessage {
  id: number;
  seq: number;
  kind: string;
  title: string;
  body: string;
  senderId?: number;
  module?: string;
  recordId?: number;
  taskId?: number;
  createdAt: string;
  readAt?: string;
}

/** Frame is what the server sends on the socket. */
export type Frame =
  | { type: "message"; message: SocketMessage }
  | { type: "read"; ids?: number[]; all?: boolean }
  | { type: "deleted"; ids?: number[] }
  | { type: "pong" }
  | { type: "reset" }
  /** A module's table was written (the name only; tableChanges.ts). */
  | { type: "table"; module: string };

/** Spec §9: heartbeat 45 s; reconnect delay 6 s; max 10 reconnects. */
export const HEARTBEAT_MS = 45_000;
export const RECONNECT_MS = 6_000;
export const MAX_RECONNECTS = 10;

/** The subprotocols: the version, and the token (a browser cannot set an Authorization header here). */
export const SUBPROTOCOL = "xz.v1";
export const TOKEN_PROTOCOL = "xz.token.";

/** SESSION_ENDED is the close status of a socket whose session ended: reconnecting would not help. */
export const SESSION_ENDED = 4401;

/** How many message ids are remembered to drop duplicates (delivery is at least once). */
const SEEN_LIMIT = 1000;

export interface SocketOptions {
  /** The socket key {tenantId}_{userId} from getUserId. */
  userKey: string;
  token: () => string | null;
  /** The highest sequence number the page already shows (0 for none): replay starts after it; -1 replays nothing. */
  lastSeq: number;
  onFrame: (frame: Frame) => void;
  onConnectedChange: (connected: boolean) => void;
  /** The browser has no WebSocket: the spec's alert. */
  onUnsupported: () => void;
  /** Where the server is; the page's own origin when empty. */
  base?: string;
}

/** socketUrl is the socket address of a user key, resuming after seq (no resume for a negative seq). */
export function socketUrl(userKey: string, seq: number, base = ""): string {
  const origin = base || window.location.origin;
  const ws = origin.replace(/^http/, "ws");
  const path = `${ws}/message/websocket/${encodeURIComponent(userKey)}`;
  return seq < 0 ? path : `${path}?after=${seq}`;
}

/** MessageSocket keeps one socket open for the signed-in user. */
export class MessageSocket {
  private ws: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = false;
  private seq: number;
  private readonly seen = new Set<number>();
  /** The connection flag: set on open, cleared on close (spec §4). */
  connected = false;

  constructor(private readonly opts: SocketOptions) {
    this.seq = opts.lastSeq;
  }

  /** start opens the socket, or reports a browser without WebSocket. */
  start(): void {
    if (typeof globalThis.WebSocket !== "function") {
      this.opts.onUnsupported();
      return;
    }
    this.open();
  }

  /** stop closes the socket for good (logout, leaving the shell). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.ws?.close(1000);
    this.ws = null;
    this.setConnected(false);
  }

  /** reconnects counts the reconnections since the last successful open. */
  get reconnects(): number {
    return this.attempts;
  }

  private open(): void {
    const token = this.opts.token();
    if (!token) return;
    const ws = new WebSocket(socketUrl(this.opts.userKey, this.seq, this.opts.base), [
      SUBPROTOCOL,
      TOKEN_PROTOCOL + token,
    ]);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.setConnected(true);
      this.heartbeat = setInterval(() => ws.send("ping"), HEARTBEAT_MS);
    };
    ws.onmessage = (e: MessageEvent) => this.receive(e.data);
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return;
      this.clearTimers();
      this.setConnected(false);
      if (this.stopped || e.code === SESSION_ENDED || this.attempts >= MAX_RECONNECTS) return;
      this.attempts++;
      this.retry = setTimeout(() => this.open(), RECONNECT_MS);
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let frame: Frame;
    try {
      frame = JSON.parse(data) as Frame;
    } catch {
      return;
    }
    if (frame.type === "message") {
      const m = frame.message;
      if (this.seen.has(m.id)) return;
      this.seen.add(m.id);
      if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value as number);
      this.seq = Math.max(this.seq, m.seq);
    }
    if (frame.type === "pong") return;
    this.opts.onFrame(frame);
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    this.opts.onConnectedChange(connected);
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    this.heartbeat = this.retry = null;
  }
}
