import { describe, expect, it } from "vitest";
import { useState } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { WorkflowPanel, withKind } from "./StatusPanel";
import { checkModule } from "./checks";
import { text } from "./texts";
import { fromYaml, toPlain, toYaml } from "./yamlio";
import type { ModuleDoc, StepDoc } from "./model";
import { FLOW, W } from "./WorkflowPanel.fixtures";


function read(yaml: string): ModuleDoc {
  const r = fromYaml(yaml);
  if (!r.model) throw new Error(JSON.stringify(r.problems));
  return r.model;
}

let current: ModuleDoc;
function Harness({ initial }: { initial: ModuleDoc }) {
  const [m, setM] = useState(initial);
  current = m;
  return <WorkflowPanel model={m} problems={[]} readOnly={false} onChange={(fn) => setM((x) => fn(x))} />;
}

function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getAllByLabelText(label).find((e) => e.getAttribute("role") === "combobox")!);
  const dropdowns = document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  fireEvent.click(within(dropdowns[dropdowns.length - 1]).getByTitle(option));
}

const steps = (m: ModuleDoc) => m.workflow!.steps;

describe("the workflow editor's branches", () => {
  it("reads a flow's condition and parallel branches into their editors and writes it back losslessly", () => {
    const m = read(FLOW);
    expect(toYaml(m)).toBe(FLOW);
    render(<Harness initial={m} />);
    expect(screen.getByLabelText(`${text("designer.workflowBranches.branchName")} 2.1`)).toHaveValue("finance");
    expect(screen.getByLabelText(`${text("designer.workflowBranches.branchTitle")} 2.2`)).toHaveValue(W.office);
    expect(screen.getByLabelText(`${text("designer.workflow.stepTitle")} 2.2.1`)).toHaveValue(W.officeReview);
    expect(screen.getByLabelText(`${text("designer.workflowBranches.branchWhen")} 3.1`)).toHaveValue("kind == 1");
    expect(screen.getByLabelText(`${text("designer.workflowBranches.branchWhen")} 3.2`)).toHaveAttribute("placeholder", text("designer.workflowBranches.otherwise"));

    // One edit deep inside a branch changes that key only: the rest of the file stays byte for byte.
    fireEvent.change(screen.getByLabelText(`${text("designer.workflowBranches.branchWhen")} 3.1`), { target: { value: "kind == 1 && amount > 500" } });
    fireEvent.change(screen.getByLabelText(`${text("designer.workflow.stepTitle")} 2.1.1`), { target: { value: W.financeFirst } });
    expect(toYaml(current)).toBe(FLOW.replace("when: kind == 1", "when: kind == 1 && amount > 500").replace(`title: ${W.financeReview}`, `title: ${W.financeFirst}`));
    expect(toPlain(read(toYaml(current)))).toEqual(toPlain(current));
  });

  it("builds condition and parallel branches with the controls, and the YAML reads back the same", async () => {
    const base = read(FLOW.slice(0, FLOW.indexOf("    - name: review")));
    render(<Harness initial={base} />);
    // A second step, made condition branches: two branches, the last the otherwise one.
    fireEvent.click(screen.getByLabelText(text("designer.workflow.addStep")));
    pick(`${text("designer.workflowBranches.kind")} 2`, text("designer.workflowBranches.kinds.branches"));
    await waitFor(() => expect(steps(current)[1].branches).toHaveLength(2));
    fireEvent.change(screen.getByLabelText(`${text("designer.workflowBranches.branchWhen")} 2.1`), { target: { value: "amount > 5000" } });
    fireEvent.click(screen.getByLabelText(`${text("designer.workflow.addStep")} 2.2`));
    fireEvent.change(screen.getByLabelText(`${text("designer.workflow.stepTitle")} 2.2.2`), { target: { value: W.recheck } });
    // A third step, made parallel branches, with a third branch.
    fireEvent.click(screen.getByLabelText(text("designer.workflow.addStep")));
    pick(`${text("designer.workflowBranches.kind")} 3`, text("designer.workflowBranches.kinds.parallel"));
    await waitFor(() => expect(steps(current)[2].parallel).toHaveLength(2));
    fireEvent.click(screen.getByLabelText(`${text("designer.workflowBranches.addBranch")} 3`));
    fireEvent.change(screen.getByLabelText(`${text("designer.workflowBranches.branchTitle")} 3.3`), { target: { value: W.legal } });
    // A step inside a branch made a copy step.
    pick(`${text("designer.workflowBranches.kind")} 3.1.1`, text("designer.workflowBranches.kinds.cc"));

    const flow = steps(current);
    expect(flow.map((s) => s.name)).toEqual(["township", "step2", "step3"]);
    expect(flow[1].approvers).toBeUndefined();
    expect(flow[1].branches!.map((b) => [b.when, b.steps.map((s) => s.title)])).toEqual([
      ["amount > 5000", [""]],
      [undefined, ["", W.recheck]],
    ]);
    expect(flow[2].parallel!.map((b) => [b.name, b.title, b.steps.length])).toEqual([
      ["step3A", "", 1],
      ["step3B", "", 1],
      ["branch3", W.legal, 1],
    ]);
    expect(flow[2].parallel![0].steps[0].cc).toEqual([{ role: "", level: "township" }]);
    expect(flow[2].parallel![0].steps[0].approvers).toBeUndefined();
    // Every step name is new and lowerCamel; the module's own checks find no step of two kinds.
    const names = JSON.stringify(flow).match(/"name":"[^"]*"/g)!;
    expect(new Set(names).size).toBe(names.length);
    expect(checkModule(current).filter((p) => p.path?.startsWith("workflow") && p.message === text("designer.check.stepKind"))).toEqual([]);

    const yaml = toYaml(current);
    expect(yaml).toContain("    - name: step2\n      title: \"\"\n      branches:\n        - when: amount > 5000\n");
    expect(toPlain(read(yaml))).toEqual(toPlain(current));
    expect(toYaml(read(yaml))).toBe(yaml);
  });

  it("turns a step into another kind, keeping its name, title and condition and only the keys the kind has", () => {
    const approval: StepDoc = { name: "county", title: W.county, when: "amount > 1", approvers: [{ role: W.countyAdmin }], mode: "all", deadline: "2d" };
    const branches = withKind(approval, "branches");
    expect(Object.keys(branches)).toEqual(["name", "title", "when", "branches"]);
    expect(branches.branches!.map((b) => b.steps[0].name)).toEqual(["countyA", "countyB"]);
    expect(withKind(branches, "approvers")).toEqual({ name: "county", title: W.county, when: "amount > 1", approvers: [{ role: "" }] });
    expect(withKind(approval, "cc")).toEqual({ name: "county", title: W.county, when: "amount > 1", cc: [{ role: W.countyAdmin }] });
    expect(withKind(approval, "approvers")).toBe(approval);
  });
});
