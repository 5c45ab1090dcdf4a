// The dialog of one decision on a task: a comment (required to reject), the step to return to, the person
// to transfer or delegate to. Rejecting and returning ask once more before they are sent.

import { Form, Input, Modal, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../app/notify";
import { useSessionStore } from "../stores/useSessionStore";
import { needsOf, returnTargets, TO_APPLICANT } from "./flowLogic";
import { UserSelect } from "./UserSelect";
import { workflowApi, type FlowState, type InstanceView, type OfferedAction, type StepView } from "./workflowApi";

/** Decisions that undo work: confirmed before they are sent. */
export const DESTRUCTIVE = new Set(["reject", "return"]);

export interface DecideDialogProps {
  action: OfferedAction | null;
  instance?: InstanceView;
  step?: StepView;
  onClose: () => void;
  onDone: (flow: FlowState) => void;
}

interface Values {
  comment?: string;
  to?: string;
  userId?: number;
  userIds?: number[];
  position?: "before" | "after";
}

/** actionLabel names an action: the server's label, a known one, or its name. */
export function useActionLabel(): (a: OfferedAction) => string {
  const { t } = useTranslation();
  return (a) => a.label ?? t(`workflow.actions.${a.action}`, { defaultValue: a.action });
}

export function DecideDialog({ action, instance, step, onClose, onDone }: DecideDialogProps) {
  const { t } = useTranslation();
  const me = useSessionStore((s) => Number(s.user?.userId ?? 0));
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [modal, confirmHolder] = Modal.useModal();
  const label = useActionLabel();
  if (!action) return null;
  const { needs, commentRequired } = needsOf(action);
  const targets = step ? returnTargets(instance, step) : [{ name: TO_APPLICANT, title: "" }];

  const send = async (v: Values) => {
    setBusy(true);
    try {
      const flow = await workflowApi.decide(action.taskId ?? 0, {
        action: action.action,
        comment: v.comment?.trim() || undefined,
        to: v.to,
        userId: v.userId,
        userIds: v.userIds,
        position: v.position,
      });
      notify.success(t(`workflow.ok.${action.action}`, { defaultValue: t("workflow.ok.other") }));
      form.resetFields();
      onDone(flow);
    } catch {
      // the client reported the server's message
    } finally {
      setBusy(false);
    }
  };

  const onOk = async () => {
    const v = await form.validateFields();
    if (DESTRUCTIVE.has(action.action)) {
      modal.confirm({
        title: t(`workflow.confirm.${action.action}`),
        okButtonProps: { danger: true },
        onOk: () => send(v),
      });
      return;
    }
    await send(v);
  };

  return (
    <Modal
      open
      title={label(action)}
      okText={label(action)}
      okButtonProps={{ danger: DESTRUCTIVE.has(action.action), loading: busy }}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {confirmHolder}
      <Form form={form} layout="vertical" preserve={false}>
        {needs.includes("to") && (
          <Form.Item name="to" label={t("workflow.returnTo")} rules={[{ required: true, message: t("workflow.returnRequired") }]}>
            <Select
              options={targets.map((s) => ({ value: s.name, label: s.name === TO_APPLICANT ? t("workflow.toApplicant") : s.title }))}
            />
          </Form.Item>
        )}
        {needs.includes("userId") && (
          <Form.Item name="userId" label={t("workflow.user")} rules={[{ required: true, message: t("workflow.userRequired") }]}>
            {action.choices ? <Select options={action.choices} /> : <UserSelect exclude={[me]} />}
          </Form.Item>
        )}
        {needs.includes("userIds") && (
          <Form.Item name="userIds" label={t("workflow.user")} rules={[{ required: true, message: t("workflow.userRequired") }]}>
            <UserSelect multiple exclude={[me]} />
          </Form.Item>
        )}
        {needs.includes("position") && (
          <Form.Item name="position" label={t("workflow.position")} initialValue="after" rules={[{ required: true }]}>
            <Select
              options={[
                { value: "before", label: t("workflow.actions.addBefore") },
                { value: "after", label: t("workflow.actions.addAfter") },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          name="comment"
          label={t("workflow.comment")}
          rules={commentRequired ? [{ required: true, whitespace: true, message: t("workflow.commentRequired") }] : []}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
