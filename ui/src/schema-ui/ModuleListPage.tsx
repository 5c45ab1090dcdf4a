import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { Button, Card, Popconfirm, Space, Table, Tag, Typography, type CheckboxProps, type TableColumnsType, type TableProps } from "antd";
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { useDelete, useDeleteMany, type BaseKey, type BaseRecord, type CrudSort } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../hooks/useNarrow";
import { fromCriteria, toCriteria } from "../api/criteria";
import { download, saveDownload } from "../api/http";
import { modulePath } from "../app/routes";
import { Access } from "../components/Access/Access";
import { useAccess } from "../hooks/useAccess";
import { useReplaceSearch } from "../hooks/useReplaceSearch";
import { listCell, RICH_WIDGETS } from "./FieldValue";
import { formatValue, labelOf } from "./format";
import { ModuleGate } from "./ModuleGate";
import { labelled } from "./refLabels";
import { codeFor, enumOptions, optionsFor, propertyOf, type ListColumn, type ModuleSchema } from "./moduleSchema";
import { filtersToSearch, searchToFilters, type SearchValues } from "./searchFilters";
import { SearchForm } from "./SearchForm";
import { CREATE_DIALOGS } from "../office";
import { ROW_LINKS, TOOLBAR_LINKS } from "../party";

// The import dialog (antd's Upload, progress and the dry-run table) loads when first opened: the first list
// after signing in stays within its wire budget (e2e/specs/wire-budget.spec.mjs).
const ImportDialog = lazy(() => import("./ImportDialog").then((m) => ({ default: m.ImportDialog })));

/** Spec §9: size options 5, 10, 20, 50. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50];

function cellText(schema: ModuleSchema, c: ListColumn, value: unknown): string {
  const options = optionsFor(schema, c) ?? enumOptions(propertyOf(schema, c.name));
  return formatValue(value, { type: c.type, options, mask: c.mask });
}

/**
 * dataColumns are the list's columns of record values (the module's list fields, then its status), as the
 * list page and the designer's preview show them.
 */
export function dataColumns(schema: ModuleSchema, sorters: CrudSort[] = []): TableColumnsType<BaseRecord> {
  const status = schema.module.status;
  return schema.list.columns.map((c) => ({
    key: c.name,
    dataIndex: c.name,
    title: c.label,
    width: c.width,
    sorter: c.sortable,
    sortOrder: c.sortable ? getDefaultSortOrder(c.name, sorters) : undefined,
    render: (value: unknown, record: BaseRecord) => {
      if (status && c.name === status.field && value !== undefined && value !== null) {
        return <Tag color="blue">{labelOf(Object.entries(status.values).map(([v, l]) => ({ value: v, label: l })), value)}</Tag>;
      }
      const shown = RICH_WIDGETS.has(c.type) ? listCell(c.type, value) : cellText(schema, c, labelled(record, c.name, value));
      return shown || <Typography.Text type="secondary">—</Typography.Text>;
    },
  }));
}

