// antd's styles of the signed-in console's first screens as a stylesheet made at build time (issue 19, the first
// module list on a phone's link). antd 5 writes every component's CSS at run time: it derives the theme's
// tokens, builds each component's style object, serializes it (stylis) and writes a <style> element — on the
// villager list 54 writes and 465,000 characters of CSS on every load, about a quarter of the load's script time.
//
// @ant-design/cssinjs can skip that for the styles of a stylesheet: the sheet carries, in the `content` of the
// class `data-ant-cssinjs-cache-path`, a map from each style's cache path (the theme's token hash, the
// component, its class prefixes) to its hash; the first component that renders reads the map once, and from
// then on a component whose cache path is in it neither builds nor writes its styles. A component outside the
// map (a dialog, a popover, another theme such as the dark dashboards') builds and writes them as before.
//
// The sheet is made here by rendering, in Node, the components of the shell (narrow and wide), the module list
// and the workbench inside a ConfigProvider with the console's theme (src/app/theme.ts), collecting their
// styles in a cssinjs cache and serializing it with cssinjs's own extractStyle — the same styles, hashes and
// cache paths the browser computes, since both run the same antd with the same tokens. The build emits it as
// assets/antd-*.css and names it in index.html (`<meta name="xz-antd-css">`); src/app/antdStyles.ts loads it
// before the console's first render on a signed-in address (docs/ui-budget.md § "antd's styles at build time").

import type { ReactNode } from "react";
import type { Plugin } from "vite";
import { THEME } from "../src/app/theme.ts";

/** The index.html meta element that names the stylesheet (read by src/app/antdStyles.ts). */
export const ANTD_CSS_META = "xz-antd-css";

/**
 * extractAntdStyles answers the stylesheet of the console's first screens and the number of cache paths its
 * map holds. production: the build's mode (antd's class hash prefix differs in development).
 */
export async function extractAntdStyles(production: boolean): Promise<{ css: string; paths: number }> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = production ? "production" : "development";
  try {
    // Node loads antd's CommonJS build; its `lib` and the browser's `es` are the same code.
    const { createElement: h } = (await import("react")).default;
    const { renderToString } = (await import("react-dom/server")).default;
    const antd = ((await import("antd")) as unknown as { default: typeof import("antd") }).default;
    const cssinjs = ((await import("@ant-design/cssinjs")) as unknown as { default: typeof import("@ant-design/cssinjs") }).default;
    const { createCache, extractStyle, StyleProvider } = cssinjs;
    const { Avatar, Badge, Breadcrumb, Button, Card, Checkbox, ConfigProvider, DatePicker, Drawer, Dropdown, Empty, Form, Input } = antd;
    const { Layout, List, Menu, Pagination, Row, Col, Select, Skeleton, Space, Spin, Statistic, Table, Tooltip, Typography } = antd;

    const screens: ReactNode[] = [
      // the shell: the layout, the wide screen's sider, menu and breadcrumb, the narrow screen's drawer, the
      // header's widgets (the bell's badge, the user menu, the locale switcher), the loading spinner
      h(Layout, { key: "layout" }, h(Layout.Sider, null, h(Menu, { items: [{ key: "a", label: "a" }] }))),
      h(Breadcrumb, { key: "breadcrumb", items: [{ title: "a" }] }),
      h(Drawer, { key: "drawer", open: false }),
      h(Badge, { key: "badge", count: 1 }),
      h(Dropdown, { key: "dropdown", menu: { items: [] } }, h("a")),
      h(Avatar, { key: "avatar" }),
      h(Tooltip, { key: "tooltip", title: "a" }, h("span")),
      h(Spin, { key: "spin" }),
      h(Space, { key: "space" }),
      h(Button, { key: "button" }, "a"),
      // the module list: the card, the search form's grid, inputs, selects and date pickers, the table
      h(Card, { key: "card" }),
      h(Form, { key: "form" }, h(Form.Item, { label: "a" }, h(Input))),
      h(Row, { key: "row" }, h(Col)),
      h(Input.Search, { key: "search" }),
      h(Select, { key: "select" }),
      h(DatePicker, { key: "date" }),
      h(DatePicker.RangePicker, { key: "range" }),
      h(Checkbox, { key: "checkbox" }),
      h(Table, { key: "table", columns: [], dataSource: [] }),
      h(Pagination, { key: "pagination", total: 50 }),
      h(Typography.Text, { key: "text" }, "a"),
      h(Empty, { key: "empty" }),
      // the workbench
      h(Skeleton, { key: "skeleton" }),
      h(Statistic, { key: "statistic", value: 1 }),
      h(List, { key: "list", dataSource: [] }),
      // a ConfigProvider inside the themed one (refine's, the list's) writes the icons' reset once more,
      // under the console's token
      h(ConfigProvider, { key: "nested" }, h(Button, null, "a")),
    ];
    const cache = createCache();
    renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { theme: THEME }, ...screens)));
    const css = extractStyle(cache, { plain: true, types: "style" });
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css)?.[1] ?? "";
    return { css, paths: map ? map.split(";").length : 0 };
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/**
 * antdStaticStyles is the build's plugin: it emits the stylesheet as assets/antd-*.css and names it in
 * index.html's head (a meta element, not a link: the login family does not load it).
 */
export function antdStaticStyles(): Plugin {
  let production = true;
  let ref = "";
  return {
    name: "xiangzhi-antd-static-styles",
    apply: "build",
    configResolved(config) {
      production = config.isProduction;
    },
    async buildStart() {
      const { css, paths } = await extractAntdStyles(production);
      if (paths < 20) this.error(`antd's static styles: only ${paths} cache paths extracted`);
      ref = this.emitFile({ type: "asset", name: "antd.css", source: css });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        if (!ctx.bundle || !ref) return [];
        const asset = Object.values(ctx.bundle).find((f) => f.type === "asset" && (f.names ?? []).includes("antd.css"));
        if (!asset) return [];
        return [{ tag: "meta", attrs: { name: ANTD_CSS_META, content: `/${asset.fileName}` }, injectTo: "head" }];
      },
    },
  };
}
