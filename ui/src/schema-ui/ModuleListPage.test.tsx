import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import ModuleListPage from "./ModuleListPage";
import { handicappedSchema } from "./testdata";

const module = { name: "handicappedSubsidy", title: "残疾人补贴", api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped" };
const all = ["add", "edit", "del", "view", "export", "import"].map((a) => `onlineVillage.handicapped.${a}`);

function rows(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({
    id: from + i,
    name: `村民${from + i}`,
    idCard: "110105194912310021",
    disabilityGrade: "2",
    applyDate: "2024-03-05",
    auditStatus: 1,
  }));
}

function serve(total: number) {
  const queries: URLSearchParams[] = [];
  const deletes: string[] = [];
  server.use(
    http.get("/onlineVillage/handicappeds/schema", () => ok(handicappedSchema)),
    http.get("/onlineVillage/handicappeds", ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const size = Number(q.get("size"));
      return ok({ data: rows(Math.min(size, total)), recordsTotal: total });
    }),
    http.post("/onlineVillage/handicappeds/:id", ({ request, params }) => {
      deletes.push(`${String(params.id)} ${new URL(request.url).search}`);
      return ok(null);
    }),
  );
  return { queries, deletes };
}

describe("ModuleListPage", () => {
  it("lists with the schema's columns, labels, sort and page size; no pager for one page", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    expect(await screen.findByText("村民1")).toBeInTheDocument();
    for (const label of ["姓名", "身份证号", "残疾等级", "申请日期", "审核状态"]) {
      expect(screen.getByRole("columnheader", { name: new RegExp(label) })).toBeInTheDocument();
    }
    expect(screen.getAllByText("二级")[0]).toBeInTheDocument();
    expect(screen.getAllByText("审核中")[0]).toBeInTheDocument();
    expect(screen.getAllByText("1101**********0021")[0]).toBeInTheDocument();
    expect([...queries[0].entries()]).toEqual([
      ["page", "0"],
      ["size", "10"],
      ["sort", "applyDate,desc"],
    ]);
    expect(document.querySelector(".ant-pagination")).toBeNull();
  });

  it("shows the pager with sizes, total and jumper when there is more than one page", async () => {
    signIn({ modules: [module], buttonCodes: all });
    serve(31);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    expect(await screen.findByText("共 31 条")).toBeInTheDocument();
    expect(document.querySelector(".ant-pagination-options-size-changer")).not.toBeNull();
    expect(document.querySelector(".ant-pagination-options-quick-jumper")).not.toBeNull();
  });

  it("searches with the filters' criteria and resets", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    await screen.findByText("村民1");
    const search = screen.getByRole("search");
    await user.type(within(search).getByLabelText("姓名"), " 张 ");
    await user.click(within(search).getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(queries.at(-1)?.get("name.contains")).toBe("张"));
    await user.click(within(search).getByRole("button", { name: /重\s*置/ }));
    await waitFor(() => expect(queries.at(-1)?.has("name.contains")).toBe(false));
  });

  it("reads its criteria from the URL", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy?page=1&size=20&name.contains=王", "/m/:module");
    await screen.findByText("村民1");
    expect(queries[0].get("page")).toBe("1");
    expect(queries[0].get("size")).toBe("20");
    expect(queries[0].get("name.contains")).toBe("王");
    expect(within(screen.getByRole("search")).getByLabelText("姓名")).toHaveValue("王");
  });

  it("deletes a row after confirmation, with DELETE sent as POST", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { deletes } = serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    const row = (await screen.findByText("村民2")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByText("删除"));
    expect(await screen.findByText("确定要删除这条数据吗？")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /确\s*定|OK/ }));
    await waitFor(() => expect(deletes).toEqual(["2 ?_method=DELETE"]));
  });

  it("gates every button by its code", async () => {
    signIn({ modules: [module], buttonCodes: ["onlineVillage.handicapped.view"] });
    serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    await screen.findByText("村民1");
    expect(screen.getAllByText("查看").length).toBe(3);
    for (const name of [/新\s*建/, /导\s*出/, /导\s*入/]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByText("编辑")).toBeNull();
    expect(screen.queryByText("删除")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("says so when the module is not one the user may list", async () => {
    signIn({ modules: [] });
    renderAt(<ModuleListPage />, "/m/secret", "/m/:module");
    expect(await screen.findByText("模块不存在，或您没有访问权限。")).toBeInTheDocument();
  });
});
