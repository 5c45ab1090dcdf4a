// A dashboard in the console's locale (docs/schema.md "Translations", docs/dashboards.md): its title, the
// page filters' labels and options, the widgets' titles and units and the number cards' item labels stand
// at places under `@dash.<name>` (engine/schema/i18n.go); the labels of the data (option and dictionary
// labels, status names) are looked up by their wording, list columns at their module's field. Every string
// falls back to the Chinese text the server sent on its own.

import type { Translate } from "../schema-ui/schemaTexts";
import type { Bucket, Dashboard, Widget, WidgetData } from "./types";

/** dashPlace is where a dashboard's title stands; its widgets and filters stand below it. */
export const dashPlace = (name: string): string => `@dash.${name}`;

/** localizeDashboard answers a definition with its shown texts in the translator's locale. */
export function localizeDashboard(def: Dashboard, tr: Translate): Dashboard {
  const at = dashPlace(def.name);
  return {
    ...def,
    title: tr(at, def.title),
    filters:
      def.filters &&
      def.filters.map((f) => ({
        ...f,
        label: tr(`${at}~${f.name}`, f.label),
        options: f.options && f.options.map((o) => ({ ...o, label: tr(`${at}~${f.name}=${String(o.value)}`, o.label) })),
      })),
    widgets: def.widgets.map((w) => {
      const p = `${at}.${w.id}`;
      return {
        ...w,
        title: tr(p, w.title),
        ...(w.unit ? { unit: tr(`${p}~unit`, w.unit) } : {}),
        ...(w.items ? { items: w.items.map((it, i) => ({ ...it, label: tr(`${p}[${i}]`, it.label) })) } : {}),
      };
    }),
  };
}

function buckets(tr: Translate, list: Bucket[]): Bucket[] {
  return list.map((b) => ({ ...b, label: tr("", b.label), ...(b.sub ? { sub: buckets(tr, b.sub) } : {}) }));
}

/** localizeWidgetData answers a widget's data with its labels in the translator's locale. */
export function localizeWidgetData(dashboard: string, widget: Widget, data: WidgetData, tr: Translate): WidgetData {
  const p = `${dashPlace(dashboard)}.${widget.id}`;
  return {
    ...data,
    ...(data.items ? { items: data.items.map((it, i) => ({ ...it, label: tr(`${p}[${i}]`, it.label), ...(it.unit ? { unit: tr(`${p}[${i}]~unit`, it.unit) } : {}) })) } : {}),
    ...(data.buckets ? { buckets: buckets(tr, data.buckets) } : {}),
    ...(data.columns ? { columns: data.columns.map((c) => ({ ...c, label: tr(widget.module ? `${widget.module}.${c.field}` : "", c.label) })) } : {}),
  };
}
