// The shapes of the dashboard calls (docs/dashboards.md): a dashboard's definition as the viewer gets it,
// and the batched data answer of all its widgets.

/** The widget kinds a dashboard file may declare. */
export type WidgetKind =
  | "number"
  | "line"
  | "bar"
  | "stackedBar"
  | "pie"
  | "ring"
  | "radar"
  | "gauge"
  | "ranking"
  | "map"
  | "list";

/** A widget's place on the dashboard grid (columns and rows of the 1920×1080 canvas). */
export interface GridPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Widget is one widget of a definition; every key is present, empty when the file leaves it out. */
export interface Widget {
  id: string;
  kind: WidgetKind;
  title: string;
  grid: GridPlace;
  module?: string;
  by?: string;
  then?: string;
  level?: string;
  bucket?: string;
  measure?: string;
  unit?: string;
  colors?: string[] | null;
  options?: Record<string, unknown> | null;
  /** org | filter:<name> | route:/path | "" */
  drill?: string;
  filters?: Record<string, string> | null;
  /** A number card's values, each of its own module. */
  items?: { label: string; module: string }[] | null;
  /** A map's value counted per organisation. */
  value?: { module: string } | null;
}

/** modulesOf are the modules a dashboard's widgets count (a change of their tables refreshes it). */
export function modulesOf(def: Pick<Dashboard, "widgets">): string[] {
  const out = new Set<string>();
  for (const w of def.widgets) {
    if (w.module) out.add(w.module);
    for (const it of w.items ?? []) if (it.module) out.add(it.module);
    if (w.value?.module) out.add(w.value.module);
  }
  return [...out].sort();
}

/** A choice of a page filter. */
export interface FilterOption {
  value: string | number;
  label: string;
}

/** PageFilter is a page-level filter the screen shows. */
export interface PageFilter {
  name: string;
  type: "period" | "org" | "choice";
  label: string;
  level?: number;
  options?: FilterOption[] | null;
}

/** OrgNode names an organisation node with its depth (1 county, 2 township, 3 village). */
export interface OrgNode {
  id: number;
  name: string;
  level: number;
}

/** Dashboard is GET /api/dashboards/{name}. */
export interface Dashboard {
  name: string;
  title: string;
  route: string;
  code: string;
  refresh: number;
  grid: { columns: number; rowHeight: number };
  filters: PageFilter[] | null;
  widgets: Widget[];
  top?: OrgNode;
}

/** DashboardRef is one entry of GET /api/dashboards. */
export interface DashboardRef {
  name: string;
  title: string;
  route: string;
  code: string;
}

/** Bucket is one group of a statistic ({api}/stats). */
export interface Bucket {
  key: string | number | boolean | null;
  label: string;
  count: number;
  value: number | null;
  sub?: Bucket[];
}

export interface NumberItem {
  label: string;
  unit?: string;
  value: number | null;
}

export interface Marker {
  org: number;
  name: string;
  level: number;
  lng: number;
  lat: number;
  value: number | null;
}

/** MapShape is a record's polygon or circle on a map widget; org is the marker-level organisation it lies in. */
export interface MapShape {
  org: number;
  name: string;
  kind: "polygon" | "circle";
  /** Polygon rings of [lng, lat]. */
  rings?: [number, number][][];
  /** A circle's centre [lng, lat] and radius in metres. */
  center?: [number, number];
  radius?: number;
}

export interface ListColumn {
  field: string;
  label: string;
}

/** WidgetData is what the data call answers for one widget, by kind. */
export type WidgetData = {
  items?: NumberItem[];
  buckets?: Bucket[];
  value?: number | null;
  total?: number | null;
  ratio?: number;
  markers?: Marker[];
  shapes?: MapShape[];
  columns?: ListColumn[];
  rows?: Array<Record<string, unknown>>;
  error?: { code: number; msg: string };
};

/** DashboardData is GET /api/dashboards/{name}/data. */
export interface DashboardData {
  org: OrgNode;
  path: OrgNode[];
  top: OrgNode;
  at: string;
  widgets: Record<string, WidgetData>;
}
