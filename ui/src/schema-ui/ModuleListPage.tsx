import { Suspense, lazy, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type CheckboxProps,
  type FormProps,
  type PaginationProps,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
} from "antd";
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { useDelete, useDeleteMany, type BaseKey, type BaseRecord, type CrudSort } from "@refinedev/core";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../hooks/useNarrow";
import { useStages } from "../hooks/useStages";
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

/**
 * FIRST_FILTERS is how many filters the list's first part shows: a phone's first screen of them (one column),
 * two rows on a wide screen.
 */
export const FIRST_FILTERS = 8;

const NO_ROWS = { dataSource: undefined, loading: true };

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

/**
 * useStable answers a function of constant identity that calls the latest fn: the handlers given to the
 * list's memoized parts (search form, table), so that a re-render of the list that changes nothing they show
 * (a URL write, refine's breakpoint and loading-overtime state) does not re-render them.
 */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * DeleteLink is a row's delete link. Its confirmation (a Popconfirm: a trigger, its observers and the popover's and
 * tooltip's styles, in every row) mounts on the first click, open; the link is the same markup before and after.
 */
function DeleteLink({ label, title, onConfirm }: { label: string; title: string; onConfirm: () => void }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const link = (
    <Typography.Link
      type="danger"
      onClick={
        armed
          ? undefined
          : () => {
              setArmed(true);
              setOpen(true);
            }
      }
    >
      {label}
    </Typography.Link>
  );
  if (!armed) return link;
  return (
    <Popconfirm title={title} open={open} onOpenChange={setOpen} onConfirm={onConfirm}>
      {link}
    </Popconfirm>
  );
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
  // The list mounts in parts, each a task of its own (useStages): the card's title; the toolbar and the first
  // screen's filters; the other filters, the form's buttons and the table, empty; its rows. Nothing shown moves
  // when the next part comes: each goes below what is there. The table mounts before its rows because antd's
  // table renders again once mounted (its layout state): with the rows in it, that pass renders every row
  // twice.
  const stage = useStages(3);

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

  // The search form and the table are memoized parts (the list's first render had them render four times:
  // mount, refine's breakpoint state, the rows, the URL write); their handlers have constant identity.
  const removeRow = useStable(remove);
  const onTableChange = useStable<Parameters<NonNullable<TableProps<BaseRecord>["onChange"]>>, void>((p, f, s, extra) =>
    tableProps.onChange?.(total > pageSize ? p : { current: currentPage, pageSize }, f, s, extra),
  );
  const refinePagination = tableProps.pagination || undefined;
  const itemRender = useStable<Parameters<NonNullable<PaginationProps["itemRender"]>>, ReactNode>((...args) =>
    refinePagination?.itemRender ? refinePagination.itemRender(...args) : args[2],
  );
  const onFinish = useStable((values: SearchValues) => searchFormProps.onFinish?.(values));
  const searchForm = searchFormProps.form;
  const formProps = useMemo<FormProps<SearchValues>>(() => ({ form: searchForm, onFinish }), [searchForm, onFinish]);

  // Narrow screens (issue 19): the list scrolls sideways with its first column fixed; the actions column
  // scrolls with the rest (fixed on the right it would take half of a phone's width).
  const columns = useMemo<TableColumnsType<BaseRecord>>(() => {
    const [firstColumn, ...otherColumns] = dataColumns(schema, sorters);
    return [
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
                <DeleteLink label={t("module.delete")} title={t("module.deleteConfirm")} onConfirm={() => removeRow(id)} />
              </Access>
            </Space>
          );
        },
      },
    ];
  }, [schema, sorters, narrow, t, meta, removeRow]);

  // The pager shows only when there is more than one page (spec §2, §9).
  const paged = total > pageSize;
  const simplePager = refinePagination?.simple;
  const pagerPosition = refinePagination?.position?.join(" ");
  const pagination = useMemo<TableProps<BaseRecord>["pagination"]>(
    () =>
      paged
        ? {
            itemRender,
            pageSize,
            current: currentPage,
            simple: simplePager,
            position: pagerPosition?.split(" ") as TablePaginationConfig["position"],
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showQuickJumper: true,
            showTotal: (n: number) => t("module.total", { total: n }),
          }
        : false,
    // filters and sorters: the pager's links (itemRender) carry them
    [paged, itemRender, pageSize, currentPage, simplePager, pagerPosition, total, t, filters, sorters],
  );

  // The table shows its rows from the last part on, not before it is mounted (above).
  const rowsNow = useMemo(() => ({ dataSource: tableProps.dataSource, loading: tableProps.loading }), [tableProps.dataSource, tableProps.loading]);
  const shownRows = stage >= 3 ? rowsNow : NO_ROWS;
  const dataSource = shownRows.dataSource;
  const loading = shownRows.loading;
  const table = useMemo(
    () => (
      <Table<BaseRecord>
        dataSource={dataSource}
        loading={loading}
        onChange={onTableChange}
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
    ),
    [dataSource, loading, onTableChange, columns, pagination, canDelete, selected, t],
  );

  // The toolbar keeps its identity across the list's re-renders that do not change it (the rows, the URL).
  const selectedCount = selected.length;
  const deleting = deleteManyState.isPending;
  const removeSelectedStable = useStable(removeSelected);
  const exportStable = useStable(exportRows);
  const toolbar = useMemo(
    () => (
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
        {canDelete && selectedCount > 0 && (
          <Popconfirm title={t("module.batchDeleteConfirm", { count: selectedCount })} onConfirm={removeSelectedStable}>
            <Button danger icon={<DeleteOutlined />} loading={deleting}>
              {t("module.batchDelete")}
            </Button>
          </Popconfirm>
        )}
        {meta.export && (
          <Access codes={[codeFor(meta, "export")]}>
            <Button icon={<DownloadOutlined />} onClick={() => void exportStable()}>
              {t("module.export")}
            </Button>
          </Access>
        )}
        {meta.import && (
          <Access codes={[codeFor(meta, "import")]}>
            <Button
              icon={<UploadOutlined />}
              onClick={() => {
                setImportShown(true);
                setImporting(true);
              }}
            >
              {t("module.import")}
            </Button>
          </Access>
        )}
      </Space>
    ),
    [meta, canDelete, selectedCount, deleting, CreateDialog, navigate, t, removeSelectedStable, exportStable],
  );

  return (
    <Card title={meta.title} extra={stage >= 1 ? toolbar : undefined}>
      {stage >= 1 && <SearchForm schema={schema} formProps={formProps} initialValues={initialSearch} shown={stage >= 2 ? undefined : FIRST_FILTERS} />}
      {stage >= 2 && table}
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
