import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server } from "../test/server";
import { http, ok, renderAt, signIn } from "../test/helpers";
import { watchNotices } from "../test/notices";
import { btn } from "../test/texts";
import { text } from "../locales/catalogue";
import WorkflowListPage from "./WorkflowListPage";
import { COUNTS, flowState, RECORD, TODO_ROW } from "./workflow.fixtures";

describe("the to-do list", () => {
  const notices = watchNotices();

  it("shows a tab per module with its count, opens a task in the drawer and approves it with a comment", { timeout: 180_000 }, async () => {
    let decided: Record<string, unknown> | null = null;
    const todoQueries: string[] = [];
    server.use(
      http.get("/api/workflow/todo/counts", () => ok(COUNTS)),
      http.get("/api/workflow/todo", ({ request }) => {
        todoQueries.push(new URL(request.url).searchParams.toString());
        return ok(decided ? { data: [], recordsTotal: 0 } : { data: [TODO_ROW], recordsTotal: 1 });
      }),
      http.get("/api/workflow/vehicleApply/5", () => ok({ record: RECORD, flow: flowState(decided ? "approved" : "open") })),
      http.post("/api/workflow/tasks/41/decide", async ({ request }) => {
        decided = (await request.json()) as Record<string, unknown>;
        return ok(flowState("approved"));
      }),
    );
    signIn();
    renderAt(<WorkflowListPage kind="todo" />, "/workflow/todo");
    expect(await screen.findByText(TODO_ROW.title)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: new RegExp(`${COUNTS[1].title}\\s*2`) })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: new RegExp(`${text("workflow.all")}\\s*3`) })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: new RegExp(COUNTS[1].title) }));
    await waitFor(() => expect(todoQueries.at(-1)).toContain("module=sealApply"));
    await userEvent.click(screen.getByRole("tab", { name: new RegExp(text("workflow.all")) }));
    await userEvent.click(await screen.findByTestId("workflow-row-title"));

    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText(RECORD.destination)).toBeInTheDocument();
    expect(within(drawer).getAllByText(TODO_ROW.stepTitle).length).toBeGreaterThan(0);
    await userEvent.click(within(drawer).getByRole("button", { name: btn("workflow.actions.approve") }));
    const modal = (await screen.findAllByRole("dialog")).at(-1) as HTMLElement;
    await userEvent.type(within(modal).getByRole("textbox"), "ok");
    await userEvent.click(within(modal).getByRole("button", { name: btn("workflow.actions.approve") }));
    await notices.shown(text("workflow.ok.approve"));
    expect(decided).toEqual({ action: "approve", comment: "ok" });
    // The to-do list reloads: the decided task has left the table.
    await waitFor(() => expect(within(document.querySelector(".ant-table-tbody") as HTMLElement).queryByText(TODO_ROW.title)).not.toBeInTheDocument());
  });

  it("asks for a comment before a rejection and confirms it", { timeout: 180_000 }, async () => {
    let decided: Record<string, unknown> | null = null;
    server.use(
      http.get("/api/workflow/todo/counts", () => ok(COUNTS.slice(0, 1))),
      http.get("/api/workflow/todo", () => ok({ data: [TODO_ROW], recordsTotal: 1 })),
      http.get("/api/workflow/vehicleApply/5", () => ok({ record: RECORD, flow: flowState("open") })),
      http.post("/api/workflow/tasks/41/decide", async ({ request }) => {
        decided = (await request.json()) as Record<string, unknown>;
        return ok(flowState("open"));
      }),
    );
    signIn();
    renderAt(<WorkflowListPage kind="todo" />, "/workflow/todo?task=41&module=vehicleApply&id=5");
    const drawer = await screen.findByRole("dialog");
    await userEvent.click(await within(drawer).findByRole("button", { name: btn("workflow.actions.reject") }));
    const modal = (await screen.findAllByRole("dialog")).at(-1) as HTMLElement;
    await userEvent.click(within(modal).getByRole("button", { name: btn("workflow.actions.reject") }));
    expect(await within(modal).findByText(text("workflow.commentRequired"))).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole("textbox"), "no");
    await userEvent.click(within(modal).getByRole("button", { name: btn("workflow.actions.reject") }));
    expect((await screen.findAllByText(text("workflow.confirm.reject"))).length).toBeGreaterThan(0);
    expect(decided).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: btn("common.confirm") }));
    await waitFor(() => expect(decided).toEqual({ action: "reject", comment: "no" }));
  });

  it("opens the task a message names, marked in the step chart, and says so once it is handled", { timeout: 180_000 }, async () => {
    let handled = false;
    server.use(
      http.get("/api/workflow/todo/counts", () => ok(COUNTS.slice(0, 1))),
      http.get("/api/workflow/todo", () => ok({ data: handled ? [] : [TODO_ROW], recordsTotal: handled ? 0 : 1 })),
      http.get("/api/workflow/vehicleApply/5", () => ok({ record: RECORD, flow: flowState(handled ? "approved" : "open") })),
    );
    signIn();
    const view = renderAt(<WorkflowListPage kind="todo" />, "/workflow/todo?task=41&module=vehicleApply&id=5");
    let drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText(text("workflowTask.thisTask"))).toBeInTheDocument();
    expect(drawer.querySelector('[data-testid="flow-task"][data-focused="true"]')).not.toBeNull();
    expect(within(drawer).getByRole("button", { name: btn("workflow.actions.approve") })).toBeInTheDocument();
    expect(within(drawer).queryByTestId("workflow-task-handled")).toBeNull();
    view.unmount();

    handled = true;
    renderAt(<WorkflowListPage kind="todo" />, "/workflow/todo?task=41&module=vehicleApply&id=5");
    drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByTestId("workflow-task-handled")).toHaveTextContent(text("workflowTask.handled"));
    expect(within(drawer).queryByRole("button", { name: btn("workflow.actions.approve") })).toBeNull();
  });
});
