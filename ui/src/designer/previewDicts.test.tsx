import { CN } from "../test/chinese";
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { MemoryRouter } from "react-router";
import { PreviewTab } from "./PreviewTab";
import { dictTypesOf, usePreviewDicts } from "./previewDicts";
import { emptyModule, newField, type ModuleDoc } from "./model";
import { ok, Providers, signIn } from "../test/helpers";
import { server } from "../test/server";

function module(): ModuleDoc {
  const m = emptyModule("sample", "Sample");
  const sex = { ...newField("enum", "Sex", []), dict: "sex" };
  const kids = { ...newField("children", "Kids", ["sex"]), fields: [{ ...newField("enum", "Grade", []), dict: "grade" }] };
  return { ...m, fields: [sex, newField("string", "Name", ["sex"]), kids] };
}

function Preview({ model }: { model: ModuleDoc }) {
  const dicts = usePreviewDicts(model);
  return <PreviewTab model={model} dicts={dicts} />;
}

describe("the preview's dictionaries", () => {
  it("names every dictionary of the model and its children once", () => {
    const m = module();
    expect(dictTypesOf({ ...m, fields: [...m.fields, { ...newField("enum", "Sex again", []), dict: "sex" }] })).toEqual(["grade", "sex"]);
  });

  it("loads the dictionary items with the dictionary call and shows them as the enum's choices", async () => {
    signIn();
    const asked: string[] = [];
    server.use(
      http.post("/api/sysdictitem/selectSysDictItemList", async ({ request }) => {
        const body = (await request.json()) as { dictType: string };
        asked.push(body.dictType);
        return ok({
          grade: [{ value: "1", label: CN.firstYear }],
          sex: [
            { value: "1", label: CN.male },
            { value: "2", label: CN.female },
          ],
        });
      }),
    );
    const m = module();
    const { rerender } = render(
      <MemoryRouter>
        <Providers>
          <Preview model={m} />
        </Providers>
      </MemoryRouter>,
    );
    await waitFor(() => expect(asked).toEqual(["grade,sex"]));
    const select = await screen.findByRole("combobox", { name: "Sex" });
    fireEvent.mouseDown(select);
    const list = await screen.findByRole("listbox");
    await waitFor(() => expect(within(document.body).getByTitle(CN.male)).toBeInTheDocument());
    expect(within(document.body).getByTitle(CN.female)).toBeInTheDocument();
    expect(list).toBeInTheDocument();

    // An edit naming no new dictionary asks nothing again.
    rerender(
      <MemoryRouter>
        <Providers>
          <Preview model={{ ...m, title: "Sample 2" }} />
        </Providers>
      </MemoryRouter>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual(["grade,sex"]);
  });
});
