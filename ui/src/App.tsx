// The top-level routes of spec §2. Pages are code-split per route; the login family needs neither refine
// nor the shell, which load (RefineRoot) only for the signed-in part. The login page is the one exception:
// every session starts there, so it is part of the first bundle and paints in the first run of the entry
// instead of after a second wave of downloads (issue 19, Lighthouse on a phone's link).

import type { ReactNode } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { AppProviders } from "./app/AppProviders";
import { loadConsole } from "./app/pageLoaders";
import { PUBLIC_PLACEHOLDER_ROUTES } from "./app/routes";
import { lazyPage, RouteBoundary } from "./components/RouteBoundary/RouteBoundary";
import LoginPage from "./pages/login/LoginPage";

const PrecheckPage = lazyPage("update-password-precheck", () => import("./pages/password/PrecheckPage"));
const UpdatePasswordPage = lazyPage("update-password", () => import("./pages/password/UpdatePasswordPage"));
const NotFoundPage = lazyPage("404", () => import("./pages/notFound/NotFoundPage"));
const Placeholder = lazyPage("placeholder", () => import("./components/Placeholder/Placeholder"));
const RefineRoot = lazyPage("console", loadConsole);

export const H5_LOGIN = "/loginH5";

/** H5Redirect sends any page opened with ?type=h5 to the H5 login (spec §2). */
function H5Redirect() {
  const { pathname, search } = useLocation();
  if (pathname !== H5_LOGIN && new URLSearchParams(search).get("type") === "h5") {
    return <Navigate to={H5_LOGIN} replace />;
  }
  return <Outlet />;
}

const page = (element: ReactNode) => <RouteBoundary>{element}</RouteBoundary>;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<H5Redirect />}>
        <Route path="/login" element={page(<LoginPage />)} />
        <Route path={H5_LOGIN} element={page(<LoginPage variant="h5" />)} />
        <Route path="/update-password-precheck" element={page(<PrecheckPage />)} />
        <Route path="/update-password" element={page(<UpdatePasswordPage />)} />
        <Route path="/404" element={page(<NotFoundPage />)} />
        {PUBLIC_PLACEHOLDER_ROUTES.map((path) => (
          <Route key={path} path={path} element={page(<Placeholder />)} />
        ))}
        <Route path="/*" element={page(<RefineRoot />)} />
      </Route>
    </Routes>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
