// ECharts with only what the screens draw (tree-shaken through echarts/core). Only the dashboard screens
// import this file, and they are loaded lazily, so no other page carries ECharts.

import * as echarts from "echarts/core";
import { BarChart, CustomChart, GaugeChart, LineChart, PieChart, RadarChart, ScatterChart } from "echarts/charts";
import { GraphicComponent, GridComponent, LegendComponent, RadarComponent, TooltipComponent } from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([
  BarChart,
  CustomChart,
  GaugeChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
