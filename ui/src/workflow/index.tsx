// The approval screens (to-do, done, copied to me, my applications, the simulator and the approval sheet), by route.

import type { ComponentType } from "react";
import { lazyPage } from "../components/RouteBoundary/RouteBoundary";
import { WORKFLOW_ROUTES } from "./paths";
import type { ListKind } from "./WorkflowListPage";

const List = lazyPage<{ kind: ListKind }>("workflow-lists", () => import("./WorkflowListPage"));
const Simulate = lazyPage("workflow-simulate", () => import("./SimulatePage"));

/** WORKFLOW_SCREENS maps each approval route to its screen. */
export const WORKFLOW_SCREENS: ReadonlyArray<[string, ComponentType]> = [
  [WORKFLOW_ROUTES.todo, () => <List key="todo" kind="todo" />],
  [WORKFLOW_ROUTES.done, () => <List key="done" kind="done" />],
  [WORKFLOW_ROUTES.cc, () => <List key="cc" kind="cc" />],
  [WORKFLOW_ROUTES.mine, () => <List key="mine" kind="mine" />],
  [WORKFLOW_ROUTES.simulate, () => <Simulate />],
];

export const PrintSheet = lazyPage("workflow-print", () => import("./PrintSheetPage"));
