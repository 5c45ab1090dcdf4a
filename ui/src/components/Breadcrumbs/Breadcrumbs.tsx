import { useMemo, type ReactNode } from "react";
import { Breadcrumb } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { buildMenuTree, trailTo } from "../../app/menus";
import { localizeMenuTree } from "../../schema-ui/localizeSchema";
import { useSchemaTranslator } from "../../schema-ui/schemaTexts";
import { moduleRouteOf, modulePath } from "../../app/routes";
import { useRouteTitle } from "../../hooks/useRouteTitle";
import { useSessionStore } from "../../stores/useSessionStore";
import { HOME_PATH } from "../../stores/useTabsStore";

/** Breadcrumbs: home, the menu groups above the page, the page (and a module's list above its sub-pages). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useSessionStore((s) => s.menus);
  const tr = useSchemaTranslator();
  const tree = useMemo(() => localizeMenuTree(buildMenuTree(menus), tr), [menus, tr]);
  const titleOf = useRouteTitle();

  const mod = moduleRouteOf(pathname);
  const anchor = mod ? modulePath.list(mod.module) : pathname;
  const trail = trailTo(tree, anchor);
  const items: { key: string; title: ReactNode }[] = [
    { key: "home", title: <Link to={HOME_PATH} aria-label={titleOf(HOME_PATH)}><HomeOutlined /></Link> },
    ...trail.slice(0, -1).map((n) => ({ key: n.key, title: n.title })),
  ];
  if (mod && mod.page !== "list") {
    items.push({ key: anchor, title: <Link to={anchor}>{titleOf(anchor)}</Link> });
    items.push({ key: pathname, title: t(`module.page.${mod.page}`) });
  } else if (pathname !== HOME_PATH) {
    items.push({ key: pathname, title: titleOf(pathname) });
  }
  return <Breadcrumb items={items} />;
}
