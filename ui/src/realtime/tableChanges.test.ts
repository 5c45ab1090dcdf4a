import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emitTableChange, onTableChange, throttle } from "./tableChanges";
import { socketUrl } from "./socket";

describe("table changes", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("throttle runs at once, then at most once per gap, at the gap's end", () => {
    const fn = vi.fn();
    const t = throttle(fn, 5_000);
    t.trigger();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    t.trigger();
    t.trigger();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    t.trigger();
    expect(fn).toHaveBeenCalledTimes(3);
    t.trigger();
    t.cancel();
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("passes each change to the listeners until they stop", () => {
    const seen: string[] = [];
    const stop = onTableChange((m) => seen.push(m));
    emitTableChange("villager");
    stop();
    emitTableChange("event");
    expect(seen).toEqual(["villager"]);
  });

  it("a socket that listens for table changes only asks for no replay", () => {
    expect(socketUrl("1_5", -1, "http://xz.test")).toBe("ws://xz.test/message/websocket/1_5");
    expect(socketUrl("1_5", 3, "http://xz.test")).toBe("ws://xz.test/message/websocket/1_5?after=3");
  });
});
