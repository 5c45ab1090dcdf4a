// The announcement form: a title, a text, and who receives it — an organisation's subtree, a role, or the
// holders of a role inside a subtree.

import { useEffect, useState } from "react";
import { Form, Input, Modal, Select, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";
import { notify } from "../../app/notify";
import { messageApi, type Announcement } from "../../realtime/messageApi";
import type { Role } from "../../system/roles/roleApi";

interface OrgOption {
  id: number;
  pId: number;
  value: number;
  title: string;
  isLeaf: boolean;
}

export function AnnounceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Announcement>();
  const [orgs, setOrgs] = useState<OrgOption[]>([]);
  const [roles, setRoles] = useState<Role[]>([]);
  const [saving, setSaving] = useState(false);

  const loadOrgs = async (parentId: number) => {
    try {
      const nodes = await messageApi.orgLevel(parentId);
      setOrgs((prev) => [
        ...prev,
        ...nodes.map((n) => ({ id: n.id, pId: parentId, value: n.id, title: n.orgName, isLeaf: n.leaf })),
      ]);
    } catch {
      // without the organisation list a role can still be chosen
    }
  };

  useEffect(() => {
    if (!open) return;
    setOrgs([]);
    void loadOrgs(0);
    messageApi.roles().then(setRoles, () => setRoles([]));
  }, [open]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await messageApi.announce(values);
      notify.success(t("messages.announced", { count: res.recipients }));
      form.resetFields();
      onClose();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("messages.announce")}
      okText={t("common.submit")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={t("messages.title")} rules={[{ required: true, message: t("messages.titleRequired") }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="body" label={t("messages.body")}>
          <Input.TextArea maxLength={2000} rows={4} />
        </Form.Item>
        <Form.Item name="orgId" label={t("messages.toOrg")}>
          <TreeSelect
            allowClear
            treeDataSimpleMode
            treeData={orgs}
            loadData={(node) => loadOrgs(Number(node.value))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t("messages.toRole")}
          dependencies={["orgId"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v || getFieldValue("orgId") ? Promise.resolve() : Promise.reject(new Error(t("messages.audienceRequired"))),
            }),
          ]}
        >
          <Select allowClear options={roles.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