function ModuleList({ schema }: { schema: ModuleSchema }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const navigate = useNavigate();
  const location = useLocation();
  const access = useAccess();
  const meta = schema.module;
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const [importing, setImporting] = useState(false);
  const [importShown, setImportShown] = useState(false);
  const [creating, setCreating] = useState(false);
  const CreateDialog = CREATE_DIALOGS[meta.name];

  // The list's state lives in the URL as criteria, so a reload, a tab or a shared link shows the same rows.
  const initial = useMemo(() => fromCriteria(new URLSearchParams(location.search)), []);
  const initialSearch = useMemo(() => filtersToSearch(schema.list.filters, initial.filters), [schema, initial]);

  const { tableProps, searchFormProps, tableQuery, filters, sorters, currentPage, pageSize } = useTable<
    BaseRecord,
    { message: string; statusCode: number },
    SearchValues
  >({
    resource: meta.name,
    meta: { api: meta.api },
    pagination: { currentPage: initial.pagination?.currentPage ?? 1, pageSize: initial.pagination?.pageSize ?? schema.list.pageSize, mode: "server" },
    sorters: { initial: initial.sorters.length ? initial.sorters : schema.list.sort },
    filters: { initial: initial.filters, defaultBehavior: "replace" },
    onSearch: (values) => searchToFilters(schema.list.filters, values),
    syncWithLocation: false,
    errorNotification: false,
  });

  // useReplaceSearch: a write from this list after the browser moved to another page must not bring it back.
  const replaceSearch = useReplaceSearch();
  useEffect(() => {
    replaceSearch(toCriteria({ filters, sorters, pagination: { currentPage, pageSize } }).toString());
  }, [filters, sorters, currentPage, pageSize, replaceSearch]);

  const { mutate: deleteOne } = useDelete();
  const { mutate: deleteMany, mutation: deleteManyState } = useDeleteMany();
  const canDelete = access.can([codeFor(meta, "del")]);
  const total = tableQuery.data?.total ?? 0;

  const remove = (id: BaseKey) =>
    deleteOne({
      resource: meta.name,
      id,
      meta: { api: meta.api },
      successNotification: () => ({ type: "success", message: t("module.deleteSuccess") }),
      errorNotification: false,
    });

  const removeSelected = () =>
    deleteMany(
      {
        resource: meta.name,
        ids: selected,
        meta: { api: meta.api },
        successNotification: () => ({ type: "success", message: t("module.deleteSuccess") }),
        errorNotification: false,
      },
      { onSuccess: () => setSelected([]) },
    );

  const exportRows = async () => {
    const query = toCriteria({ filters, sorters });
    saveDownload(await download(`${meta.api}/export`, `${meta.title}.xlsx`, { query }));
  };

  // Narrow screens (issue 19): the list scrolls sideways with its first column fixed; the actions column
  // scrolls with the rest (fixed on the right it would take half of a phone's width).
  const [firstColumn, ...otherColumns] = dataColumns(schema, sorters);
  const columns: TableColumnsType<BaseRecord> = [
    ...(firstColumn ? [{ ...firstColumn, fixed: "left" as const }, ...otherColumns] : []),
    {
      key: "__actions",
      title: t("common.actions"),
      fixed: narrow ? undefined : "right",
      width: 180,
      render: (_: unknown, record: BaseRecord) => {
        const id = record.id;
        if (id === undefined) return null;
        return (
          <Space size="small">
            <Access codes={[codeFor(meta, "view")]}>
              <Link to={modulePath.show(meta.name, id)}>{t("module.view")}</Link>
            </Access>
            {(ROW_LINKS[meta.name] ?? []).map((l) => (
              <Access key={l.label} codes={[codeFor(meta, l.code)]}>
                <Link to={l.path(id)}>{t(l.label)}</Link>
              </Access>
            ))}
            <Access codes={[codeFor(meta, "edit")]}>
              <Link to={modulePath.edit(meta.name, id)}>{t("module.edit")}</Link>
            </Access>
            <Access codes={[codeFor(meta, "del")]}>
              <Popconfirm title={t("module.deleteConfirm")} onConfirm={() => remove(id)}>
                <Typography.Link type="danger">{t("module.delete")}</Typography.Link>
              </Popconfirm>
            </Access>
          </Space>
        );
      },
    },
  ];

  // The pager shows only when there is more than one page (spec §2, §9).
  const pagination: TableProps<BaseRecord>["pagination"] =
    total > pageSize
      ? {
          ...tableProps.pagination,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showQuickJumper: true,
          showTotal: (n: number) => t("module.total", { total: n }),
        }
      : false;

  const onChange: TableProps<BaseRecord>["onChange"] = (p, f, s, extra) =>
    tableProps.onChange?.(pagination ? p : { current: currentPage, pageSize }, f, s, extra);

  return (
    <Card
      title={meta.title}
      extra={
        <Space wrap>
          {(TOOLBAR_LINKS[meta.name] ?? []).map((l) => (
            <Access key={l.label} codes={[codeFor(meta, l.code)]}>
              <Button onClick={() => navigate(l.path)}>{t(l.label)}</Button>
            </Access>
          ))}
          <Access codes={[codeFor(meta, "add")]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => (CreateDialog ? setCreating(true) : navigate(modulePath.create(meta.name)))}>
              {t("module.create")}
            </Button>
          </Access>
          {canDelete && selected.length > 0 && (
            <Popconfirm title={t("module.batchDeleteConfirm", { count: selected.length })} onConfirm={removeSelected}>
              <Button danger icon={<DeleteOutlined />} loading={deleteManyState.isPending}>
                {t("module.batchDelete")}
              </Button>
            </Popconfirm>
          )}
          {meta.export && (
            <Access codes={[codeFor(meta, "export")]}>
              <Button icon={<DownloadOutlined />} onClick={() => void exportRows()}>
                {t("module.export")}
              </Button>
            </Access>
          )}
          {meta.import && (
            <Access codes={[codeFor(meta, "import")]}>
              <Button icon={<UploadOutlined />} onClick={() => {
                  setImportShown(true);
                  setImporting(true);
                }}>
                {t("module.import")}
              </Button>
            </Access>
          )}
        </Space>
      }
    >
      <SearchForm schema={schema} formProps={searchFormProps} initialValues={initialSearch} />
      <Table<BaseRecord>
        {...tableProps}
        onChange={onChange}
        rowKey="id"
        columns={columns}
        pagination={pagination}
        scroll={{ x: "max-content" }}
        rowSelection={
          canDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map((k) => (typeof k === "bigint" ? String(k) : k))),
                getCheckboxProps: (record) => ({ "aria-label": t("a11y.selectRow", { id: String(record.id ?? "") }) }) as CheckboxProps,
              }
            : undefined
        }
      />
      {CreateDialog && creating && (
        <Suspense fallback={null}>
          <CreateDialog open onClose={() => setCreating(false)} onDone={() => void tableQuery.refetch()} />
        </Suspense>
      )}
      {meta.import && importShown && (
        <Suspense fallback={null}>
          <ImportDialog module={meta} open={importing} onClose={() => setImporting(false)} onImported={() => void tableQuery.refetch()} />
        </Suspense>
      )}
    </Card>
  );
}

/** ModuleListPage is /m/:module (or a menu route naming the module): the generic list. */
export default function ModuleListPage({ module }: { module?: string }) {
  const params = useParams();
  const name = module ?? params.module;
  return <ModuleGate module={name}>{(schema) => <ModuleList key={schema.module.name} schema={schema} />}</ModuleGate>;
}
