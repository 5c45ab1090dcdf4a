// A box that loads a chart's data through a loader function (spec §4 "Chart loader", §9): on failure it
// retries automatically twice, 5 s apart, showing the countdown; after that a manual load button. A new
// reloadKey loads again (a refresh): the chart already drawn stays until the new data arrives.

import { Button, Card, Empty, Spin, Typography } from "antd";
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Spec §9: chart retry 5 s, 2 retries. */
export const CHART_RETRY_SECONDS = 5;
export const CHART_RETRIES = 2;

export interface ChartBoxProps<T> {
  title?: ReactNode;
  /** Loads the chart's data; a rejection counts as a failure. */
  loader: () => Promise<T>;
  /** Draws the loaded data. */
  children: (data: T) => ReactNode;
  height?: number;
  /** Changing it loads again (filters changed, a timed refresh). */
  reloadKey?: string | number;
  /** Shown in the card's header (e.g. an export button). */
  extra?: ReactNode;
  style?: CSSProperties;
  className?: string;
}

type State<T> =
  | { phase: "loading" }
  | { phase: "ready"; data: T }
  | { phase: "waiting"; seconds: number; retry: number }
  | { phase: "failed" };

/** ChartBox runs loader on mount, retrying on failure as the spec says. */
export function ChartBox<T>({ title, loader, children, height = 300, reloadKey, extra, style, className }: ChartBoxProps<T>) {
  const { t } = useTranslation();
  const [state, setState] = useState<State<T>>({ phase: "loading" });
  const alive = useRef(true);
  const loaderRef = useRef(loader);
  loaderRef.current = loader;

  const load = useCallback((attempt: number, quiet = false) => {
    if (!quiet) setState({ phase: "loading" });
    loaderRef.current().then(
      (data) => alive.current && setState({ phase: "ready", data }),
      () => {
        if (!alive.current) return;
        setState(attempt < CHART_RETRIES ? { phase: "waiting", seconds: CHART_RETRY_SECONDS, retry: attempt + 1 } : { phase: "failed" });
      },
    );
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const drawn = state.phase === "ready";
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;
  useEffect(() => {
    load(0, drawnRef.current);
  }, [load, reloadKey]);

  useEffect(() => {
    if (state.phase !== "waiting") return;
    const timer = setTimeout(() => {
      if (state.seconds > 1) setState({ ...state, seconds: state.seconds - 1 });
      else load(state.retry);
    }, 1000);
    return () => clearTimeout(timer);
  }, [state, load]);

  const body = (() => {
    switch (state.phase) {
      case "ready":
        return children(state.data);
      case "loading":
        return <Spin />;
      case "waiting":
        return (
          <Typography.Text type="secondary" role="status">
            {t("widgets.chart.retryIn", { seconds: state.seconds, retry: state.retry })}
          </Typography.Text>
        );
      case "failed":
        return (
          <Empty description={t("widgets.chart.failed")}>
            <Button type="primary" onClick={() => load(0)}>
              {t("widgets.chart.load")}
            </Button>
          </Empty>
        );
    }
  })();

  return (
    <Card title={title} size="small" extra={extra} style={style} className={className}>
      <div style={{ minHeight: height, display: "flex", alignItems: "center", justifyContent: "center" }}>{body}</div>
    </Card>
  );
}
