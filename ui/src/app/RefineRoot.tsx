// The signed-in part of the console: refine with the data, auth, access, i18n and notification
// providers, the routes that need a login, and the shell. Loaded after login (code-split).

import { useState, type ReactNode } from "react";
import { Route, Routes, useLocation } from "react-router";
import { Authenticated, Refine } from "@refinedev/core";
import { routerProvider } from "./routerProvider";
import { accessControlProvider } from "./accessControlProvider";
import { authProvider } from "./authProvider";
import { dataProviders } from "./dataProviders";
import { i18nProvider } from "./i18n";
import { notificationProvider } from "./notify";
import { VISIT_CODE_ROUTES } from "./routes";
import { lazyPage, PageSpinner, RouteBoundary } from "../components/RouteBoundary/RouteBoundary";
import { VisitGuard } from "../components/VisitGuard/VisitGuard";
import { prefetchDashboard } from "../dashboards/prefetch";
import { ScreenVisits } from "./screenVisits";
// The shell is part of the signed-in bundle: every route but the full-screen visit-code pages needs it, and a
// chunk of its own was one more round trip before the first list could even ask for its code (issue 19).
import Shell from "./Shell";

const Placeholder = lazyPage("placeholder", () => import("../components/Placeholder/Placeholder"));
const DashboardScreen = lazyPage("dashboard", () => import("../dashboards/DashboardScreen"));
const FormDesigner = lazyPage("form-design", () => import("../designer/DesignerPage"));

/**
 * visitPage is the page of a visit-code route: the large screens show their dashboard (docs/dashboards.md),
 * /form-design the form designer (docs/designer-console.md).
 */
const visitPage = (path: string) => {
  if (path === "/dataStatistics" || path === "/dataStatisticsForSix") return <DashboardRoute path={path} />;
  if (path === "/form-design") return <FormDesigner />;
  return <Placeholder />;
};

/** DashboardRoute starts the screen's first calls while its lazy chunk loads (dashboards/prefetch.ts). */
function DashboardRoute({ path }: { path: string }) {
  const { search } = useLocation();
  useState(() => prefetchDashboard(path, search)); // once per mount, before the chunk suspends
  return <DashboardScreen route={path} />;
}

const signedIn = (key: string, element: ReactNode) => (
  <Authenticated key={key} loading={<PageSpinner />}>
    <RouteBoundary>{element}</RouteBoundary>
  </Authenticated>
);

export default function RefineRoot() {
  return (
    <Refine
      dataProvider={dataProviders}
      routerProvider={routerProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      options={{
        syncWithLocation: false,
        warnWhenUnsavedChanges: false,
        disableTelemetry: true,
        mutationMode: "pessimistic",
        reactQuery: {
          clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } },
        },
      }}
    >
      <ScreenVisits />
      <Routes>
        {VISIT_CODE_ROUTES.map((path) => (
          <Route
            key={path}
            path={path}
            element={signedIn(
              path,
              <VisitGuard path={path}>{visitPage(path)}</VisitGuard>,
            )}
          />
        ))}
        <Route path="/*" element={signedIn("shell", <Shell />)} />
      </Routes>
    </Refine>
  );
}
