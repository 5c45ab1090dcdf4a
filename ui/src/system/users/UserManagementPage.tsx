// User management (spec §2 "User management", route user-management): a search box, the add button, the
// user table newest registration first, and per row edit, details (read-only edit page) and delete with
// a confirmation. The pager shows only when the total exceeds the page size (spec §9).

import { useCallback, useEffect, useState } from "react";
import { Button, Card, Input, Popconfirm, Space, Table, message, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Access } from "../../components/Access/Access";
import { deleteUser, listUsers, SEARCH_MAX, type UserDetail } from "./userApi";
import { USER_MSG } from "./userRules";

/** Spec §9: default page size 10, options 5, 10, 20, 50. */
export const USER_PAGE_SIZE = 10;
const PAGE_SIZE_OPTIONS = [5, 10, 20, 50];

/** USER_CODES are the button codes of the screen (spec §6). */
export const USER_CODES = { add: "cscp.user.add", edit: "cscp.user.edit", del: "cscp.user.del" } as const;

/** showPager says whether the pager shows: only when the total exceeds the page size. */
export const showPager = (total: number, pageSize: number) => total > pageSize;

export default function UserManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(USER_PAGE_SIZE);
  const [rows, setRows] = useState<UserDetail[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await listUsers(query, page - 1, pageSize);
      // A page emptied by deletions elsewhere falls back to the previous one.
      if (res.data.length === 0 && page > 1) return setPage(page - 1);
      setRows(res.data);
      setTotal(res.recordsTotal);
    } catch {
      void message.error(USER_MSG.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [query, page, pageSize]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (userId: number) => {
    try {
      await deleteUser(userId);
      void message.success(USER_MSG.deleted);
      void load();
    } catch {
      void message.error(USER_MSG.deleteFailed);
    }
  };

  const f = (key: string) => t(`system.users.${key}`);
  const columns: TableColumnsType<UserDetail> = [
    { title: f("index"), key: "index", width: 70, render: (_v, _r, i) => (page - 1) * pageSize + i + 1 },
    ...(["username", "familyName", "name", "mobile", "email", "lastLogin", "discTitle", "discDetail", "registerTime"] as const).map(
      (key) => ({ title: f(key), dataIndex: key, key, ellipsis: key === "discDetail" || key === "discTitle" }),
    ),
    {
      title: t("common.actions"),
      key: "actions",
      fixed: "right",
      width: 190,
      render: (_v, r) => (
        <Space size="small">
          <Access codes={[USER_CODES.edit]}>
            <Button type="link" size="small" onClick={() => navigate(`/user-edit?userId=${r.userId}`)}>
              {f("edit")}
            </Button>
          </Access>
          <Button type="link" size="small" onClick={() => navigate(`/user-edit?userId=${r.userId}&isDetail=true`)}>
            {f("detail")}
          </Button>
          <Access codes={[USER_CODES.del]}>
            <Popconfirm title={f("deleteConfirm")} onConfirm={() => remove(r.userId)}>
              <Button type="link" size="small" danger>
                {f("delete")}
              </Button>
            </Popconfirm>
          </Access>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
        <Input.Search
          allowClear
          maxLength={SEARCH_MAX}
          style={{ width: 360 }}
          placeholder={f("searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          enterButton={f("search")}
          onSearch={(v) => {
            setPage(1);
            setQuery(v.trim());
          }}
        />
        <Access codes={[USER_CODES.add]}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/user-add")}>
            {f("add")}
          </Button>
        </Access>
      </Space>
      <Table<UserDetail>
        rowKey="userId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        pagination={
          showPager(total, pageSize)
            ? {
                current: page,
                pageSize,
                total,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showSizeChanger: true,
                showQuickJumper: true,
                showTotal: (n) => t("system.users.total", { count: n }),
                onChange: (p, s) => {
                  setPage(s !== pageSize ? 1 : p);
                  setPageSize(s);
                },
              }
            : false
        }
      />
    </Card>
  );
}
