import { Button, Card, Descriptions, Popconfirm, Result, Space, Tag, Typography } from "antd";
import { useDelete, useOne, type BaseRecord } from "@refinedev/core";
import type { RJSFSchema } from "@rjsf/utils";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { modulePath } from "../app/routes";
import { Access } from "../components/Access/Access";
import { PageSpinner } from "../components/RouteBoundary/RouteBoundary";
import { ChildrenTable } from "./ChildrenTable";
import { DetailActions } from "./DetailActions";
import { fieldValue, RICH_WIDGETS } from "./FieldValue";
import { formatValue, labelOf, propertyFormat } from "./format";
import { labelled } from "./refLabels";
import { HistoryTimeline, historyOf } from "./HistoryTimeline";
import { ModuleGate } from "./ModuleGate";
import { codeFor, orderedProperties, propertyOf, uiOptionsOf, uiWidgetOf, type ModuleSchema } from "./moduleSchema";
import { groupBySection } from "./SectionedObjectTemplate";
import { StatusActions } from "./StatusActions";
import { WorkflowPanel } from "../workflow/WorkflowPanel";

function isChildren(schema: ModuleSchema, name: string, prop: RJSFSchema | undefined): boolean {
  if (uiWidgetOf(schema.uiSchema, name) === "children") return true;
  const items = prop?.items;
  return prop?.type === "array" && typeof items === "object" && !Array.isArray(items) && (items as RJSFSchema).type === "object";
}

function sectionsOf(schema: ModuleSchema) {
  const names = orderedProperties(schema).filter((n) => uiWidgetOf(schema.uiSchema, n) !== "hidden");
  const plain = names.filter((n) => !isChildren(schema, n, propertyOf(schema, n)));
  const children = names.filter((n) => isChildren(schema, n, propertyOf(schema, n)));
  const sectionOf = (n: string) => {
    const s = uiOptionsOf(schema.uiSchema, n).section;
    return typeof s === "string" && s ? s : undefined;
  };
  return { sections: groupBySection(plain.map((name) => ({ name })), sectionOf, schema.sections), children };
}

/** DetailFields shows a record's values in the module's sections (the detail page and the designer's preview). */
export function DetailFields({ schema, record }: { schema: ModuleSchema; record: BaseRecord }) {
  const { sections } = sectionsOf(schema);
  return (
    <>
      {sections.map(([section, items]) => (
        <Descriptions
          key={section || "_"}
          title={section || undefined}
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3 }}
          style={{ marginBottom: 16 }}
          items={items.map(({ name }) => {
            const prop = propertyOf(schema, name);
            const widget = uiWidgetOf(schema.uiSchema, name);
            const shown = RICH_WIDGETS.has(widget ?? "") ? fieldValue(widget, record[name]) : formatValue(labelled(record, name, record[name]), propertyFormat(schema, name, prop));
            return {
              key: name,
              label: prop?.title ?? name,
              span: widget === "richtext" ? "filled" : undefined,
              children: shown || <Typography.Text type="secondary">—</Typography.Text>,
            };
          })}
        />
      ))}
    </>
  );
}

/** DetailChildren shows a record's children tables, one card each. */
export function DetailChildren({ schema, record }: { schema: ModuleSchema; record: BaseRecord }) {
  const { children } = sectionsOf(schema);
  return (
    <>
      {children.map((name) => {
        const prop = propertyOf(schema, name);
        return prop ? (
          <Card key={name} title={prop.title ?? name} size="small">
            <ChildrenTable schema={schema} prop={prop} rows={record[name]} />
          </Card>
        ) : null;
      })}
    </>
  );
}

function ModuleDetail({ schema, id }: { schema: ModuleSchema; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = schema.module;
  const { result: record, query } = useOne<BaseRecord>({ resource: meta.name, id, meta: { api: meta.api }, errorNotification: false });
  const { mutate: remove } = useDelete();

  if (query.isLoading) return <PageSpinner />;
  if (!record) return <Result status="404" title={t("module.recordNotFound")} />;

  const status = meta.status;
  const statusValue: unknown = status ? record[status.field] : undefined;

  const onDelete = () =>
    remove(
      {
        resource: meta.name,
        id,
        meta: { api: meta.api },
        successNotification: () => ({ type: "success", message: t("module.deleteSuccess") }),
        errorNotification: false,
      },
      { onSuccess: () => navigate(modulePath.list(meta.name)) },
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card
        title={
          <Space>
            {meta.title}
            {status && statusValue !== undefined && statusValue !== null && (
              // role=status: a status change (an action's result) is announced by screen readers (issue 19).
              <span role="status" aria-live="polite">
                <Tag color="blue">{labelOf(Object.entries(status.values).map(([value, label]) => ({ value, label })), statusValue)}</Tag>
              </span>
            )}
          </Space>
        }
        extra={
          <Space wrap>
            {status && <StatusActions module={meta} id={id} status={statusValue} onDone={() => void query.refetch()} />}
            <Access codes={[codeFor(meta, "edit")]}>
              <Button type="primary" onClick={() => navigate(modulePath.edit(meta.name, id))}>
                {t("module.edit")}
              </Button>
            </Access>
            <Access codes={[codeFor(meta, "del")]}>
              <Popconfirm title={t("module.deleteConfirm")} onConfirm={onDelete}>
                <Button danger>{t("module.delete")}</Button>
              </Popconfirm>
            </Access>
            <DetailActions module={meta.name} record={record} />
            <Button onClick={() => navigate(modulePath.list(meta.name))}>{t("common.back")}</Button>
          </Space>
        }
      >
        <DetailFields schema={schema} record={record} />
      </Card>
      <DetailChildren schema={schema} record={record} />
      {meta.codes.submit && (
        <WorkflowPanel
          module={meta.name}
          id={id}
          submitCode={meta.codes.submit}
          statusField={status?.field}
          onChanged={() => void query.refetch()}
        />
      )}
      {status && (
        <Card title={t("module.history")} size="small">
          <HistoryTimeline status={status} history={historyOf(record.history)} />
        </Card>
      )}
    </Space>
  );
}

/** ModuleDetailPage is /m/:module/show/:id: sections, sub-records, status actions and history. */
export default function ModuleDetailPage() {
  const { module, id } = useParams();
  return (
    <ModuleGate module={module}>{(schema) => (id ? <ModuleDetail key={id} schema={schema} id={id} /> : null)}</ModuleGate>
  );
}
