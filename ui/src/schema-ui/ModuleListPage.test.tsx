import { describe, expect, it } from "vitest";
import { useLocation } from "react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import ModuleListPage from "./ModuleListPage";
import { handicappedSchema } from "../test/moduleSchemas";
import { text } from "../locales/catalogue";
import { CN } from "../test/chinese";
import { btn } from "../test/texts";

const module = { name: "handicappedSubsidy", title: CN.disabilitySubsidy, api: "/onlineVillage/handicappeds", permission: "onlineVillage.handicapped" };
const all = ["add", "edit", "del", "view", "export", "import"].map((a) => `onlineVillage.handicapped.${a}`);

function rows(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({
    id: from + i,
    name: `${CN.villager}${from + i}`,
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

/** Where the list's router is: the list writes its criteria into the query string. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

describe("ModuleListPage", () => {
  it("lists with the schema's columns, labels, sort and page size; no pager for one page", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    expect(await screen.findByText(`${CN.villager}1`)).toBeInTheDocument();
    for (const label of [CN.fullName, CN.idNumber, CN.disabilityGrade, CN.applyDate, CN.reviewStatus]) {
      expect(screen.getByRole("columnheader", { name: new RegExp(label) })).toBeInTheDocument();
    }
    expect(screen.getAllByText(CN.gradeTwo)[0]).toBeInTheDocument();
    expect(screen.getAllByText(CN.underReview)[0]).toBeInTheDocument();
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
    expect(await screen.findByText(text("module.total", { total: 31 }))).toBeInTheDocument();
    expect(document.querySelector(".ant-pagination-options-size-changer")).not.toBeNull();
    expect(document.querySelector(".ant-pagination-options-quick-jumper")).not.toBeNull();
  });

  it("searches with the filters' criteria and resets", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    const user = userEvent.setup({ delay: null });
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    await screen.findByText(`${CN.villager}1`);
    const search = screen.getByRole("search");
    await user.type(within(search).getByLabelText(CN.fullName), ` ${CN.zhang} `);
    await user.click(within(search).getByRole("button", { name: btn("search.submit") }));
    await waitFor(() => expect(queries.at(-1)?.get("name.contains")).toBe(CN.zhang));
    await user.click(within(search).getByRole("button", { name: btn("search.reset") }));
    await waitFor(() => expect(queries.at(-1)?.has("name.contains")).toBe(false));
  });

  it("fetches once per change of its criteria, not again when it writes them into the URL", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    const user = userEvent.setup({ delay: null });
    renderAt(
      <>
        <ModuleListPage />
        <Search />
      </>,
      "/m/handicappedSubsidy",
      "/m/:module",
    );
    await screen.findByText(`${CN.villager}1`);
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent("sort=applyDate%2Cdesc"));
    const search = screen.getByRole("search");
    await user.type(within(search).getByLabelText(CN.fullName), CN.zhang);
    await user.click(within(search).getByRole("button", { name: btn("search.submit") }));
    await waitFor(() => expect(queries.at(-1)?.get("name.contains")).toBe(CN.zhang));
    expect(queries.map((q) => q.get("name.contains"))).toEqual([null, CN.zhang]);
  });

  it("reads its criteria from the URL", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { queries } = serve(3);
    renderAt(<ModuleListPage />, `/m/handicappedSubsidy?page=1&size=20&name.contains=${CN.wang}`, "/m/:module");
    await screen.findByText(`${CN.villager}1`);
    expect(queries[0].get("page")).toBe("1");
    expect(queries[0].get("size")).toBe("20");
    expect(queries[0].get("name.contains")).toBe(CN.wang);
    expect(within(screen.getByRole("search")).getByLabelText(CN.fullName)).toHaveValue(CN.wang);
  });

  it("deletes a row after confirmation, with DELETE sent as POST", async () => {
    signIn({ modules: [module], buttonCodes: all });
    const { deletes } = serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    const row = (await screen.findByText(`${CN.villager}2`)).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByText(text("module.delete")));
    expect(await screen.findByText(text("module.deleteConfirm"))).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: btn("widgets.draw.ok") }));
    await waitFor(() => expect(deletes).toEqual(["2 ?_method=DELETE"]));
  });

  it("gates every button by its code", async () => {
    signIn({ modules: [module], buttonCodes: ["onlineVillage.handicapped.view"] });
    serve(3);
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    await screen.findByText(`${CN.villager}1`);
    expect(screen.getAllByText(text("module.view")).length).toBe(3);
    for (const name of [btn("module.page.create"), btn("module.export"), btn("module.import")]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByText(text("module.page.edit"))).toBeNull();
    expect(screen.queryByText(text("module.delete"))).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("says so when the module is not one the user may list", async () => {
    signIn({ modules: [] });
    renderAt(<ModuleListPage />, "/m/secret", "/m/:module");
    expect(await screen.findByText(text("module.notFound"))).toBeInTheDocument();
  });
});
