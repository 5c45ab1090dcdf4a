import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../test/server";
import { fail, http, ok, renderAt, signIn } from "../test/helpers";
import ModuleFormPage, { declaredOf, editableOf, withoutErrorsFor, writableSchema } from "./ModuleFormPage";
import { toErrorSchema } from "./serverErrors";
import { handicappedSchema } from "../test/moduleSchemas";
import { CN } from "../test/chinese";
import { btn } from "../test/texts";

const module = { name: "handicappedSubsidy", title: CN.disabilitySubsidy, api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped" };

describe("ModuleFormPage", () => {
  it("creates with trimmed values and shows the server's field errors next to their fields", async () => {
    signIn({ modules: [module] });
    const bodies: unknown[] = [];
    server.use(
      http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
      http.post("/onlineVillage/handicappeds", async ({ request }) => {
        bodies.push(await request.json());
        return fail(400, CN.badSubmission, [{ field: "idCard", message: CN.idNumberTaken }]);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    await user.click(await screen.findByLabelText(new RegExp(CN.fullName)));
    await user.paste(`${CN.zhangSan} `);
    await user.click(screen.getByLabelText(new RegExp(CN.idNumber)));
    await user.paste("11010519491231002X");
    fireEvent.click(screen.getByRole("button", { name: btn("common.submit") }));
    expect(await screen.findByText(CN.idNumberTaken)).toBeInTheDocument();
    expect(bodies).toEqual([{ name: CN.zhangSan, idCard: "11010519491231002X" }]);
    // Editing the field drops the server's complaint about it.
    await user.type(screen.getByLabelText(new RegExp(CN.idNumber)), "{backspace}X");
    await waitFor(() => expect(screen.queryByText(CN.idNumberTaken)).toBeNull());
  });

  it("shows a server message that names no field under the form, and its field messages next to their fields", async () => {
    signIn({ modules: [module] });
    server.use(
      http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
      http.post("/onlineVillage/handicappeds", () =>
        fail(409, CN.badSubmission, [
          { field: "", message: CN.recordChanged },
          { field: "idCard", message: CN.idNumberTaken },
        ]),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    await user.click(await screen.findByLabelText(new RegExp(CN.fullName)));
    await user.paste(CN.zhangSan);
    await user.click(screen.getByLabelText(new RegExp(CN.idNumber)));
    await user.paste("11010519491231002X");
    fireEvent.click(screen.getByRole("button", { name: btn("common.submit") }));
    expect((await screen.findByText(CN.recordChanged)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText(CN.idNumberTaken)).toBeInTheDocument();
  });

  it("lays the fields out in the uiSchema's sections", async () => {
    signIn({ modules: [module] });
    server.use(http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)));
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    expect(await screen.findByRole("region", { name: CN.basicInfo })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: CN.subsidyInfo })).toBeInTheDocument();
  });

  it("edits with the record's version, sending PUT as POST ?_method=PUT (nulls of empty fields do not block it)", async () => {
    signIn({ modules: [module] });
    const seen: { search: string; body: unknown }[] = [];
    server.use(
      http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
      http.get("/onlineVillage/handicappeds/5", () =>
        ok({ id: 5, version: 3, name: CN.liSi, idCard: "11010519491231002X", mobile: null, amount: null, auditStatus: 1, history: [], createdAt: "2024-01-01" }),
      ),
      http.post("/onlineVillage/handicappeds/5", async ({ request }) => {
        seen.push({ search: new URL(request.url).search, body: await request.json() });
        return ok({ id: 5 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/edit/5", "/m/:module/edit/:id");
    const name = await screen.findByLabelText(new RegExp(CN.fullName));
    await waitFor(() => expect(name).toHaveValue(CN.liSi));
    await user.type(name, CN.four);
    fireEvent.click(screen.getByRole("button", { name: btn("common.submit") }));
    await waitFor(() => expect(seen).toEqual([{ search: "?_method=PUT", body: { name: CN.liSisi, idCard: "11010519491231002X", version: 3 } }]));
    expect(await screen.findByTestId("elsewhere")).toBeInTheDocument();
  });

  it("leaves choices unselected and read-only properties out of the form", async () => {
    signIn({ modules: [module] });
    server.use(http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)));
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    await screen.findByLabelText(new RegExp(CN.fullName));
    expect(screen.queryByText(CN.female)).toBeNull();
    expect(screen.queryByLabelText("ID")).toBeNull();
    expect(writableSchema({ required: ["id", "name"], properties: { id: { readOnly: true }, name: {} } })).toEqual({
      required: ["name"],
      properties: { name: {} },
    });
  });

  it("starts a new record with the defaults its module file declares", async () => {
    signIn({ modules: [module] });
    const withDefault = {
      ...handicappedSchema,
      jsonSchema: {
        ...handicappedSchema.jsonSchema,
        properties: { ...handicappedSchema.jsonSchema.properties, enabled: { type: "boolean", title: CN.enabled, default: true } },
      },
    };
    server.use(http.get("/onlineVillage/handicappeds/schema", () => ok(withDefault)));
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    expect(await screen.findByRole("switch", { name: CN.enabled })).toBeChecked();
  });

  it("keeps only declared properties and drops errors of changed fields", () => {
    expect(declaredOf({ properties: { a: {}, b: {}, id: { readOnly: true } } }, { a: 1, c: 2, id: 9 })).toEqual({ a: 1 });
    expect(editableOf({ properties: { a: {}, b: {} } }, { a: 1, b: null })).toEqual({ a: 1 });
    const errors = toErrorSchema([
      { field: "a", message: "x" },
      { field: "b", message: "y" },
    ]);
    expect(withoutErrorsFor(errors, { a: 1, b: 1 }, { a: 2, b: 1 })).toEqual({ b: { __errors: ["y"] } });
  });
});
