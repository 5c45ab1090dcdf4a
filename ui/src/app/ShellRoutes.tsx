// The routes inside the shell: the workbench, the shell's static children, the generic module screens,
// the named system routes, and whatever the server menus add. Anything else goes to /404.

import { useMemo, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { lazyPage, RouteBoundary } from "../components/RouteBoundary/RouteBoundary";
import { systemScreenFor, SYSTEM_SCREENS } from "../system";
import { useSessionStore } from "../stores/useSessionStore";
import { HOME_PATH } from "../stores/useTabsStore";
import { menuRoutesOf, SCHEMA_MODULE_COMPONENT } from "./menus";
import { MODULE_PREFIX, NAMED_ROUTES, SHELL_PLACEHOLDER_ROUTES } from "./routes";
import { isWorkbenchPath, loadModuleDetail, loadModuleForm, loadModuleList, loadWorkbench, preloadPage } from "./pageLoaders";
import { WORKFLOW_PATHS, WorkflowScreen } from "../workflow";
import {
  EXAM_MARKING_LIST,
  EXAM_MARKING_PATH,
  EXAM_STATS_PATH,
  EXAM_TAKE_PATH,
  ExamMarkingPage,
  ExamStatsPage,
  ExamTakePage,
  VOTE_BALLOT_PATH,
  VotePage,
} from "../party";

const Workbench = lazyPage("workbench", loadWorkbench);
const Placeholder = lazyPage("placeholder", () => import("../components/Placeholder/Placeholder"));
const ModuleList = lazyPage("module-list", loadModuleList);
const ModuleForm = lazyPage("module-form", loadModuleForm);
const ModuleDetail = lazyPage("module-detail", loadModuleDetail);

export { isWorkbenchPath, preloadPage };

const loadSearchDates = () => import("../schema-ui/SearchDateField");

/**
 * preloadSearchDates starts downloading the search form's date inputs (antd's date picker, a chunk of its own)
 * when a list's schema, as the server sent it, has date filters: before the list's first render instead of
 * during it.
 */
export function preloadSearchDates(schema: unknown): void {
  const list = typeof schema === "object" && schema !== null ? (schema as { list?: unknown }).list : undefined;
  const filters = typeof list === "object" && list !== null ? (list as { filters?: unknown }).filters : undefined;
  const dated =
    Array.isArray(filters) &&
    filters.some((f: unknown) => typeof f === "object" && f !== null && ["date", "datetime"].includes(String((f as { type?: unknown }).type)));
  if (dated) loadSearchDates().catch(() => undefined);
}
const MessageCenter = lazyPage("message-center", () => import("../pages/messages/MessageCenterPage"));

const page = (element: ReactNode) => <RouteBoundary>{element}</RouteBoundary>;

export function ShellRoutes() {
  const menus = useSessionStore((s) => s.menus);
  const fixed = useMemo(
    () =>
      new Set<string>([
        "/",
        HOME_PATH,
        ...SHELL_PLACEHOLDER_ROUTES,
        ...Object.values(NAMED_ROUTES),
        ...WORKFLOW_PATHS,
      ]),
    [],
  );
  const dynamic = useMemo(
    () => menuRoutesOf(menus).filter((r) => !fixed.has(r.path) && !r.path.startsWith(MODULE_PREFIX)),
    [menus, fixed],
  );

  return (
    <Routes>
      <Route index element={<Navigate to={HOME_PATH} replace />} />
      <Route path={HOME_PATH} element={page(<Workbench />)} />
      {SHELL_PLACEHOLDER_ROUTES.map((path) => (
        <Route key={path} path={path} element={page(<Placeholder />)} />
      ))}
      <Route path="/m/:module" element={page(<ModuleList />)} />
      <Route path="/m/:module/create" element={page(<ModuleForm />)} />
      <Route path="/m/:module/edit/:id" element={page(<ModuleForm />)} />
      <Route path="/m/:module/show/:id" element={page(<ModuleDetail />)} />
      <Route path={EXAM_TAKE_PATH} element={page(<ExamTakePage />)} />
      <Route path={VOTE_BALLOT_PATH} element={page(<VotePage />)} />
      <Route path={EXAM_MARKING_LIST} element={page(<ExamMarkingPage />)} />
      <Route path={EXAM_MARKING_PATH} element={page(<ExamMarkingPage />)} />
      <Route path={EXAM_STATS_PATH} element={page(<ExamStatsPage />)} />
      <Route path={NAMED_ROUTES.MessageCenter} element={page(<MessageCenter />)} />
      {WORKFLOW_PATHS.map((path) => (
        <Route key={path} path={path} element={page(<WorkflowScreen />)} />
      ))}
      {Object.entries(SYSTEM_SCREENS).map(([name, Screen]) => (
        <Route key={name} path={NAMED_ROUTES[name]} element={page(<Screen />)} />
      ))}
      {dynamic.map((r) => {
        if (r.component === SCHEMA_MODULE_COMPONENT && r.name) {
          return <Route key={r.path} path={r.path} element={page(<ModuleList module={r.name} />)} />;
        }
        const Screen = systemScreenFor(r.component) ?? Placeholder;
        return <Route key={r.path} path={r.path} element={page(<Screen />)} />;
      })}
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
