// How much of the design view a keystroke in the properties panel re-renders (issue 14: a 300-field module
// stays fluid in the designer). Typing into the selected field's label must re-render that field's card on
// the canvas and nothing else of the canvas or the palette; and the drag context around them must not render
// again either: each render of dnd-kit's DndContext hands its descendants a new context value, and a changed
// context above the canvas makes React walk the subtree of every memoised card (≈ 13 ms a keystroke in
// Chromium with 300 fields, docs/performance.md), which no render count shows — so its renders are counted.
// In the properties panel only the label's Form.Item renders, not the panel's other properties.

import { afterEach, describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import DesignerPage from "./DesignerPage";
import { renderProbe } from "./Canvas";
import { emptyModule, newField, type FieldDoc } from "./model";
import { toPlain } from "./yamlio";
import { text } from "./texts";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { useSessionStore } from "../stores/useSessionStore";

const FIELDS = 60;

function bigModule() {
  const fields: FieldDoc[] = [];
  for (let i = 0; i < FIELDS; i++) fields.push({ ...newField(i % 3 === 0 ? "int" : "string", `Field ${i}`, []), name: `f${i}`, section: i % 2 ? "a" : "b" });
  return { ...emptyModule("big", "Big"), sections: [{ name: "a", title: "A" }, { name: "b", title: "B" }], fields };
}

afterEach(() => {
  renderProbe.onRender = undefined;
});

describe("the designer's canvas with a large module", () => {
  it("re-renders only the edited field's card when its label is typed into", async () => {
    signIn();
    useSessionStore.setState((s) => ({ user: s.user && { ...s.user, platformAdmin: true } }));
    const model = bigModule();
    server.use(
      http.get("/api/designer/modules", () => ok([{ name: "big", title: "Big", api: "/designer/bigs", source: "designer", readOnly: false, state: "draft" }])),
      http.get("/api/designer/options", () => ok({ fieldTypes: [], dicts: [], groups: [], modules: [], roles: [] })),
      http.get("/api/designer/modules/big", () => ok({ name: "big", source: "designer", readOnly: false, state: "draft", yaml: "", model: toPlain(model), problems: [], renames: {} })),
    );
    renderAt(<DesignerPage />, "/form-design");
    const picker = await screen.findByRole("combobox", { name: text("designer.modules") });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle("Big (big)"));
    const card = await screen.findByText("Field 7", {}, { timeout: 10_000 });
    fireEvent.click(card);
    const label = await within(await screen.findByTestId("field-panel")).findByLabelText(text("designer.props.label"));
    const canvas = screen.getByTestId("designer-canvas");
    await waitFor(() => expect((label as HTMLInputElement).value).toBe("Field 7"));

    const renders = new Map<string, number>();
    renderProbe.onRender = (part, id) => renders.set(`${part} ${id}`, (renders.get(`${part} ${id}`) ?? 0) + 1);
    for (const typed of ["Field 7x", "Field 7xy", "Field 7xyz"]) {
      await act(async () => {
        fireEvent.change(label, { target: { value: typed } });
      });
      await within(canvas).findByText(typed);
    }
    const parts = [...renders.keys()];
    // The edited card renders (once or twice a keystroke); no other card, no palette entry, no drag context.
    const cards = parts.filter((k) => k.startsWith("FieldCard "));
    expect(new Set(cards).size, `cards re-rendered: ${cards.length}`).toBe(1);
    expect(parts.filter((k) => k.startsWith("PaletteEntry ")), "palette entries re-rendered").toEqual([]);
    expect(parts.filter((k) => k.startsWith("DesignDnd")), "the drag context re-rendered").toEqual([]);
    // In the properties panel, the label's own Form.Item renders; the other properties do not.
    expect(parts.filter((k) => k.startsWith("FieldProps")), "the panel's other properties re-rendered").toEqual([]);
  }, 120_000);
});
