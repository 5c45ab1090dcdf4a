// The message centre: the signed-in user's messages, newest first, filtered by kind and read state; mark
// one or all read, delete; a click opens the record a message is about. Users holding message.announce
// also send announcements from here.

import { useCallback, useEffect, useState } from "react";
import { Badge, Button, Card, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { visitCodesOf } from "../../api/jwt";
import { notify } from "../../app/notify";
import { linkOf } from "../../realtime/links";
import { ANNOUNCE_CODE, MESSAGE_KINDS, messageApi, type MessageFilter } from "../../realtime/messageApi";
import type { SocketMessage } from "../../realtime/socket";
import { useMessageStore } from "../../stores/useMessageStore";
import { useSessionStore } from "../../stores/useSessionStore";
import { AnnounceDialog } from "./AnnounceDialog";

const PAGE_SIZES = [5, 10, 20, 50];

export default function MessageCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = useMessageStore((s) => s.version);
  const token = useSessionStore((s) => s.token);
  const buttonCodes = useSessionStore((s) => s.buttonCodes);
  const canAnnounce = visitCodesOf(token).includes(ANNOUNCE_CODE) || buttonCodes.includes(ANNOUNCE_CODE);
  const [filter, setFilter] = useState<MessageFilter>({ page: 0, size: 10 });
  const [rows, setRows] = useState<SocketMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [announcing, setAnnouncing] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await messageApi.list(filter);
      setRows(res.data);
      setTotal(res.recordsTotal);
    } catch {
      // the client has shown the failure
    } finally {
      setLoading(false);
    }
  }, [filter]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const changed = async () => {
    useMessageStore.getState().unreadLoaded(await messageApi.unreadCount());
    await load();
  };
  const markRead = async (m: SocketMessage) => {
    if (!m.readAt) await messageApi.read(m.id);
    await changed();
  };
  const open = async (m: SocketMessage) => {
    await markRead(m);
    const link = linkOf(m);
    if (link) navigate(link);
  };
  const readAll = async () => {
    await messageApi.readAll();
    notify.success(t("messages.allRead"));
    await changed();
  };
  const remove = async (m: SocketMessage) => {
    await messageApi.remove(m.id);
    notify.success(t("module.deleteSuccess"));
    await changed();
  };

  const columns: ColumnsType<SocketMessage> = [
    {
      title: t("messages.title"),
      dataIndex: "title",
      render: (_: string, m) => (
        <Space>
          <Badge status={m.readAt ? "default" : "processing"} />
          <Typography.Link strong={!m.readAt} onClick={() => void open(m)}>
            {m.title}
          </Typography.Link>
        </Space>
      ),
    },
    { title: t("messages.body"), dataIndex: "body", ellipsis: true },
    { title: t("messages.kind"), dataIndex: "kind", width: 110, render: (k: string) => <Tag>{t(`messages.kinds.${k}`)}</Tag> },
    { title: t("messages.createdAt"), dataIndex: "createdAt", width: 180 },
    {
      title: t("common.actions"),
      key: "actions",
      width: 170,
      render: (_: unknown, m) => (
        <Space>
          {!m.readAt && (
            <Button size="small" type="link" onClick={() => void markRead(m)}>
              {t("messages.markRead")}
            </Button>
          )}
          <Popconfirm title={t("messages.deleteConfirm")} onConfirm={() => void remove(m)}>
            <Button size="small" type="link" danger>
              {t("messages.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t("messages.center")}
      extra={
        <Space>
          {canAnnounce && <Button onClick={() => setAnnouncing(true)}>{t("messages.announce")}</Button>}
          <Button type="primary" onClick={() => void readAll()}>
            {t("messages.readAll")}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={t("messages.kind")}
          placeholder={t("messages.kind")}
          style={{ width: 140 }}
          value={filter.kind}
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`messages.kinds.${k}`) }))}
          onChange={(kind?: string) => setFilter((f) => ({ ...f, kind, page: 0 }))}
        />
        <Select
          allowClear
          aria-label={t("messages.readState")}
          placeholder={t("messages.readState")}
          style={{ width: 120 }}
          value={filter.read}
          options={[
            { value: "unread", label: t("messages.unread") },
            { value: "read", label: t("messages.read") },
          ]}
          onChange={(read?: "read" | "unread") => setFilter((f) => ({ ...f, read, page: 0 }))}
        />
      </Space>
      <Table<SocketMessage>
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          current: filter.page + 1,
          pageSize: filter.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showQuickJumper: true,
          showTotal: (n) => t("system.logs.total", { total: n }),
          onChange: (page, size) => setFilter((f) => ({ ...f, page: page - 1, size })),
        }}
      />
      <AnnounceDialog open={announcing} onClose={() => setAnnouncing(false)} />
    </Card>
  );
}
