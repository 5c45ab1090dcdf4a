// The shared body of the two log screens (spec §2 "Login log", "Operation log"): a username search with
// Search and Reset, and a table paged by the server with size chooser, jumper and total, newest first.
// Search failures are swallowed silently (spec §8). The page is read through refine's "system" provider
// with the query logQuery builds.

import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Card, Form, Input, Space, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { FRESH } from "../queries";
import { DEFAULT_SIZE, MAX_NAME_SEARCH, PAGE_SIZES, logQuery, searchText } from "./logQuery";

export interface LogTableProps<T> {
  /** The list call, e.g. /api/system/cscpLogLoginsByCriteria. */
  path: string;
  /** The username filter's query name, e.g. userName.contains. */
  nameParam: string;
  columns: ColumnsType<T>;
}

/** LogTable lists one log. */
export function LogTable<T extends { id: number }>({ path, nameParam, columns }: LogTableProps<T>) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_SIZE);
  const { result, query } = useList<T>({
    resource: path,
    dataProviderName: SYSTEM,
    pagination: { mode: "off" },
    meta: { query: logQuery(nameParam, name, page, size) },
    // spec §8: a failed log search shows nothing
    errorNotification: false,
    queryOptions: FRESH,
  });
  const rows = result.data;
  const total = result.total ?? 0;

  const search = () => {
    const trimmed = searchText(text);
    setText(trimmed);
    setName(trimmed);
    setPage(1);
  };

  const reset = () => {
    setText("");
    setName("");
    setPage(1);
    setSize(DEFAULT_SIZE);
  };

  return (
    <Card>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={search}>
        <Form.Item label={t("system.logs.username")}>
          <Input
            allowClear
            maxLength={MAX_NAME_SEARCH}
            placeholder={t("system.logs.usernamePlaceholder")}
            aria-label={t("system.logs.username")}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t("system.logs.search")}
            </Button>
            <Button onClick={reset}>{t("common.reset")}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<T>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={{
          current: page,
          pageSize: size,
          total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (n) => t("system.logs.total", { total: n }),
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
      />
    </Card>
  );
}
