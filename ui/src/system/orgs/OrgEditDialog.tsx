// The organisation edit dialog (spec §2 "Organisation management", §5 "Organisation"): name (required),
// description, members (searchable users) and work groups, saved through POST /api/system/cscpOrgs/save.

import { useEffect, useState } from "react";
import { Form, Input, Modal, Select, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { notify } from "../../app/notify";
import { useUserOptions } from "../workgroups/userOptions";
import { fetchOrg, fetchWorkGroupOptions, saveOrg, type OrgEdit } from "./orgApi";
import { MSG, NAME_RULES } from "./orgRules";
import type { OrgNode } from "./orgTree";

export interface OrgEditDialogProps {
  /** The organisation being edited; null keeps the dialog closed. */
  node: OrgNode | null;
  onClose: () => void;
  /** Runs after a successful save. */
  onSaved: () => void;
}

/** OrgEditDialog edits one organisation. */
export function OrgEditDialog({ node, onClose, onSaved }: OrgEditDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrgEdit>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [groups, setGroups] = useState<{ value: number; label: string }[]>([]);
  const users = useUserOptions(MSG.loadFailed);

  useEffect(() => {
    if (!node) return;
    let live = true;
    setLoading(true);
    form.resetFields();
    Promise.all([fetchOrg(node.id), fetchWorkGroupOptions()])
      .then(([detail, options]) => {
        if (!live) return;
        setGroups(options);
        form.setFieldsValue({
          orgName: detail.orgName,
          description: detail.description,
          users: detail.users.map((u) => Number(u.userId)),
          groups: detail.groups.map((g) => Number(g.groupId)),
        });
      })
      .catch(() => live && notify.error(MSG.loadFailed))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [node, form]);

  const save = async () => {
    if (!node) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await saveOrg(node, values);
      notify.success(t("system.orgs.saved"));
      onSaved();
    } catch {
      // the global handler has shown the server's msg
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={node !== null}
      title={t("system.orgs.dialogTitle")}
      onCancel={onClose}
      onOk={save}
      okText={t("common.confirm")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      forceRender
    >
      <Spin spinning={loading}>
        <Form<OrgEdit> form={form} layout="vertical" initialValues={{ orgName: "", description: "", users: [], groups: [] }}>
          <Form.Item name="orgName" label={t("system.orgs.orgName")} required rules={NAME_RULES}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t("system.orgs.description")}>
            <Input allowClear maxLength={255} />
          </Form.Item>
          <Form.Item name="users" label={t("system.orgs.members")}>
            <Select
              mode="multiple"
              allowClear
              showSearch
              optionFilterProp="label"
              options={users}
              placeholder={t("system.orgs.searchUsers")}
            />
          </Form.Item>
          <Form.Item name="groups" label={t("system.orgs.workGroups")}>
            <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={groups} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
