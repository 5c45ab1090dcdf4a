import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LocateBar } from "./LocateBar";
import { MSG_BAD_COORD, MSG_NO_GEOCODER } from "./geo";

function setup(geocoderUrl = "", fetcher?: typeof fetch) {
  const warn = vi.fn();
  const onLocate = vi.fn();
  render(<LocateBar geocoderUrl={geocoderUrl} onLocate={onLocate} warn={warn} fetcher={fetcher} />);
  return { warn, onLocate, user: userEvent.setup() };
}

describe("LocateBar", () => {
  it("warns 请输入地点 and 请输入坐标点 on empty boxes", async () => {
    const { warn, onLocate, user } = setup();
    await user.click(screen.getByRole("button", { name: /搜\s*索/ }));
    await user.click(screen.getByRole("button", { name: /定\s*位/ }));
    expect(warn.mock.calls).toEqual([["请输入地点"], ["请输入坐标点"]]);
    expect(onLocate).not.toHaveBeenCalled();
  });

  it("says no place search is configured, calling nothing", async () => {
    const fetcher = vi.fn<typeof fetch>();
    const { user } = setup("", fetcher);
    await user.type(screen.getByLabelText("搜索地点"), "城关镇{Enter}");
    expect(await screen.findByText(MSG_NO_GEOCODER)).toBeInTheDocument();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("locates a coordinate typed with a full-width comma, and rejects a bad one", async () => {
    const { warn, onLocate, user } = setup();
    const box = screen.getByLabelText("输入坐标");
    await user.type(box, "115.2，36.3{Enter}");
    expect(onLocate).toHaveBeenCalledWith({ lng: 115.2, lat: 36.3 });
    await user.clear(box);
    await user.type(box, "east{Enter}");
    expect(warn).toHaveBeenCalledWith(MSG_BAD_COORD);
  });

  it("searches the configured geocoder and goes to the first place", async () => {
    const fetcher = vi.fn<typeof fetch>(async () => Response.json([{ lat: "36.3", lon: "115.2", display_name: "城关镇" }]));
    const { onLocate, user } = setup("https://geo.example/search?q={q}", fetcher);
    await user.type(screen.getByLabelText("搜索地点"), "城关镇{Enter}");
    await vi.waitFor(() => expect(onLocate).toHaveBeenCalledWith({ lng: 115.2, lat: 36.3 }));
    expect(fetcher.mock.calls[0][0]).toBe(`https://geo.example/search?q=${encodeURIComponent("城关镇")}`);
  });
});
