// One ECharts instance in a box of fixed size (the screen is drawn at 1920×1080 and scaled as a whole, so
// a chart never changes size). A click on a data item hands its bucket key up. The instance is registered
// under the widget's id so the screen can compose its PNG.

import { useEffect, useRef } from "react";
import type { EChartsCoreOption, EChartsType } from "echarts/core";
import { echarts } from "./echarts";
import type { Bucket } from "./types";

/** charts holds the drawn instances by widget id (the PNG export reads them). */
export const charts = new Map<string, EChartsType>();

export interface EChartProps {
  id: string;
  option: EChartsCoreOption;
  width: number;
  height: number;
  /** Called with the clicked item's bucket key. */
  onPick?: (key: Bucket["key"]) => void;
}

export function EChart({ id, option, width, height, onPick }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, undefined, { renderer: "canvas", width, height });
    chart.current = instance;
    charts.set(id, instance);
    // The end-to-end tests find where a data item is drawn through the box (convertToPixel), then click there.
    Object.defineProperty(box.current, "xzChart", { value: instance, configurable: true });
    instance.on("click", (p) => {
      const data = p.data as { key?: Bucket["key"] } | null | undefined;
      if (data && "key" in data && data.key !== undefined) pick.current?.(data.key);
    });
    return () => {
      if (charts.get(id) === instance) charts.delete(id);
      instance.dispose();
      chart.current = null;
    };
  }, [id, width, height]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, width, height]);

  return <div ref={box} data-widget-chart={id} style={{ width, height, cursor: onPick ? "pointer" : undefined }} />;
}
