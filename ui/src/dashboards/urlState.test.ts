import { describe, expect, it } from "vitest";
import { applyClick, choiceNames, clickAction, dataQuery, drillTo, readState, stateKey, withChoice, withPeriod, writeState } from "./urlState";
import type { PageFilter } from "./types";

const filters: PageFilter[] = [
  { name: "period", type: "period", label: "p" },
  { name: "township", type: "org", label: "t", level: 2 },
  { name: "category", type: "choice", label: "c", options: [{ value: 3, label: "x" }] },
];

describe("URL filter state", () => {
  it("reads the drill node, the period and the declared choices, dropping anything else", () => {
    const names = choiceNames(filters);
    expect(names).toEqual(["category"]);
    const s = readState(new URLSearchParams("org=5&from=2026-01-01&to=2026-03-31&category=3&type=h5&township=9"), names);
    expect(s).toEqual({ org: 5, from: "2026-01-01", to: "2026-03-31", choices: { category: "3" } });
  });

  it("drops malformed values instead of guessing", () => {
    const s = readState(new URLSearchParams("org=5x&from=2026-1-1&to=yesterday"), []);
    expect(s).toEqual({ choices: {} });
  });

  it("writes the state back in a stable order and reads it again unchanged (a refresh)", () => {
    const s = { org: 12, from: "2026-02-01", to: "2026-02-28", choices: { zeta: "1", category: "3" } };
    const written = writeState(s).toString();
    expect(written).toBe("org=12&from=2026-02-01&to=2026-02-28&category=3&zeta=1");
    expect(readState(new URLSearchParams(written), ["category", "zeta"])).toEqual(s);
    expect(stateKey(s)).toBe(written);
  });

  it("drills in and back to the top keeping the filters", () => {
    const s = { from: "2026-01-01", to: "2026-01-31", choices: { category: "3" } };
    const inTown = drillTo(s, 5);
    expect(writeState(inTown).toString()).toBe("org=5&from=2026-01-01&to=2026-01-31&category=3");
    expect(writeState(drillTo(inTown, undefined)).toString()).toBe("from=2026-01-01&to=2026-01-31&category=3");
  });

  it("sets, toggles and clears a choice and the period", () => {
    const s = withChoice({ choices: {} }, "category", "3");
    expect(s.choices).toEqual({ category: "3" });
    expect(withChoice(s, "category", "3", true).choices).toEqual({});
    expect(withChoice(s, "category", "4", true).choices).toEqual({ category: "4" });
    expect(withChoice(s, "category", undefined).choices).toEqual({});
    expect(withPeriod(s, "2026-01-01", "2026-12-31")).toMatchObject({ from: "2026-01-01", to: "2026-12-31" });
    expect(withPeriod(s, "bad", undefined)).toMatchObject({ from: undefined, to: undefined });
  });

  it("asks the data call with the state and, for one chart's retry, its id", () => {
    const q = dataQuery({ org: 5, choices: { category: "3" } }, ["popByVillage"]) as URLSearchParams;
    expect(q.toString()).toBe("org=5&category=3&widgets=popByVillage");
  });
});

describe("clicks on a chart", () => {
  it("reads the widget's drill setting", () => {
    expect(clickAction("org", 12)).toEqual({ type: "org", org: 12 });
    expect(clickAction("org", "12")).toEqual({ type: "org", org: 12 });
    expect(clickAction("org", null)).toBeNull();
    expect(clickAction("org", "2026-01")).toBeNull();
    expect(clickAction("filter:category", 3)).toEqual({ type: "filter", name: "category", value: "3" });
    expect(clickAction("filter:org", 3)).toBeNull();
    expect(clickAction("route:/m/villager", 3)).toEqual({ type: "route", path: "/m/villager" });
    expect(clickAction("route:javascript:x", 3)).toBeNull();
    expect(clickAction("", 3)).toBeNull();
  });

  it("filters the other widgets, a second click on the same slice clears the filter", () => {
    const s = applyClick({ choices: {} }, clickAction("filter:category", 3));
    expect(s.choices).toEqual({ category: "3" });
    expect(applyClick(s, clickAction("filter:category", 3)).choices).toEqual({});
  });

  it("drills when the clicked filter is an organisation filter", () => {
    expect(applyClick({ choices: {} }, clickAction("filter:township", 5), ["township"])).toEqual({ org: 5, choices: {} });
    expect(applyClick({ choices: {} }, clickAction("org", 13))).toEqual({ org: 13, choices: {} });
    expect(applyClick({ choices: {} }, clickAction("route:/x", 1))).toEqual({ choices: {} });
  });
});
