import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ChartBox } from "./ChartBox";
import { CN } from "../../test/chinese";
import { btn } from "../../test/texts";
import { text } from "../../locales/catalogue";

/** tick moves the clock a second at a time, letting React re-render (and start the next timer) between. */
async function tick(ms: number) {
  for (let left = ms; ; left -= 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(left, 1000));
    });
    if (left <= 1000) break;
  }
}

describe("ChartBox", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("retries twice with a 5 s countdown, then offers to load", async () => {
    const loader = vi.fn((): Promise<string> => Promise.reject(new Error("down")));
    render(<ChartBox loader={loader}>{(d: string) => d}</ChartBox>);
    await tick(0);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status")).toHaveTextContent(text("widgets.chart.retryIn", { seconds: 5, retry: 1 }));
    await tick(1000);
    expect(screen.getByRole("status")).toHaveTextContent(text("widgets.chart.retryIn", { seconds: 4, retry: 1 }));
    await tick(4000);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("status")).toHaveTextContent(text("widgets.chart.retryIn", { seconds: 5, retry: 2 }));
    await tick(5000);
    expect(loader).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole("status")).toBeNull();
    await tick(10000);
    expect(loader).toHaveBeenCalledTimes(3);

    loader.mockImplementation(() => Promise.resolve(CN.chartData));
    fireEvent.click(screen.getByRole("button", { name: btn("widgets.chart.load") }));
    await tick(0);
    expect(loader).toHaveBeenCalledTimes(4);
    expect(screen.getByText(CN.chartData)).toBeInTheDocument();
  });

  it("draws the data when the first load succeeds", async () => {
    render(<ChartBox loader={() => Promise.resolve([1, 2])}>{(d: number[]) => `${d.length} items`}</ChartBox>);
    await tick(0);
    expect(screen.getByText("2 items")).toBeInTheDocument();
  });

  it("loads again on a new reloadKey, keeping the drawn chart until the new data arrives", async () => {
    let release: (v: string) => void = () => undefined;
    const loader = vi.fn((): Promise<string> => Promise.resolve("first"));
    const { rerender } = render(<ChartBox loader={loader} reloadKey="a">{(d: string) => d}</ChartBox>);
    await tick(0);
    expect(screen.getByText("first")).toBeInTheDocument();

    loader.mockImplementation(() => new Promise<string>((resolve) => (release = resolve)));
    rerender(<ChartBox loader={loader} reloadKey="b">{(d: string) => d}</ChartBox>);
    await tick(0);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.getByText("first")).toBeInTheDocument();
    await act(async () => release("second"));
    expect(screen.getByText("second")).toBeInTheDocument();

    // The same key again does not load.
    rerender(<ChartBox loader={loader} reloadKey="b">{(d: string) => d}</ChartBox>);
    await tick(1000);
    expect(loader).toHaveBeenCalledTimes(2);

    // A refresh that fails counts down to its retry like a first load.
    loader.mockImplementation(() => Promise.reject(new Error("down")));
    rerender(<ChartBox loader={loader} reloadKey="c">{(d: string) => d}</ChartBox>);
    await tick(0);
    expect(screen.getByRole("status")).toHaveTextContent(text("widgets.chart.retryIn", { seconds: 5, retry: 1 }));
    await tick(5000);
    expect(loader).toHaveBeenCalledTimes(4);
  });
});
