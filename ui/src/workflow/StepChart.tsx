// The step chart of one submission: every step with its mode and approvers, and who decided what, with
// the comment and the time (docs/workflow.md "flow state").

import { Space, Steps, Tag, Typography } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { InstanceView, StepView, TaskView } from "./workflowApi";
import "./print.css";

const STEP_STATUS: Record<string, "wait" | "process" | "finish" | "error"> = {
  pending: "wait",
  current: "process",
  done: "finish",
  skipped: "wait",
};

export const TASK_COLOR: Record<string, string> = {
  open: "processing",
  waiting: "default",
  approved: "success",
  rejected: "error",
  returned: "warning",
  transferred: "purple",
  takenBack: "default",
  cancelled: "default",
  cc: "cyan",
  delegated: "purple",
};

export const STATE_COLOR: Record<string, string> = {
  running: "processing",
  approved: "success",
  rejected: "error",
  withdrawn: "default",
  returned: "warning",
};

/** StateTag shows a submission's state (under approval, approved…). */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state] ?? "default"}>{t(`workflow.states.${state}`, { defaultValue: state })}</Tag>;
}

function TaskLine({ task, focused }: { task: TaskView; focused?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The task a message led to is marked and scrolled into view.
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [focused]);
  return (
    <div data-testid="flow-task" data-focused={focused ? "true" : undefined} ref={ref} className={focused ? "xz-flow-task-focused" : undefined}>
      <Space size={4} wrap>
        {focused && <Tag color="gold">{t("workflowTask.thisTask")}</Tag>}
        <Typography.Text strong>{task.assigneeName}</Typography.Text>
        {task.actingForName && <Typography.Text type="secondary">{t("workflow.actingFor", { name: task.actingForName })}</Typography.Text>}
        <Tag color={TASK_COLOR[task.state] ?? "default"}>{t(`workflow.taskStates.${task.state}`, { defaultValue: task.state })}</Tag>
        {task.auto && <Tag>{t("workflow.auto")}</Tag>}
        {task.decidedAt && <Typography.Text type="secondary">{task.decidedAt}</Typography.Text>}
      </Space>
      {task.comment && <div className="xz-flow-comment">{task.comment}</div>}
    </div>
  );
}

function StepDescription({ step, focus }: { step: StepView; focus?: number }) {
  const { t } = useTranslation();
  const tasks = step.tasks ?? [];
  const approvers = step.approvers ?? [];
  return (
    <Space direction="vertical" size={2} style={{ width: "100%" }}>
      <Space size={4} wrap>
        <Tag>{t(`workflow.modes.${step.mode}`, { defaultValue: step.mode })}</Tag>
        {step.lane && <Tag color="geekblue">{step.lane}</Tag>}
        <Typography.Text type="secondary">
          {t("workflow.approvers")}：{approvers.length ? approvers.map((p) => p.name).join(t("common.listSeparator")) : t("workflow.noApprover")}
        </Typography.Text>
      </Space>
      {step.skip && <Typography.Text type="secondary">{t("workflow.simulate.skipped", { reason: step.skip })}</Typography.Text>}
      {tasks.map((task) => (
        <TaskLine key={task.id} task={task} focused={!!focus && task.id === focus} />
      ))}
    </Space>
  );
}

/** StepChart draws a submission's steps, top to bottom. */
export function StepChart({ instance, focus }: { instance: InstanceView; /** A task to mark (the one a message led to). */ focus?: number }) {
  const { t } = useTranslation();
  const steps = instance.steps ?? [];
  const cc = instance.cc ?? [];
  const rejected = instance.state === "rejected";
  return (
    <div className="xz-flow-chart">
      <Steps
        direction="vertical"
        size="small"
        items={[
          {
            title: t("workflow.actions.submit"),
            status: "finish",
            description: (
              <Typography.Text type="secondary">
                {instance.applicantName} {instance.createdAt}
              </Typography.Text>
            ),
          },
          ...steps.map((step) => {
            const failed = rejected && (step.tasks ?? []).some((x) => x.state === "rejected");
            return {
              key: `${step.stage}-${step.name}`,
              title: (
                <Space size={4}>
                  {step.title}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`workflow.stepStates.${step.status}`, { defaultValue: step.status })}
                  </Typography.Text>
                </Space>
              ),
              status: failed ? ("error" as const) : (STEP_STATUS[step.status] ?? "wait"),
              description: <StepDescription step={step} focus={focus} />,
            };
          }),
        ]}
      />
      {cc.length > 0 && (
        <div>
          <Typography.Text type="secondary">{t("workflow.copies")}：</Typography.Text>
          {cc.map((c) => (
            <Tag key={c.id} color="cyan">
              {c.assigneeName}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
