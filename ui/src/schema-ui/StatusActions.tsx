import { useState } from "react";
import { Button, Form, Input, Modal, Space } from "antd";
import { useCustomMutation, type BaseKey } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { Access } from "../components/Access/Access";
import type { ModuleMeta, StatusAction } from "./moduleSchema";

/** availableActions lists the actions whose from-states include the record's status. */
export function availableActions(actions: readonly StatusAction[], status: unknown): StatusAction[] {
  if (status === undefined || status === null) return [];
  return actions.filter((a) => a.from.includes(String(status)));
}

interface Props {
  module: ModuleMeta;
  id: BaseKey;
  status: unknown;
  onDone: () => void;
}

/** StatusActions offers the status transitions open from the current state; a comment dialog asks when needed. */
export function StatusActions({ module, id, status, onDone }: Props) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<StatusAction | null>(null);
  const [form] = Form.useForm<{ comment?: string }>();
  const { mutate, mutation } = useCustomMutation();
  const actions = availableActions(module.status?.actions ?? [], status);
  if (!actions.length) return null;

  const run = (action: StatusAction, comment: string) =>
    mutate(
      {
        url: `${module.api}/${encodeURIComponent(String(id))}/status`,
        method: "put",
        values: { action: action.name, comment },
        successNotification: () => ({ type: "success", message: t("module.statusSuccess", { action: action.label }) }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setPending(null);
          form.resetFields();
          onDone();
        },
      },
    );

  return (
    <>
      <Space wrap>
        {actions.map((a) => (
          <Access key={a.name} codes={[a.code]}>
            <Button loading={mutation.isPending && pending === a} onClick={() => (a.comment ? setPending(a) : run(a, ""))}>
              {a.label}
            </Button>
          </Access>
        ))}
      </Space>
      <Modal
        open={!!pending}
        title={pending?.label}
        okText={t("common.confirm")}
        cancelText={t("common.cancel")}
        confirmLoading={mutation.isPending}
        onCancel={() => setPending(null)}
        onOk={() =>
          form
            .validateFields()
            .then((v) => pending && run(pending, (v.comment ?? "").trim()))
            // The form shows what is missing; nothing else to do.
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="comment"
            label={t("module.comment")}
            rules={pending?.comment === "required" ? [{ required: true, whitespace: true, message: t("module.commentRequired") }] : []}
          >
            <Input.TextArea rows={4} maxLength={255} showCount allowClear />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
