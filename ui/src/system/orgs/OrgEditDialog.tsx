// The organisation edit dialog (spec §2 "Organisation management", §5 "Organisation"): name (required),
// description, members (searchable users) and work groups, saved through POST /api/system/cscpOrgs/save.
// The organisation and the work groups are read, and the save made, through refine's "system" provider.

import { useEffect } from "react";
import { useCustomMutation, useList, useOne } from "@refinedev/core";
import { Form, Input, Modal, Select, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { notify } from "../../app/notify";
import { useUserOptions } from "../workgroups/userOptions";
import { FRESH, useOnFailure } from "../queries";
import { ORG_PATHS, saveBody, WORK_GROUP_PICK_SIZE, type OrgDetail, type OrgEdit } from "./orgApi";
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
  const users = useUserOptions(MSG.loadFailed);
  const open = node !== null;
  const fresh = { ...FRESH, enabled: open, placeholderData: undefined };
  const detail = useOne<OrgDetail>({ resource: ORG_PATHS.records, id: node?.id ?? 0, dataProviderName: SYSTEM, errorNotification: false, queryOptions: fresh });
  const groupList = useList<{ id: number; groupName: string }>({
    resource: ORG_PATHS.workGroups,
    dataProviderName: SYSTEM,
    pagination: { currentPage: 1, pageSize: WORK_GROUP_PICK_SIZE, mode: "server" },
    errorNotification: false,
    queryOptions: fresh,
  });
  const reads = [detail.query, groupList.query];
  useOnFailure({ isError: reads.some((q) => q.isError), errorUpdatedAt: Math.max(...reads.map((q) => q.errorUpdatedAt)) }, () =>
    notify.error(MSG.loadFailed),
  );
  const loading = reads.some((q) => q.isFetching);
  const groups = groupList.query.isSuccess ? groupList.result.data.map((g) => ({ value: g.id, label: g.groupName })) : [];
  const { mutateAsync: saveOrg, mutation } = useCustomMutation();
  const saving = mutation.isPending;

  // An opened dialog starts empty and shows the organisation once both reads are in.
  useEffect(() => {
    if (node) form.resetFields();
  }, [node, form]);
  const loaded = open && detail.query.isSuccess && groupList.query.isSuccess ? detail.result : undefined;
  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue({
      orgName: loaded.orgName,
      description: loaded.description,
      users: loaded.users.map((u) => Number(u.userId)),
      groups: loaded.groups.map((g) => Number(g.groupId)),
    });
  }, [loaded, form]);

  const save = async () => {
    if (!node) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await saveOrg({
        url: ORG_PATHS.save,
        method: "post",
        values: saveBody(node, values),
        // a refusal shows the server's msg through the global handler
        meta: { silent: false },
        dataProviderName: SYSTEM,
        successNotification: false,
        errorNotification: false,
      });
      notify.success(t("system.orgs.saved"));
      onSaved();
    } catch {
      // the global handler has shown the server's msg
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
