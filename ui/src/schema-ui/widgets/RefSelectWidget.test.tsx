import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../../test/server";
import { http, ok } from "../../test/helpers";
import { renderForm } from "../../test/form";

const villager = { name: "villager", title: "村民", api: "/cmzz/api/villagers", permission: "cmzz.villager" };
const schema = { type: "object" as const, properties: { villager: { type: "integer" as const, title: "村民" } } };
const ui = { villager: { "ui:widget": "refSelect", "ui:options": { ref: "villager", display: "name" } } };

describe("RefSelectWidget", () => {
  it("searches the target module with <display>.contains and keeps the chosen id", async () => {
    const searches: string[] = [];
    server.use(
      http.get("/cmzz/api/villagers", ({ request }) => {
        const q = new URL(request.url).searchParams;
        const ids = q.get("id.in");
        if (ids) return ok({ data: [{ id: 7, name: "王五" }], recordsTotal: 1 });
        searches.push(q.get("name.contains") ?? "");
        const rows = [{ id: 1, name: "张三" }, { id: 2, name: "张四" }].filter((r) => r.name.includes(q.get("name.contains") ?? ""));
        return ok({ data: rows, recordsTotal: rows.length });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { villager: 7 }, { dicts: {}, modules: [villager] });
    expect(await screen.findByText("王五")).toBeInTheDocument();
    const box = screen.getByLabelText("村民");
    fireEvent.mouseDown(box);
    await user.type(box, "张四");
    await waitFor(() => expect(searches).toContain("张四"));
    fireEvent.click(await screen.findByTitle("张四"));
    await waitFor(() => expect(state.data.villager).toBe(2));
  });

  it("shows the raw value when the target is not a module the user may list", () => {
    renderForm(schema, ui, { villager: 7 }, { dicts: {}, modules: [] });
    expect(screen.getByLabelText("村民")).toHaveValue("7");
    expect(screen.getByLabelText("村民")).toBeDisabled();
  });
});
