// Work-group editor (spec §2 "Work-group edit", §4, §5, §8): name, description, hidden id and orgId, a
// searchable multi-select of members; Submit (create without id, update with id; disabled during the
// call, enabled again on failure), Reset and Back. The edited id comes from session storage, not the URL;
// on success the tab closes and the list opens.

import { useEffect, useState } from "react";
import { Button, Card, Form, Input, Select, Space, Spin } from "antd";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { request } from "../../api/http";
import { notify } from "../../app/notify";
import { useTabsStore } from "../../stores/useTabsStore";
import { useUserOptions } from "./userOptions";
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
  const [initial, setInitial] = useState<WorkGroupForm>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const users = useUserOptions(MSG.loadFailed);
  const editId = pathname === "/workgroup-edit" ? sessionStorage.getItem(EDIT_ID_KEY) : null;

  useEffect(() => {
    if (!editId) {
      setInitial(EMPTY);
      form.setFieldsValue(EMPTY);
      return;
    }
    let live = true;
    setLoading(true);
    request<WorkGroup>(`/api/system/cscpWorkGroups/${encodeURIComponent(editId)}`, { silent: true })
      .then((g) => {
        if (!live) return;
        setInitial(toForm(g));
        form.setFieldsValue(toForm(g));
      })
      .catch(() => live && notify.error(MSG.loadFailed))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [editId, form]);

  const close = () => {
    tabClosed(pathname);
    navigate(LIST_PATH);
  };

  const submit = async (values: WorkGroupForm) => {
    const id = values.id ?? initial.id;
    setSubmitting(true);
    try {
      await request("/api/system/cscpWorkGroups", {
        method: id ? "PUT" : "POST",
        body: toPayload({ ...values, id, orgId: values.orgId ?? initial.orgId }),
        silent: true,
      });
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
      <Spin spinning={loading}>
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
