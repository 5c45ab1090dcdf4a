// A box that loads a chart's data through a loader function (spec §4 "Chart loader", §9): on failure it
// retries automatically twice, 5 s apart, showing the countdown; after that a manual load button.

import { Button, Card, Empty, Spin, Typography } from "antd";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
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
}

type State<T> =
  | { phase: "loading" }
  | { phase: "ready"; data: T }
  | { phase: "waiting"; seconds: number; retry: number }
  | { phase: "failed" };

/** ChartBox runs loader on mount, retrying on failure as the spec says. */
export function ChartBox<T>({ title, loader, children, height = 300 }: ChartBoxProps<T>) {
  const { t } = useTranslation();
  const [state, setState] = useState<State<T>>({ phase: "loading" });
  const alive = useRef(true);
  const loaderRef = useRef(loader);
  loaderRef.current = loader;

  const load = useCallback((attempt: number) => {
    setState({ phase: "loading" });
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
    load(0);
    return () => {
      alive.current = false;
    };
  }, [load]);

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
    <Card title={title} size="small">
      <div style={{ minHeight: height, display: "flex", alignItems: "center", justifyContent: "center" }}>{body}</div>
    </Card>
  );
}
