// Work-group list (spec §2 "Work-group list"): one search box matching name and description, the table
// (ID, name, description, operations), New, and a pager only when the total exceeds 13 (§9). The list and
// the delete go through refine's "system" provider.

import { useState } from "react";
import { useDelete, useTable, type CrudFilter } from "@refinedev/core";
import { Button, Card, Input, Popconfirm, Space, Table } from "antd";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { notify } from "../../app/notify";
import { Access } from "../../components/Access/Access";
import { FRESH, useOnFailure } from "../queries";
import { EDIT_ID_KEY, MSG, PAGE_SIZE, showPager, type WorkGroup } from "./rules";
import { WORK_GROUP_PATHS } from "./workGroupApi";

const CODES = { add: ["cscp.workGroup.add"], edit: ["cscp.workGroup.edit"], del: ["cscp.workGroup.del"] };

/** searchFilters is the search box as refine filters: name and description, OR-combined by the server. */
function searchFilters(text: string): CrudFilter[] {
  const q = text.trim();
  return q ? [{ field: "groupName", operator: "eq", value: q }, { field: "description", operator: "eq", value: q }] : [];
}

/** WorkGroupList is the workgroup-management screen. */
export default function WorkGroupList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const { tableQuery, result, currentPage: page, setCurrentPage: setPage, setFilters } = useTable<WorkGroup>({
    resource: WORK_GROUP_PATHS.list,
    dataProviderName: SYSTEM,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: "server" },
    filters: { defaultBehavior: "replace" },
    syncWithLocation: false,
    meta: { order: ["groupName", "description"] },
    errorNotification: false,
    queryOptions: FRESH,
  });
  useOnFailure(tableQuery, () => notify.error(MSG.loadFailed));
  const { mutateAsync: deleteGroup } = useDelete();
  const rows = result.data;
  const total = result.total ?? 0;

  const remove = async (id: number) => {
    try {
      await deleteGroup({
        resource: WORK_GROUP_PATHS.records,
        id,
        dataProviderName: SYSTEM,
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
      notify.success(MSG.deleted);
      if (rows.length === 1 && page > 1) setPage(page - 1);
      else await tableQuery.refetch();
    } catch {
      notify.error(MSG.deleteFailed);
    }
  };

  const edit = (id: number) => {
    sessionStorage.setItem(EDIT_ID_KEY, String(id));
    navigate("/workgroup-edit");
  };

  const create = () => {
    sessionStorage.removeItem(EDIT_ID_KEY);
    navigate("/workgroup-add");
  };

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          maxLength={100}
          style={{ width: 280 }}
          placeholder={t("system.workgroups.search")}
          aria-label={t("system.workgroups.search")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => {
            setFilters(searchFilters(value));
            setPage(1);
          }}
        />
        <Access codes={CODES.add}>
          <Button type="primary" onClick={create}>
            {t("system.workgroups.create")}
          </Button>
        </Access>
      </Space>
      <Table<WorkGroup>
        rowKey="id"
        loading={tableQuery.isFetching}
        dataSource={rows}
        pagination={
          showPager(total)
            ? { current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }
            : false
        }
        columns={[
          { title: t("system.workgroups.id"), dataIndex: "id", width: 90 },
          { title: t("system.workgroups.groupName"), dataIndex: "groupName" },
          { title: t("system.workgroups.description"), dataIndex: "description" },
          {
            title: t("common.actions"),
            key: "actions",
            width: 160,
            render: (_, row) => (
              <Space>
                <Access codes={CODES.edit}>
                  <Button type="link" size="small" onClick={() => edit(row.id)}>
                    {t("system.workgroups.edit")}
                  </Button>
                </Access>
                <Access codes={CODES.del}>
                  <Popconfirm title={t("module.deleteConfirm")} onConfirm={() => remove(row.id)}>
                    <Button type="link" size="small" danger>
                      {t("system.workgroups.delete")}
                    </Button>
                  </Popconfirm>
                </Access>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
