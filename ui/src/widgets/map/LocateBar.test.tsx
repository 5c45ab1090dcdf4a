import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LocateBar } from "./LocateBar";
import { text } from "../../locales/catalogue";
import { CN } from "../../test/chinese";
import { btn } from "../../test/texts";

function setup(geocoderUrl = "", fetcher?: typeof fetch) {
  const warn = vi.fn();
  const onLocate = vi.fn();
  render(<LocateBar geocoderUrl={geocoderUrl} onLocate={onLocate} warn={warn} fetcher={fetcher} />);
  return { warn, onLocate, user: userEvent.setup() };
}

describe("LocateBar", () => {
  it("warns that the place and the coordinate are empty", async () => {
    const { warn, onLocate, user } = setup();
    await user.click(screen.getByRole("button", { name: btn("widgets.locate.search") }));
    await user.click(screen.getByRole("button", { name: btn("widgets.locate.go") }));
    expect(warn.mock.calls).toEqual([[text("widgets.map.emptyPlace")], [text("widgets.map.emptyCoord")]]);
    expect(onLocate).not.toHaveBeenCalled();
  });

  it("says no place search is configured, calling nothing", async () => {
    const fetcher = vi.fn<typeof fetch>();
    const { user } = setup("", fetcher);
    await user.type(screen.getByLabelText(text("widgets.locate.place")), `${CN.chengguanTown}{Enter}`);
    expect(await screen.findByText(text("widgets.map.noGeocoder"))).toBeInTheDocument();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("locates a coordinate typed with a full-width comma, and rejects a bad one", async () => {
    const { warn, onLocate, user } = setup();
    const box = screen.getByLabelText(text("widgets.locate.coordinate"));
    await user.type(box, "115.2，36.3{Enter}");
    expect(onLocate).toHaveBeenCalledWith({ lng: 115.2, lat: 36.3 });
    await user.clear(box);
    await user.type(box, "east{Enter}");
    expect(warn).toHaveBeenCalledWith(text("widgets.map.badCoord"));
  });

  it("searches the configured geocoder and goes to the first place", async () => {
    const fetcher = vi.fn<typeof fetch>(async () => Response.json([{ lat: "36.3", lon: "115.2", display_name: CN.chengguanTown }]));
    const { onLocate, user } = setup("https://geo.example/search?q={q}", fetcher);
    await user.type(screen.getByLabelText(text("widgets.locate.place")), `${CN.chengguanTown}{Enter}`);
    await vi.waitFor(() => expect(onLocate).toHaveBeenCalledWith({ lng: 115.2, lat: 36.3 }));
    expect(fetcher.mock.calls[0][0]).toBe(`https://geo.example/search?q=${encodeURIComponent(CN.chengguanTown)}`);
  });
});
