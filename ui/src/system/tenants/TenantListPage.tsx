// The platform administration's screen (route platform-tenants, docs/tenants.md): the tenants with their
// state and number of users, a form to create one (its administrator's generated password is shown once),
// and disable / enable with a confirmation. Only a platform administrator reaches it from the user menu.

import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography, message, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { createTenant, listTenants, setTenantDisabled, TENANT_CODE, type CreatedTenant, type NewTenant, type Tenant } from "./tenantApi";

export default function TenantListPage() {
  const { t } = useTranslation();
  const f = (key: string) => t(`tenants.${key}`);
  const [rows, setRows] = useState<Tenant[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedTenant | null>(null);
  const [form] = Form.useForm<NewTenant>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await listTenants());
    } catch {
      // The request showed the server's refusal.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const submit = async () => {
    let values: NewTenant;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    setSaving(true);
    try {
      const answer = await createTenant(values);
      setOpen(false);
      form.resetFields();
      setCreated(answer);
      void message.success(f("created"));
      void load();
    } catch {
      // Shown by the request (code taken, password policy, …).
    } finally {
      setSaving(false);
    }
  };

  const toggle = async (r: Tenant) => {
    try {
      await setTenantDisabled(r.id, !r.disabled);
      void message.success(f(r.disabled ? "enabledOk" : "disabledOk"));
      void load();
    } catch {
      // Shown by the request.
    }
  };

  const columns: TableColumnsType<Tenant> = [
    { title: f("id"), dataIndex: "id", width: 80 },
    { title: f("code"), dataIndex: "code" },
    { title: f("name"), dataIndex: "name" },
    { title: f("users"), dataIndex: "users", width: 100 },
    {
      title: f("state"),
      key: "state",
      render: (_v, r) => (
        <Space size={4}>
          {r.disabled ? <Tag color="red">{f("disabled")}</Tag> : <Tag color="green">{f("active")}</Tag>}
          {r.platform && <Tag color="blue">{f("platform")}</Tag>}
        </Space>
      ),
    },
    {
      title: f("actions"),
      key: "actions",
      render: (_v, r) =>
        r.platform ? null : (
          <Popconfirm title={f(r.disabled ? "enableConfirm" : "disableConfirm")} onConfirm={() => toggle(r)}>
            <Button type="link" size="small" danger={!r.disabled}>
              {f(r.disabled ? "enable" : "disable")}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title={f("title")}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {f("add")}
        </Button>
      }
    >
      <Table<Tenant> rowKey="id" loading={loading} dataSource={rows} columns={columns} pagination={false} />
      <Modal
        open={open}
        title={f("add")}
        okText={f("save")}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="code"
            label={f("code")}
            extra={f("codeHint")}
            rules={[
              { required: true, message: f("codeRequired") },
              { pattern: TENANT_CODE, message: f("codeInvalid") },
            ]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={f("name")} rules={[{ required: true, whitespace: true, message: f("nameRequired") }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="adminUsername" label={f("adminUsername")} extra={f("adminUsernameHint")}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
          <Form.Item name="adminPassword" label={f("adminPassword")} extra={f("adminPasswordHint")}>
            <Input.Password maxLength={20} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={created !== null} title={f("createdTitle")} onOk={() => setCreated(null)} onCancel={() => setCreated(null)} cancelButtonProps={{ style: { display: "none" } }}>
        {created && (
          <Space direction="vertical">
            <Typography.Text>
              {f("createdCode")} <Typography.Text code>{created.code}</Typography.Text>
            </Typography.Text>
            <Typography.Text>
              {f("createdAdmin")} <Typography.Text code>{created.adminUsername}</Typography.Text>
            </Typography.Text>
            {created.generatedPassword && (
              <Alert
                type="warning"
                showIcon
                message={
                  <span>
                    {f("createdPassword")} <Typography.Text code copyable>{created.generatedPassword}</Typography.Text>
                  </span>
                }
                description={f("createdPasswordHint")}
              />
            )}
          </Space>
        )}
      </Modal>
    </Card>
  );
}
