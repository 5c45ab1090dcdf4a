// The console routes of the approval screens (the server's approval-centre menus name these urls and components).

export const WORKFLOW_ROUTES = {
  todo: "/workflow/todo",
  done: "/workflow/done",
  cc: "/workflow/cc",
  mine: "/workflow/mine",
  simulate: "/workflow/simulate",
} as const;

/** The component names the server menus give the approval screens, by route key. */
export const WORKFLOW_COMPONENTS: Readonly<Record<keyof typeof WORKFLOW_ROUTES, string>> = {
  todo: "WorkflowTodo",
  done: "WorkflowDone",
  cc: "WorkflowCc",
  mine: "WorkflowMine",
  simulate: "WorkflowSimulate",
};

export const PRINT_PREFIX = "/workflow/print/";

export const workflowPath = {
  print: (module: string, id: string | number) => `${PRINT_PREFIX}${encodeURIComponent(module)}/${encodeURIComponent(String(id))}`,
  simulate: (module: string, id: string | number) =>
    `${WORKFLOW_ROUTES.simulate}?module=${encodeURIComponent(module)}&id=${encodeURIComponent(String(id))}`,
};

/** workflowTitleKey answers the i18n key of an approval route's title. */
export function workflowTitleKey(path: string): string | undefined {
  const hit = Object.entries(WORKFLOW_ROUTES).find(([, p]) => p === path);
  if (hit) return `workflow.routes.${hit[0]}`;
  if (path.startsWith(PRINT_PREFIX)) return "workflow.routes.print";
  return undefined;
}
