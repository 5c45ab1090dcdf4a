import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import userEvent from "@testing-library/user-event";
import { server } from "../../test/server";
import { http, ok, Providers, signIn } from "../../test/helpers";
import { RefSelectInput } from "./RefSelectWidget";
import { renderForm } from "../../test/form";
import { CN } from "../../test/chinese";

const villager = { name: "villager", title: CN.villager, api: "/cmzz/api/villagers", permission: "cmzz.villager" };
const schema = { type: "object" as const, properties: { villager: { type: "integer" as const, title: CN.villager } } };
const ui = { villager: { "ui:widget": "refSelect", "ui:options": { ref: "villager", display: "name" } } };

describe("RefSelectWidget", () => {
  it("searches the target module with <display>.contains and keeps the chosen id", async () => {
    const searches: string[] = [];
    server.use(
      http.get("/cmzz/api/villagers", ({ request }) => {
        const q = new URL(request.url).searchParams;
        const ids = q.get("id.in");
        if (ids) return ok({ data: [{ id: 7, name: CN.wangWu }], recordsTotal: 1 });
        searches.push(q.get("name.contains") ?? "");
        const rows = [{ id: 1, name: CN.zhangSan }, { id: 2, name: CN.zhangSi }].filter((r) => r.name.includes(q.get("name.contains") ?? ""));
        return ok({ data: rows, recordsTotal: rows.length });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { state } = renderForm(schema, ui, { villager: 7 }, { dicts: {}, modules: [villager] });
    expect(await screen.findByText(CN.wangWu)).toBeInTheDocument();
    const box = screen.getByLabelText(CN.villager);
    fireEvent.mouseDown(box);
    await user.type(box, CN.zhangSi);
    await waitFor(() => expect(searches).toContain(CN.zhangSi));
    fireEvent.click(await screen.findByTitle(CN.zhangSi));
    await waitFor(() => expect(state.data.villager).toBe(2));
  });

  it("shows the raw value when the target is not a module the user may list", () => {
    renderForm(schema, ui, { villager: 7 }, { dicts: {}, modules: [] });
    expect(screen.getByLabelText(CN.villager)).toHaveValue("7");
    expect(screen.getByLabelText(CN.villager)).toBeDisabled();
  });

  // A list's search form (issue 19): the first page of matches is asked when the input is first focused or
  // pointed at, not while the list loads; a value already set is labelled at once.
  it("with deferOptions asks for matches on first focus only, and labels a set value at once", async () => {
    signIn({ modules: [villager] });
    const lists: string[] = [];
    server.use(
      http.get("/cmzz/api/villagers", ({ request }) => {
        const q = new URL(request.url).searchParams;
        if (q.get("id.in")) return ok({ data: [{ id: 7, name: CN.wangWu }], recordsTotal: 1 });
        lists.push(q.toString());
        return ok({ data: [{ id: 1, name: CN.zhangSan }], recordsTotal: 1 });
      }),
    );
    render(
      <MemoryRouter>
        <Providers>
          <RefSelectInput id="v" target={villager} display="name" value="7" onChange={() => undefined} deferOptions />
        </Providers>
      </MemoryRouter>,
    );
    expect(await screen.findByText(CN.wangWu)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(lists).toEqual([]);
    fireEvent.focus(document.getElementById("v")!);
    await waitFor(() => expect(lists).toHaveLength(1));
  });
});
