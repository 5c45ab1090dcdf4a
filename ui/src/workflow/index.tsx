// The approval screens (to-do, done, copied to me, my applications, the simulator and the approval sheet):
// their routes, all served by one lazily loaded screen (WorkflowScreen).

import { lazyPage } from "../components/RouteBoundary/RouteBoundary";
import { PRINT_PREFIX, WORKFLOW_ROUTES } from "./paths";

/** WorkflowScreen is the approval screen of the current route, loaded with the first approval page. */
export const WorkflowScreen = lazyPage("workflow", () => import("./WorkflowScreen"));

/** WORKFLOW_PATHS are the routes of the approval screens (the sheet's with its parameters). */
export const WORKFLOW_PATHS: readonly string[] = [...Object.values(WORKFLOW_ROUTES), `${PRINT_PREFIX}:module/:id`];
