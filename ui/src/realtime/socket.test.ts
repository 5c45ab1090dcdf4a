import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_MS, MAX_RECONNECTS, MessageSocket, RECONNECT_MS, SESSION_ENDED, type Frame } from "./socket";

/** FakeSocket stands in for the browser's WebSocket and records what the client does with it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  sent: string[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  // What the server does:
  accept() {
    this.onopen?.();
  }
  deliver(frame: Frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];

function message(id: number, seq: number): Frame {
  return { type: "message", message: { id, seq, kind: "direct", title: `m${id}`, body: "", createdAt: "" } };
}

function start(lastSeq = 0) {
  const frames: Frame[] = [];
  const flags: boolean[] = [];
  const unsupported = vi.fn();
  const socket = new MessageSocket({
    userKey: "1_5",
    token: () => "tok.en-_x",
    lastSeq,
    base: "http://xz.test",
    onFrame: (f) => frames.push(f),
    onConnectedChange: (c) => flags.push(c),
    onUnsupported: unsupported,
  });
  socket.start();
  return { socket, frames, flags, unsupported };
}

describe("MessageSocket", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens the user's path with the token as a subprotocol, never in the URL", () => {
    start(3);
    expect(last().url).toBe("ws://xz.test/message/websocket/1_5?after=3");
    expect(last().protocols).toEqual(["xz.v1", "xz.token.tok.en-_x"]);
    expect(last().url).not.toContain("tok.en");
  });

  it("keeps the connection flag and pings every 45 s", () => {
    const { socket, flags } = start();
    last().accept();
    expect(socket.connected).toBe(true);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual(["ping"]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(last().sent).toEqual(["ping", "ping"]);
    last().drop();
    expect(socket.connected).toBe(false);
    expect(flags).toEqual([true, false]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(FakeSocket.all[0].sent).toHaveLength(2);
  });

  it("reconnects 6 s after a close, resuming after the last number seen", () => {
    start(2);
    last().accept();
    last().deliver(message(10, 3));
    last().deliver(message(11, 4));
    last().drop();
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toMatch(/\?after=4$/);
  });

  it("gives up after 10 reconnects in a row", () => {
    const { socket } = start();
    for (let i = 0; i < 20; i++) {
      last().drop();
      vi.advanceTimersByTime(RECONNECT_MS);
    }
    expect(FakeSocket.all).toHaveLength(1 + MAX_RECONNECTS);
    expect(socket.reconnects).toBe(MAX_RECONNECTS);
  });

  it("counts reconnects afresh after a successful open", () => {
    start();
    for (let i = 0; i < 5; i++) {
      last().drop();
      vi.advanceTimersByTime(RECONNECT_MS);
    }
    last().accept();
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      last().drop();
      vi.advanceTimersByTime(RECONNECT_MS);
    }
    expect(FakeSocket.all).toHaveLength(1 + 5 + MAX_RECONNECTS);
  });

  it("passes each message on once, and drops pongs", () => {
    const { frames } = start();
    last().accept();
    last().deliver(message(7, 1));
    last().deliver({ type: "pong" });
    last().deliver(message(7, 1));
    last().deliver({ type: "read", all: true });
    expect(frames.map((f) => f.type)).toEqual(["message", "read"]);
  });

  it("does not reconnect when the session ended or after stop", () => {
    start();
    last().accept();
    last().drop(SESSION_ENDED);
    vi.advanceTimersByTime(RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);

    const { socket } = start();
    last().accept();
    socket.stop();
    expect(last().closed).toBe(true);
    last().drop(1000);
    vi.advanceTimersByTime(RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("reports a browser without WebSocket", () => {
    vi.stubGlobal("WebSocket", undefined);
    const { unsupported } = start();
    expect(unsupported).toHaveBeenCalledOnce();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
