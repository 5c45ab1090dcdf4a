// A dashboard written in Chinese, its data, and the English catalogue the console would receive for it
// (places of engine/schema/i18n.go), for localize.test.tsx.
import type { SchemaCatalogue } from "../schema-ui/schemaTexts";
import type { Dashboard, DashboardData } from "./types";

export const ZH_DASHBOARD: Dashboard = {
  name: "countyOverview",
  title: "乡村治理数据总览",
  route: "/dataStatistics",
  code: "dataStatistics",
  refresh: 60,
  grid: { columns: 24, rowHeight: 40 },
  filters: [{ name: "category", type: "choice", label: "事件分类", options: [{ value: 1, label: "矛盾纠纷" }] }],
  widgets: [
    { id: "population", kind: "number", title: "人口概况", grid: { x: 0, y: 0, w: 8, h: 4 }, items: [{ label: "户籍人口", module: "villager" }, { label: "户数", module: "household" }] },
    { id: "status", kind: "ranking", title: "事件处置状态", grid: { x: 8, y: 0, w: 8, h: 8 } },
    { id: "trend", kind: "ranking", title: "事件月度趋势", grid: { x: 16, y: 0, w: 8, h: 8 } },
  ],
};

export const ZH_DATA: DashboardData = {
  org: { id: 1, name: "城关县", level: 1 },
  path: [{ id: 1, name: "城关县", level: 1 }],
  top: { id: 1, name: "城关县", level: 1 },
  at: "2026-11-24T12:00:00Z",
  widgets: {
    population: { items: [{ label: "户籍人口", unit: "人", value: 5234 }, { label: "户数", unit: "户", value: 1200 }] },
    status: { buckets: [{ key: 1, label: "待处理", count: 7, value: 7 }, { key: 5, label: "已办结", count: 113, value: 113 }] },
    trend: { buckets: [{ key: "2026-11", label: "2026-11", count: 3, value: 3 }] },
  },
};

/** EN_DASHBOARD_CATALOGUE lacks 事件月度趋势, 户数 and 已办结: they stay Chinese. */
export const EN_DASHBOARD_CATALOGUE: SchemaCatalogue = {
  texts: { 乡村治理数据总览: "Rural Governance Data Overview", 人口概况: "Population Overview", 事件处置状态: "Event Handling Status", 事件分类: "Event Category", 待处理: "Pending", 人: "people" },
  places: { "@dash.countyOverview.population[0]": "Registered residents" },
};

export const UNTRANSLATED = { trend: "事件月度趋势", households: "户数", closed: "已办结", countyStep: "县级审批" };

/** EN_FLOW_CATALOGUE translates the township step of vehicleApply and the module, not the county step. */
export const EN_FLOW_CATALOGUE: SchemaCatalogue = {
  texts: { 用车申请: "Vehicle Requests" },
  places: { "vehicleApply@township": "Township approval" },
};
