// A large screen (spec §2 /dataStatistics, /dataStatisticsForSix): the dashboard declared for its route,
// full-screen at 1920×1080 scaled to the window, dark. Filters and the drill node live in the URL; all
// widgets are fetched in one data call, each chart box then retries alone (widgets=<id>) if it failed.
// The screen refreshes every `refresh` seconds (60 by default), and at once (at most every 5 s) when the
// message socket says a table its widgets count was written: outside the shell, the screen opens a socket
// of its own for that (docs/dashboards.md §5).
// The batched call and the single-widget retries are batch.ts.

import { Breadcrumb, Button, ConfigProvider, DatePicker, Result, Select, Space, Spin, theme } from "antd";
import { DownloadOutlined, FileImageOutlined, RollbackOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { saveDownload } from "../api/http";
import { ChartBox } from "../widgets/chart/ChartBox";
import { dashboardApi } from "./api";
import { Batch } from "./batch";
import { forgetPrefetch, prefetchDashboard, takePrefetchedData } from "./prefetch";
import { charts, EChart } from "./EChart";
import { NumberCards, RankingTable, ScrollList } from "./HtmlWidgets";
import { MapTiles } from "./MapTiles";
import { CARD_HEAD, CARD_PAD, HEADER, layoutOf } from "./layout";
import { hasData, optionFor } from "./options";
import { composePng } from "./png";
import { ScreenFrame } from "./ScreenFrame";
import { localizeDashboard, localizeWidgetData } from "./localize";
import { useSchemaTranslator } from "../schema-ui/schemaTexts";
import { useTableRefresh, useTableSocket } from "../realtime/tableChanges";
import { modulesOf, type Bucket, type Dashboard, type DashboardData, type Widget, type WidgetData } from "./types";
import { applyClick, choiceNames, clickAction, dataQuery, drillTo, readState, stateKey, withChoice, withPeriod, writeState, type DashState } from "./urlState";

/** DEFAULT_REFRESH is the refresh period when a dashboard names none (seconds). */
export const DEFAULT_REFRESH = 60;

function useDashboard(route: string) {
  const { search } = useLocation();
  const first = useRef(search); // the URL the screen opened with
  const [def, setDef] = useState<Dashboard | null>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    // Usually started already by the route (prefetch.ts), while this chunk was loading.
    prefetchDashboard(route, first.current).def.then(
      (found) => !cancelled && setDef(found),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      forgetPrefetch(); // the next visit asks afresh
    };
  }, [route]);
  return { def, failed };
}

/** DashboardScreen shows the dashboard whose route is route. */
export default function DashboardScreen({ route }: { route: string }) {
  const { t } = useTranslation();
  const { def: raw, failed } = useDashboard(route);
  const tr = useSchemaTranslator();
  const def = useMemo(() => raw && localizeDashboard(raw, tr), [raw, tr]);
  const body =
    failed || def === null ? (
      <Result status={failed ? "error" : "404"} title={t(failed ? "dashboards.loadFailed" : "dashboards.notConfigured")} />
    ) : def === undefined ? (
      <div style={{ paddingTop: 400, textAlign: "center" }}>
        <Spin size="large" />
      </div>
    ) : (
      <Screen def={def} />
    );
  return (
    <ConfigProvider
      theme={{
        // The console's light-theme colour tokens (app/theme.ts) are not for the dark screen.
        inherit: false,
        algorithm: theme.darkAlgorithm,
        token: { colorBgContainer: "rgba(6,30,64,0.55)", colorBorderSecondary: "#1d4a80" },
        components: { Card: { headerHeightSM: CARD_HEAD, headerFontSizeSM: 14, bodyPaddingSM: CARD_PAD, headerPaddingSM: 10 } },
      }}
    >
      <ScreenFrame label={def?.title ?? t("dashboards.screen")}>{body}</ScreenFrame>
    </ConfigProvider>
  );
}

