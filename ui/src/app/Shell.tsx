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
import { prefetchSchema } from "../api/schemaPrefetch";
import { notify } from "./notify";
import { moduleRouteOf } from "./routes";
import { preloadPage, ShellRoutes } from "./ShellRoutes";

function useTabTracking(enabled: boolean) {
  const { pathname, search } = useLocation();
  const tabOpened = useTabsStore((s) => s.tabOpened);
  useEffect(() => {
    if (enabled && pathname !== "/" && pathname !== "/404") tabOpened(pathname, pathname + search);
  }, [enabled, pathname, search, tabOpened]);
}

export default function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const token = useSessionStore((s) => s.token);
  useState(() => {
    // once, while the session bootstrap below runs: the page's code and, on a module's page, its schema
    preloadPage(pathname);
    const mod = moduleRouteOf(pathname);
    if (mod && token) prefetchSchema(mod.module, token);
  });
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
