import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ChartBox } from "./ChartBox";

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

  it("retries twice with a 5 s countdown, then offers 加载", async () => {
    const loader = vi.fn((): Promise<string> => Promise.reject(new Error("down")));
    render(<ChartBox loader={loader}>{(d: string) => d}</ChartBox>);
    await tick(0);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status")).toHaveTextContent("5 秒后重试（第 1 次）");
    await tick(1000);
    expect(screen.getByRole("status")).toHaveTextContent("4 秒后重试");
    await tick(4000);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("status")).toHaveTextContent("5 秒后重试（第 2 次）");
    await tick(5000);
    expect(loader).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole("status")).toBeNull();
    await tick(10000);
    expect(loader).toHaveBeenCalledTimes(3);

    loader.mockImplementation(() => Promise.resolve("图表数据"));
    fireEvent.click(screen.getByRole("button", { name: /加\s*载/ }));
    await tick(0);
    expect(loader).toHaveBeenCalledTimes(4);
    expect(screen.getByText("图表数据")).toBeInTheDocument();
  });

  it("draws the data when the first load succeeds", async () => {
    render(<ChartBox loader={() => Promise.resolve([1, 2])}>{(d: number[]) => `共 ${d.length} 项`}</ChartBox>);
    await tick(0);
    expect(screen.getByText("共 2 项")).toBeInTheDocument();
  });
});
