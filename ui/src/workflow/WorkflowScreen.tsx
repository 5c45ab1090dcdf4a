// Every approval screen in one chunk, chosen by the route: to-do, done, copied to me, my applications, the simulator and the
// approval sheet. One lazy entry (instead of one per screen) keeps the shared code of the other pages where
// it was, so the login page and the first module list stay within their wire budgets.

import { useLocation } from "react-router";
import { PRINT_PREFIX, WORKFLOW_ROUTES } from "./paths";
import WorkflowListPage from "./WorkflowListPage";
import SimulatePage from "./SimulatePage";
import PrintSheetPage from "./PrintSheetPage";

export default function WorkflowScreen() {
  const { pathname } = useLocation();
  if (pathname.startsWith(PRINT_PREFIX)) return <PrintSheetPage />;
  switch (pathname) {
    case WORKFLOW_ROUTES.done:
      return <WorkflowListPage key="done" kind="done" />;
    case WORKFLOW_ROUTES.cc:
      return <WorkflowListPage key="cc" kind="cc" />;
    case WORKFLOW_ROUTES.mine:
      return <WorkflowListPage key="mine" kind="mine" />;
    case WORKFLOW_ROUTES.simulate:
      return <SimulatePage />;
    default:
      return <WorkflowListPage key="todo" kind="todo" />;
  }
}
