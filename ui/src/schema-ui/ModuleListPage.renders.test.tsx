// How much of the generic list renders on its first load (issue 19; counted as test/renderCounts.ts counts).
import { describe, expect, it } from "vitest";
import { useLocation } from "react-router";
import { screen, waitFor } from "@testing-library/react";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import ModuleListPage from "./ModuleListPage";
import { handicappedSchema } from "../test/moduleSchemas";
import { CN } from "../test/chinese";
import { countRenders, renderCount } from "../test/renderCounts";

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

describe("ModuleListPage renders", () => {
  // The list's first load commits several times before it is idle: mount, refine's breakpoint state, the rows,
  // the date filter's chunk, the URL write. The search form shows none of them after its mount, and a row
  // none after its rows arrived (jsdom lays nothing out: Chromium adds the table's column measure) (issue 19: each full pass of the villager list was 500-1,000 components).
  it("renders its search form once and its rows once on opening", async () => {
    signIn({ modules: [module], buttonCodes: all });
    serve(3);
    countRenders();
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
    await waitFor(() => expect(document.querySelector(".ant-picker-range")).not.toBeNull());
    console.info(`list first load: FilterControl ${renderCount("FilterControl")}, BodyRow ${renderCount("BodyRow")}, Cell ${renderCount("Cell")}`);
    expect(renderCount("FilterControl")).toBe(handicappedSchema.list.filters.length);
    expect(renderCount("BodyRow")).toBe(3);
  });

  // The list mounts in parts, each a transition of its own (useStages): the card's title alone, then the
  // toolbar and the first filters, then the form's buttons and the table, empty, then the rows. Seen from the
  // DOM after each change: each part is there on its own before the next.
  it("mounts in parts: the title, the first filters, the table, its rows", async () => {
    signIn({ modules: [module], buttonCodes: all });
    serve(3);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const title = document.querySelector(".ant-card-head-title") !== null;
      const filters = document.querySelectorAll("form[role=search] .ant-form-item-label").length;
      const buttons = document.querySelector("form[role=search] button[type=submit]") !== null;
      const table = document.querySelector(".ant-table") !== null;
      const rows = document.querySelectorAll(".ant-table-row").length;
      const state = `title ${title}, filters ${filters}, buttons ${buttons}, table ${table}, rows ${rows}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderAt(<ModuleListPage />, "/m/handicappedSubsidy", "/m/:module");
    await screen.findByText(`${CN.villager}1`);
    observer.disconnect();
    const n = handicappedSchema.list.filters.length;
    expect(seen).toContain("title true, filters 0, buttons false, table false, rows 0");
    expect(seen).toContain(`title true, filters ${n}, buttons false, table false, rows 0`);
    expect(seen).toContain(`title true, filters ${n}, buttons true, table true, rows 0`);
    expect(seen[seen.length - 1]).toBe(`title true, filters ${n}, buttons true, table true, rows 3`);
  });

});
