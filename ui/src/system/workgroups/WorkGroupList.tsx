// Work-group list (spec §2 "Work-group list"): one search box matching name and description, the table
// (ID, name, description, operations), New, and a pager only when the total exceeds 13 (§9).

import { useCallback, useEffect, useState } from "react";
import { Button, Card, Input, Popconfirm, Space, Table } from "antd";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { request } from "../../api/http";
import { notify } from "../../app/notify";
import { Access } from "../../components/Access/Access";
import { EDIT_ID_KEY, MSG, PAGE_SIZE, showPager, type WorkGroup } from "./rules";

const CODES = { add: ["cscp.workGroup.add"], edit: ["cscp.workGroup.edit"], del: ["cscp.workGroup.del"] };

/** WorkGroupList is the workgroup-management screen. */
export default function WorkGroupList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<WorkGroup[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const q = query.trim();
      const res = await request<{ data: WorkGroup[]; recordsTotal: number }>("/api/system/cscpWorkGroupsOr", {
        query: { groupName: q, description: q, page: page - 1, size: PAGE_SIZE },
        silent: true,
      });
      setRows(res.data);
      setTotal(res.recordsTotal);
    } catch {
      notify.error(MSG.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [query, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (id: number) => {
    try {
      await request(`/api/system/cscpWorkGroups/${id}`, { method: "DELETE", silent: true });
      notify.success(MSG.deleted);
      if (rows.length === 1 && page > 1) setPage(page - 1);
      else await load();
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
            setQuery(value);
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
        loading={loading}
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
