// The profile page's change-password dialog (spec §2, §5, §8): old, new and confirmation, both passwords
// encrypted by the client; a failure stays on screen until closed, and the new token the server answers
// keeps the session working, as after the login page's forced change.

import { useState } from "react";
import { Form, Input, Modal, message } from "antd";
import { useTranslation } from "react-i18next";
import { changePassword } from "../../api/authApi";
import { ApiError } from "../../api/errors";
import { notify } from "../../app/notify";
import { useSessionStore } from "../../stores/useSessionStore";
import { noSpaces, toRule } from "../formRules";
import { checkConfirm, checkOldPassword, checkPasswordNew, passwordFailureText, PROFILE_MSG } from "./profileRules";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordDialogProps {
  open: boolean;
  username: string;
  onClose: () => void;
}

export function PasswordDialog({ open, username, onClose }: PasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const f = (key: string) => t(`system.profile.${key}`);

  const submit = async (v: PasswordValues) => {
    setSaving(true);
    try {
      const token = await changePassword(username, v.oldPassword, v.newPassword);
      // The old sessions ended with the change; the new token keeps this one. Menus and codes stay as they
      // are (unlike the login page's passwordChanged, which reloads them and would drop the open form).
      useSessionStore.setState({ token, mustChangePassword: false });
      void message.success(PROFILE_MSG.passwordChanged);
      form.resetFields();
      onClose();
    } catch (err) {
      const text = err instanceof ApiError ? err.serverMessage || err.fieldErrors[0]?.message || "" : "";
      notify.persistentError(passwordFailureText(text));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={f("changePassword")}
      okText={t("common.confirm")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      forceRender
    >
      <Form<PasswordValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="oldPassword" label={f("oldPassword")} required getValueFromEvent={noSpaces} rules={[toRule(checkOldPassword)]}>
          <Input.Password maxLength={255} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={f("newPassword")}
          tooltip={f("passwordHint")}
          required
          getValueFromEvent={noSpaces}
          rules={[toRule(checkPasswordNew)]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={f("confirmPassword")}
          required
          dependencies={["newPassword"]}
          getValueFromEvent={noSpaces}
          rules={[({ getFieldValue }) => toRule(checkConfirm(String(getFieldValue("newPassword") ?? "")))]}
        >
          <Input.Password maxLength={20} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
