// User management (spec §2 "User management", route user-management): a search box, the add button, the
// user table newest registration first, and per row edit, details (read-only edit page) and delete with
// a confirmation. The pager shows only when the total exceeds the page size (spec §9). The list and the
// delete go through refine's "system" provider (userDetailsOr: sort, page, size, then the Like filters).

import { useEffect, useState } from "react";
import { useDelete, useTable, type CrudFilter } from "@refinedev/core";
import { Button, Card, Input, Popconfirm, Space, Table, Tag, message, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Access } from "../../components/Access/Access";
import { SYSTEM } from "../../api/systemDataProvider";
import { FRESH, useOnFailure } from "../queries";
import { SEARCH_FIELDS, SEARCH_MAX, USER_PATHS, accountAction, type AccountAction, type UserDetail } from "./userApi";
import { USER_MSG } from "./userRules";

/** Spec §9: default page size 10, options 5, 10, 20, 50. */
export const USER_PAGE_SIZE = 10;
const PAGE_SIZE_OPTIONS = [5, 10, 20, 50];

/** USER_CODES are the button codes of the screen (spec §6). */
export const USER_CODES = { add: "cscp.user.add", edit: "cscp.user.edit", del: "cscp.user.del" } as const;

/** showPager says whether the pager shows: only when the total exceeds the page size. */
export const showPager = (total: number, pageSize: number) => total > pageSize;

/** searchFilters is the one search box as refine filters: every search field OR-combined (fieldLike). */
export function searchFilters(search: string): CrudFilter[] {
  const q = search.trim();
  if (!q) return [];
  return [{ operator: "or", value: SEARCH_FIELDS.map((field) => ({ field, operator: "contains" as const, value: q })) }];
}

export default function UserManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const {
    tableQuery,
    result,
    currentPage: page,
    setCurrentPage: setPage,
    pageSize,
    setPageSize,
    setFilters,
  } = useTable<UserDetail>({
    resource: USER_PATHS.list,
    dataProviderName: SYSTEM,
    pagination: { currentPage: 1, pageSize: USER_PAGE_SIZE, mode: "server" },
    sorters: { permanent: [{ field: "register_time", order: "desc" }] },
    filters: { defaultBehavior: "replace" },
    syncWithLocation: false,
    meta: { order: ["sort", "page", "size"] },
    errorNotification: false,
    queryOptions: FRESH,
  });
  const { mutateAsync: deleteUser } = useDelete();
  useOnFailure(tableQuery, () => void message.error(USER_MSG.loadFailed));
  const rows = result.data;
  const total = result.total ?? 0;

  // A page emptied by deletions elsewhere falls back to the previous one.
  const emptied = tableQuery.isSuccess && !tableQuery.isPlaceholderData && rows.length === 0 && page > 1;
  useEffect(() => {
    if (emptied) setPage(page - 1);
  }, [emptied, page, setPage]);

  const remove = async (userId: number) => {
    try {
      await deleteUser({
        resource: USER_PATHS.users,
        id: userId,
        dataProviderName: SYSTEM,
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
      void message.success(USER_MSG.deleted);
      void tableQuery.refetch();
    } catch {
      void message.error(USER_MSG.deleteFailed);
    }
  };

  const f = (key: string) => t(`system.users.${key}`);
  const hold = async (userId: number, action: AccountAction) => {
    try {
      await accountAction(userId, action);
      void message.success(f(`${action}Done`));
      void tableQuery.refetch();
    } catch {
      // The server's refusal (for example locking oneself) has been shown by the request.
    }
  };
  const holdButton = (r: UserDetail, action: AccountAction) => (
    <Popconfirm key={action} title={f(`${action}Confirm`)} onConfirm={() => hold(r.userId, action)}>
      <Button type="link" size="small" danger={action === "lock"}>
        {f(action)}
      </Button>
    </Popconfirm>
  );
  const columns: TableColumnsType<UserDetail> = [
    { title: f("index"), key: "index", width: 70, render: (_v, _r, i) => (page - 1) * pageSize + i + 1 },
    {
      title: f("username"),
      dataIndex: "username",
      key: "username",
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.locked && <Tag color="error">{f("lockedTag")}</Tag>}
          {r.totpEnabled && <Tag color="processing">{f("totpTag")}</Tag>}
        </Space>
      ),
    },
    ...(["familyName", "name", "mobile", "email", "lastLogin", "discTitle", "discDetail", "registerTime"] as const).map(
      (key) => ({ title: f(key), dataIndex: key, key, ellipsis: key === "discDetail" || key === "discTitle" }),
    ),
    {
      title: t("common.actions"),
      key: "actions",
      fixed: "right",
      width: 300,
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
          <Access codes={[USER_CODES.edit]}>
            {holdButton(r, r.locked ? "unlock" : "lock")}
            {r.totpEnabled && holdButton(r, "totpReset")}
          </Access>
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
            setFilters(searchFilters(v));
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
        loading={tableQuery.isFetching}
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
