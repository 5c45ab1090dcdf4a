import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import DashboardScreen from "./DashboardScreen";
import WorkflowListPage from "../workflow/WorkflowListPage";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { server } from "../test/server";
import { loadLocale, currentLocale } from "../app/i18n";
import { connectLocale, request } from "../api/http";
import { setSchemaCatalogue } from "../schema-ui/schemaTexts";
import { COUNTS, TODO_ROW } from "../workflow/workflow.fixtures";
import { EN_DASHBOARD_CATALOGUE, EN_FLOW_CATALOGUE, UNTRANSLATED, ZH_DASHBOARD, ZH_DATA } from "./localize.fixtures";

afterEach(async () => {
  setSchemaCatalogue("en", undefined);
  await loadLocale("zh_CN");
});

describe("dashboards and workflow steps in the chosen locale", () => {
  it("shows a dashboard's title, widget titles, card labels and data labels in English, the rest in Chinese", async () => {
    signIn({ visitCodes: ["dataStatistics"] });
    server.use(
      http.get("/api/dashboards", () => ok([{ name: ZH_DASHBOARD.name, title: ZH_DASHBOARD.title, route: ZH_DASHBOARD.route, code: ZH_DASHBOARD.code }])),
      http.get(`/api/dashboards/${ZH_DASHBOARD.name}`, () => ok({ ...ZH_DASHBOARD, top: ZH_DATA.top })),
      http.get(`/api/dashboards/${ZH_DASHBOARD.name}/data`, () => ok(ZH_DATA)),
    );
    await loadLocale("en");
    setSchemaCatalogue("en", EN_DASHBOARD_CATALOGUE);
    renderAt(<DashboardScreen route="/dataStatistics" />, "/dataStatistics");

    expect(await screen.findByRole("heading", { name: "Rural Governance Data Overview" })).toBeInTheDocument();
    const cards = await screen.findByRole("list", { name: "Population Overview" });
    expect(within(cards).getByText("Registered residents")).toBeInTheDocument(); // by place
    expect(within(cards).getByText("people")).toBeInTheDocument(); // a unit by wording
    expect(within(cards).getByText(UNTRANSLATED.households)).toBeInTheDocument(); // per string: Chinese
    const status = await screen.findByRole("table", { name: "Event Handling Status" });
    expect(within(status).getByText("Pending")).toBeInTheDocument(); // a status name by wording
    expect(within(status).getByText(UNTRANSLATED.closed)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: UNTRANSLATED.trend })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Event Category" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: ZH_DASHBOARD.title })).not.toBeInTheDocument();
  });

  it("shows workflow step and module titles of the to-do list in English", async () => {
    signIn();
    server.use(
      http.get("/api/workflow/todo/counts", () => ok(COUNTS)),
      http.get("/api/workflow/todo", () =>
        ok({ data: [TODO_ROW, { ...TODO_ROW, id: 42, recordId: 6, title: "R2", step: "county", stepTitle: UNTRANSLATED.countyStep }], recordsTotal: 2 }),
      ),
    );
    await loadLocale("en");
    setSchemaCatalogue("en", EN_FLOW_CATALOGUE);
    renderAt(<WorkflowListPage kind="todo" />, "/workflow/todo");
    expect(await screen.findByRole("cell", { name: "Township approval" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: UNTRANSLATED.countyStep })).toBeInTheDocument(); // per string: Chinese
    expect(screen.getAllByRole("cell", { name: "Vehicle Requests" })).toHaveLength(2);
    expect(screen.getByRole("tab", { name: /Vehicle Requests/ })).toBeInTheDocument();
    expect(screen.queryByRole("cell", { name: TODO_ROW.stepTitle })).not.toBeInTheDocument();
  });

  it("sends the chosen locale as Accept-Language, so the server's messages answer in it", async () => {
    connectLocale(currentLocale);
    const seen: (string | null)[] = [];
    server.use(http.get("/api/ping", ({ request: r }) => (seen.push(r.headers.get("Accept-Language")), ok(null))));
    await request("/api/ping");
    await loadLocale("en");
    await request("/api/ping");
    await loadLocale("zh_TW");
    await request("/api/ping");
    await waitFor(() => expect(seen).toEqual(["zh-CN", "en", "zh-TW"]));
  });
});
