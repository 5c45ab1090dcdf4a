// Work-group editor (spec §2 "Work-group edit", §4, §5, §8): name, description, hidden id and orgId, a
// searchable multi-select of members; Submit (create without id, update with id; disabled during the
// call, enabled again on failure), Reset and Back. The edited id comes from session storage, not the URL;
// on success the tab closes and the list opens. The group is read and saved through refine's "system"
// provider.

import { useEffect, useMemo, useState } from "react";
import { useCreate, useOne, useUpdate } from "@refinedev/core";
import { Button, Card, Form, Input, Select, Space, Spin } from "antd";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { notify } from "../../app/notify";
import { useTabsStore } from "../../stores/useTabsStore";
import { FRESH, useOnFailure } from "../queries";
import { useUserOptions } from "./userOptions";
import { WORK_GROUP_PATHS } from "./workGroupApi";
import { EDIT_ID_KEY, FORM_RULES, MAX_DESC, MAX_NAME, MSG, toForm, toPayload, type WorkGroup, type WorkGroupForm } from "./rules";

const LIST_PATH = "/workgroup-management";
const EMPTY: WorkGroupForm = { groupName: "", description: "", users: [] };

/** WorkGroupEdit is the workgroup-add and workgroup-edit screen. */
export default function WorkGroupEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabClosed = useTabsStore((s) => s.tabClosed);
  const [form] = Form.useForm<WorkGroupForm>();
  const [submitting, setSubmitting] = useState(false);
  const users = useUserOptions(MSG.loadFailed);
  const editId = pathname === "/workgroup-edit" ? sessionStorage.getItem(EDIT_ID_KEY) : null;

  const { result: group, query } = useOne<WorkGroup>({
    resource: WORK_GROUP_PATHS.records,
    id: editId ?? "",
    dataProviderName: SYSTEM,
    errorNotification: false,
    queryOptions: { ...FRESH, enabled: !!editId, placeholderData: undefined },
  });
  useOnFailure(query, () => notify.error(MSG.loadFailed));
  const loaded = editId && query.isSuccess ? group : undefined;
  const initial = useMemo(() => (loaded ? toForm(loaded) : EMPTY), [loaded]);
  // The form shows what was read (or an empty form for a new group).
  useEffect(() => form.setFieldsValue(initial), [initial, form]);
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();

  const close = () => {
    tabClosed(pathname);
    navigate(LIST_PATH);
  };

  const submit = async (values: WorkGroupForm) => {
    const id = values.id ?? initial.id;
    setSubmitting(true);
    try {
      const save = {
        resource: WORK_GROUP_PATHS.records,
        values: toPayload({ ...values, id, orgId: values.orgId ?? initial.orgId }),
        dataProviderName: SYSTEM,
        invalidates: [],
        successNotification: false as const,
        errorNotification: false as const,
      };
      await (id ? update({ ...save, id }) : create(save));
      notify.success(id ? MSG.updated : MSG.created);
      sessionStorage.removeItem(EDIT_ID_KEY);
      close();
    } catch {
      notify.error(id ? MSG.updateFailed : MSG.createFailed);
      setSubmitting(false);
    }
  };

  return (
    <Card>
      <Spin spinning={query.isFetching}>
        <Form<WorkGroupForm>
          form={form}
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 14 }}
          initialValues={EMPTY}
          onFinish={submit}
        >
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="orgId" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="groupName" label={t("system.workgroups.groupName")} required rules={FORM_RULES.groupName}>
            <Input allowClear maxLength={MAX_NAME} placeholder={t("system.workgroups.groupNamePlaceholder")} />
          </Form.Item>
          <Form.Item name="description" label={t("system.workgroups.description")} required rules={FORM_RULES.description}>
            <Input.TextArea maxLength={MAX_DESC} rows={3} placeholder={t("system.workgroups.descriptionPlaceholder")} />
          </Form.Item>
          <Form.Item name="users" label={t("system.workgroups.members")} required rules={FORM_RULES.users}>
            <Select
              mode="multiple"
              allowClear
              showSearch
              optionFilterProp="label"
              options={users}
              placeholder={t("system.workgroups.membersPlaceholder")}
            />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 4, span: 14 }}>
            <Space>
              <Button type="primary" htmlType="submit" disabled={submitting} loading={submitting}>
                {t("common.submit")}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  form.setFieldsValue(initial);
                }}
                disabled={submitting}
              >
                {t("common.reset")}
              </Button>
              <Button onClick={close}>{t("common.back")}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
