// Table changes from the message socket (docs/messages.md "Table changes"): the server says only which
// module's table was written ({"type":"table","module":"x"}), for modules the user may list. Pages that
// show statistics (the large screens, the workbench) reload through their ordinary scoped calls, at most
// once per REFRESH_GAP_MS each. The shell's socket emits here; a large screen, outside the shell, opens
// its own socket (useTableSocket).

import { useEffect, useRef } from "react";
import { apiBase } from "../api/http";
import { getToken } from "../stores/useSessionStore";
import { messageApi } from "./messageApi";
import { MessageSocket } from "./socket";

/** REFRESH_GAP_MS is the least time between two refreshes of one page caused by table changes. */
export const REFRESH_GAP_MS = 5_000;

type Listener = (module: string) => void;
const listeners = new Set<Listener>();

/** onTableChange calls fn for every table change; it answers the function that stops it. */
export function onTableChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** emitTableChange tells the listeners that module's table changed. */
export function emitTableChange(module: string): void {
  for (const fn of [...listeners]) fn(module);
}

/** Throttle runs fn at once when the gap since its last run is over, else once when it is. */
export interface Throttle {
  trigger: () => void;
  cancel: () => void;
}

/** throttle runs fn at most once per gapMs: the first trigger at once, later ones once at the gap's end. */
export function throttle(fn: () => void, gapMs: number, now: () => number = Date.now): Throttle {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = now();
    fn();
  };
  return {
    trigger: () => {
      if (timer) return;
      const wait = last + gapMs - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * useTableRefresh calls refresh when one of modules changed, at most once per gapMs (the first change at
 * once). modules is compared by content.
 */
export function useTableRefresh(modules: readonly string[], refresh: () => void, gapMs = REFRESH_GAP_MS): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = [...new Set(modules)].sort().join(",");
  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(","));
    const t = throttle(() => latest.current(), gapMs);
    const stop = onTableChange((m) => wanted.has(m) && t.trigger());
    return () => {
      stop();
      t.cancel();
    };
  }, [key, gapMs]);
}

/**
 * useTableSocket opens a message socket that only listens for table changes, for a page outside the shell
 * (whose socket is not open there). It replays no messages (no resume number).
 */
export function useTableSocket(enabled = true): void {
  useEffect(() => {
    if (!enabled || typeof globalThis.WebSocket !== "function") return;
    let socket: MessageSocket | null = null;
    let cancelled = false;
    void messageApi.userKey().then(
      (key) => {
        if (cancelled) return;
        socket = new MessageSocket({
          userKey: key,
          token: getToken,
          lastSeq: -1,
          base: apiBase(),
          onFrame: (f) => f.type === "table" && emitTableChange(f.module),
          onConnectedChange: () => undefined,
          onUnsupported: () => undefined,
        });
        socket.start();
      },
      () => undefined, // no socket: the timed refresh still runs
    );
    return () => {
      cancelled = true;
      socket?.stop();
    };
  }, [enabled]);
}
