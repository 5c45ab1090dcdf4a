import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../test/server";
import { fail, http, ok, renderAt, signIn } from "../test/helpers";
import ModuleFormPage, { declaredOf, editableOf, withoutErrorsFor, writableSchema } from "./ModuleFormPage";
import { toErrorSchema } from "./serverErrors";
import { handicappedSchema } from "./testdata";

const module = { name: "handicappedSubsidy", title: "残疾人补贴", api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped" };

describe("ModuleFormPage", () => {
  it("creates with trimmed values and shows the server's field errors next to their fields", async () => {
    signIn({ modules: [module] });
    const bodies: unknown[] = [];
    server.use(
      http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
      http.post("/onlineVillage/handicappeds", async ({ request }) => {
        bodies.push(await request.json());
        return fail(400, "提交的数据有误", [{ field: "idCard", message: "身份证号已存在" }]);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    await user.click(await screen.findByLabelText(/姓名/));
    await user.paste("张三 ");
    await user.click(screen.getByLabelText(/身份证号/));
    await user.paste("11010519491231002X");
    fireEvent.click(screen.getByRole("button", { name: /提\s*交/ }));
    expect(await screen.findByText("身份证号已存在")).toBeInTheDocument();
    expect(bodies).toEqual([{ name: "张三", idCard: "11010519491231002X" }]);
    // Editing the field drops the server's complaint about it.
    await user.type(screen.getByLabelText(/身份证号/), "{backspace}X");
    await waitFor(() => expect(screen.queryByText("身份证号已存在")).toBeNull());
  });

  it("lays the fields out in the uiSchema's sections", async () => {
    signIn({ modules: [module] });
    server.use(http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)));
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    expect(await screen.findByRole("region", { name: "基本信息" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "补贴信息" })).toBeInTheDocument();
  });

  it("edits with the record's version, sending PUT as POST ?_method=PUT (nulls of empty fields do not block it)", async () => {
    signIn({ modules: [module] });
    const seen: { search: string; body: unknown }[] = [];
    server.use(
      http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
      http.get("/onlineVillage/handicappeds/5", () =>
        ok({ id: 5, version: 3, name: "李四", idCard: "11010519491231002X", mobile: null, amount: null, auditStatus: 1, history: [], createdAt: "2024-01-01" }),
      ),
      http.post("/onlineVillage/handicappeds/5", async ({ request }) => {
        seen.push({ search: new URL(request.url).search, body: await request.json() });
        return ok({ id: 5 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/edit/5", "/m/:module/edit/:id");
    const name = await screen.findByLabelText(/姓名/);
    await waitFor(() => expect(name).toHaveValue("李四"));
    await user.type(name, "四");
    fireEvent.click(screen.getByRole("button", { name: /提\s*交/ }));
    await waitFor(() => expect(seen).toEqual([{ search: "?_method=PUT", body: { name: "李四四", idCard: "11010519491231002X", version: 3 } }]));
    expect(await screen.findByTestId("elsewhere")).toBeInTheDocument();
  });

  it("leaves choices unselected and read-only properties out of the form", async () => {
    signIn({ modules: [module] });
    server.use(http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)));
    renderAt(<ModuleFormPage />, "/m/handicappedSubsidy/create", "/m/:module/create");
    await screen.findByLabelText(/姓名/);
    expect(screen.queryByText("女")).toBeNull();
    expect(screen.queryByLabelText("ID")).toBeNull();
    expect(writableSchema({ required: ["id", "name"], properties: { id: { readOnly: true }, name: {} } })).toEqual({
      required: ["name"],
      properties: { name: {} },
    });
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