function Screen({ def }: { def: Dashboard }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const names = useMemo(() => choiceNames(def.filters), [def.filters]);
  const orgFilters = useMemo(() => (def.filters ?? []).filter((f) => f.type === "org").map((f) => f.name), [def.filters]);
  const state = useMemo(() => readState(params, names), [params, names]);
  const key = stateKey(state);
  const [generation, setGeneration] = useState(0);
  const [head, setHead] = useState<DashboardData | null>(null);
  const latest = useRef<Record<string, WidgetData>>({});
  const [exporting, setExporting] = useState(false);

  const go = useCallback((next: DashState) => setParams(writeState(next)), [setParams]);

  // One data call per state, refresh and locale (the server words its own labels in it): the first load of
  // every widget shares it.
  const batch = useRef<Batch | null>(null);
  const batchKey = `${key}#${generation}#${i18n.language}`;
  if (batch.current?.key !== batchKey) {
    const first = generation === 0 ? takePrefetchedData(def.route, dataQuery(state).toString()) : null;
    batch.current = new Batch(batchKey, (widgets) => dashboardApi.data(def.name, dataQuery(state, widgets)), first);
  }
  const current = batch.current;
  useEffect(() => {
    let cancelled = false;
    current.all.then(
      (d) => !cancelled && setHead(d),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [current]);

  useEffect(() => {
    const seconds = def.refresh >= 10 ? def.refresh : DEFAULT_REFRESH;
    const timer = setInterval(() => setGeneration((g) => g + 1), seconds * 1000);
    return () => clearInterval(timer);
  }, [def.refresh, key]);

  // A write to a counted table refreshes the screen through the same scoped data call.
  const counted = useMemo(() => modulesOf(def), [def]);
  useTableSocket();
  useTableRefresh(counted, () => setGeneration((g) => g + 1));

  const loaderFor = (id: string) => async (): Promise<WidgetData> => {
    const data = await (batch.current as Batch).load(id);
    latest.current[id] = data;
    return data;
  };

  const pick = (widget: Widget) => (bucketKey: Bucket["key"]) => {
    const action = clickAction(widget.drill || (widget.kind === "map" ? "org" : ""), bucketKey);
    if (action?.type === "route") navigate(action.path);
    else if (action) go(applyClick(state, action, orgFilters));
  };

  const placed = useMemo(() => layoutOf(def), [def]);

  const exportPng = async () => {
    setExporting(true);
    try {
      const blob = await composePng(
        def.title,
        placed.map((p) => ({ widget: p.widget, ...p.rect, data: latest.current[p.widget.id] })),
        charts,
      );
      saveDownload({ blob, filename: `${def.title}.png` });
    } finally {
      setExporting(false);
    }
  };

  const path = head?.path ?? [];
  return (
    <>
      <header style={{ position: "absolute", left: 0, top: 0, width: "100%", height: HEADER, padding: "10px 20px", boxSizing: "border-box" }}>
        <h1 style={{ margin: 0, textAlign: "center", fontSize: 34, letterSpacing: 4, color: "#e6f2ff", textShadow: "0 0 12px #3ba1ff" }}>{def.title}</h1>
        <div style={{ position: "absolute", left: 20, top: 58, display: "flex", alignItems: "center", gap: 12 }}>
          <Breadcrumb
            aria-label={t("dashboards.drillPath")}
            items={path.map((node, i) => ({
              key: node.id,
              title:
                i === path.length - 1 ? (
                  <span aria-current="location">{node.name}</span>
                ) : (
                  <a onClick={() => go(drillTo(state, i === 0 ? undefined : node.id))}>{node.name}</a>
                ),
            }))}
          />
          {state.org !== undefined && (
            <Button size="small" icon={<RollbackOutlined />} onClick={() => go(drillTo(state, undefined))}>
              {t("dashboards.backToTop")}
            </Button>
          )}
        </div>
        <Space style={{ position: "absolute", right: 20, top: 54 }} size={8}>
          <Filters def={def} state={state} go={go} />
          {head && <span style={{ fontSize: 12, opacity: 0.7 }}>{t("dashboards.updatedAt", { time: dayjs(head.at).format("HH:mm:ss") })}</span>}
          <Button size="small" icon={<FileImageOutlined />} loading={exporting} onClick={() => void exportPng()}>
            {t("dashboards.exportPng")}
          </Button>
        </Space>
      </header>
      {placed.map(({ widget, rect, inner }) => (
        <section key={widget.id} data-widget={widget.id} data-kind={widget.kind} aria-label={widget.title} style={{ position: "absolute", overflow: "hidden", ...rect }}>
          <ChartBox<WidgetData>
            title={widget.title}
            loader={loaderFor(widget.id)}
            reloadKey={batchKey}
            height={inner.height}
            style={{ height: rect.height }}
            extra={
              widget.kind !== "number" && (
                <Button
                  type="text"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t("dashboards.exportXlsx", { title: widget.title })}
                  onClick={() => void dashboardApi.exportWidget(def.name, widget.id, widget.title, dataQuery(state))}
                />
              )
            }
          >
            {(data) => <WidgetBody dashboard={def.name} widget={widget} data={data} width={inner.width} height={inner.height} onPick={widget.drill || widget.kind === "map" ? pick(widget) : undefined} />}
          </ChartBox>
        </section>
      ))}
    </>
  );
}

function WidgetBody({ dashboard, widget, data: raw, width, height, onPick }: { dashboard: string; widget: Widget; data: WidgetData; width: number; height: number; onPick?: (key: Bucket["key"]) => void }) {
  const { t } = useTranslation();
  const tr = useSchemaTranslator();
  const data = useMemo(() => localizeWidgetData(dashboard, widget, raw, tr), [dashboard, widget, raw, tr]);
  const option = useMemo(() => optionFor(widget, data, { width, height }), [widget, data, width, height]);
  if (!hasData(widget, data)) return <span data-empty="true">{t("dashboards.noData")}</span>;
  switch (widget.kind) {
    case "number":
      return <NumberCards widget={widget} data={data} width={width} height={height} />;
    case "ranking":
      return <RankingTable widget={widget} data={data} width={width} height={height} onPick={onPick} />;
    case "list":
      return <ScrollList widget={widget} data={data} width={width} height={height} />;
    case "map":
      return option ? (
        <MapTiles markers={data.markers ?? []} shapes={data.shapes ?? []} width={width} height={height}>
          <EChart id={widget.id} option={option} width={width} height={height} onPick={onPick} />
        </MapTiles>
      ) : null;
    default:
      return option ? <EChart id={widget.id} option={option} width={width} height={height} onPick={onPick} /> : null;
  }
}

function Filters({ def, state, go }: { def: Dashboard; state: DashState; go: (s: DashState) => void }) {
  const { t } = useTranslation();
  const inFrame = (trigger: HTMLElement) => trigger.parentElement ?? document.body;
  return (
    <>
      {(def.filters ?? []).map((f) => {
        if (f.type === "period") {
          return (
            <DatePicker.RangePicker
              key={f.name}
              size="small"
              aria-label={f.label}
              getPopupContainer={inFrame}
              value={state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null}
              onChange={(range) => go(withPeriod(state, range?.[0]?.format("YYYY-MM-DD"), range?.[1]?.format("YYYY-MM-DD")))}
            />
          );
        }
        const options = (f.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
        // A village administrator has no township to pick: the filter would only be empty.
        if (f.type === "org" && options.length === 0) return null;
        const value = f.type === "org" ? (state.org !== undefined && options.some((o) => o.value === String(state.org)) ? String(state.org) : undefined) : state.choices[f.name];
        return (
          <Select
            key={f.name}
            size="small"
            aria-label={f.label}
            placeholder={f.label}
            allowClear
            style={{ width: 140 }}
            getPopupContainer={inFrame}
            value={value}
            options={options}
            notFoundContent={t("dashboards.noData")}
            onChange={(v: string | undefined) => go(f.type === "org" ? drillTo(state, v ? Number(v) : undefined) : withChoice(state, f.name, v))}
          />
        );
      })}
    </>
  );
}
