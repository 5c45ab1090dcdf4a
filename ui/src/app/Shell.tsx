// The signed-in shell: it loads menus and modules, sends a user without menus back to login (spec §2),
// records open tabs, and renders the layout around the shell's routes.

import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { AppLayout } from "../components/AppLayout/AppLayout";
import { PageSpinner } from "../components/RouteBoundary/RouteBoundary";
import { useSessionBootstrap } from "../hooks/useSessionBootstrap";
import { useSessionStore } from "../stores/useSessionStore";
import { useTabsStore } from "../stores/useTabsStore";
import { addressCriteria } from "../api/criteria";
import { dropEarly, prefetchSchema } from "../api/schemaPrefetch";
import { notify } from "./notify";
import { moduleRouteOf } from "./routes";
import { isWorkbenchPath, preloadPage, preloadSearchDates, ShellRoutes } from "./ShellRoutes";
import { prefetchWorkbench } from "../dashboards/api";

function useTabTracking(enabled: boolean) {
  const { pathname, search } = useLocation();
  const tabOpened = useTabsStore((s) => s.tabOpened);
  useEffect(() => {
    if (enabled && pathname !== "/" && pathname !== "/404") tabOpened(pathname, pathname + search);
  }, [enabled, pathname, search, tabOpened]);
}

export default function Shell() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const token = useSessionStore((s) => s.token);
  useState(() => {
    // once, while the session bootstrap below runs: on a module's page its schema (on its list with the
    // first page of rows), and the page's code (the workbench's: its data too); then, on a list that filters by dates, the date inputs —
    // after the page's code, whose download they would otherwise slow on a phone's link
    const mod = moduleRouteOf(pathname);
    const schema = mod && token ? prefetchSchema(mod.module, token, mod.page === "list" ? addressCriteria(search) : undefined) : null;
    const code = preloadPage(pathname);
    // on the workbench (the first screen after signing in) its data, side by side with the menus and modules
    if (token && isWorkbenchPath(pathname)) prefetchWorkbench(token);
    if (schema && mod?.page === "list") Promise.all([schema, code]).then(([raw]) => preloadSearchDates(raw), () => undefined);
  });
  const opened = useRef(pathname);
  useEffect(() => {
    if (pathname !== opened.current) dropEarly();
  }, [pathname]);
  useEffect(() => dropEarly, []);
  const { ready, failed } = useSessionBootstrap();
  const menuCount = useSessionStore((s) => s.menus.length);
  const { mutate: logout } = useLogout();
  const leaving = useRef(false);
  const noMenus = ready && menuCount === 0;

  useEffect(() => {
    if ((noMenus || failed) && !leaving.current) {
      leaving.current = true;
      if (noMenus) notify.warning(t("shell.noMenus"));
      logout();
    }
  }, [noMenus, failed, logout, t]);

  useTabTracking(ready && !noMenus);

  if (!ready || noMenus) return <PageSpinner />;
  return (
    <AppLayout>
      <ShellRoutes />
    </AppLayout>
  );
}
