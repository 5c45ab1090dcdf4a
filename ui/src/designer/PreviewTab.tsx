// The live preview: the real generic form, list columns and detail of ui/src/schema-ui, rendered from the
// model in memory (describe.ts) with no server round trip. The list and detail show the values last
// submitted in the preview form.

import { useMemo, useState } from "react";
import { Card, Segmented, Table, message } from "antd";
import type { BaseRecord } from "@refinedev/core";
import { text } from "./texts";
import { ModuleForm } from "../schema-ui/ModuleFormPage";
import { dataColumns } from "../schema-ui/ModuleListPage";
import { DetailChildren, DetailFields } from "../schema-ui/ModuleDetailPage";
import { describe, type Dicts } from "./describe";
import type { ModuleDoc } from "./model";

export function PreviewTab({ model, dicts }: { model: ModuleDoc; dicts: Dicts }) {
  const schema = useMemo(() => describe(model, dicts, { status: text("designer.statusTab"), workflowValues: {} }), [model, dicts]);
  const [view, setView] = useState<"form" | "list" | "detail">("form");
  const [record, setRecord] = useState<BaseRecord>({ id: 1 });
  const rows = useMemo(() => [{ ...record, id: 1, [schema.module.status?.field ?? "_"]: schema.module.status?.initial !== undefined ? Number(schema.module.status.initial) : undefined }], [record, schema]);
  return (
    <div data-testid="preview-tab">
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => setView(v as typeof view)}
        options={[
          { value: "form", label: text("designer.previewTab.form") },
          { value: "list", label: text("designer.previewTab.list") },
          { value: "detail", label: text("designer.previewTab.detail") },
        ]}
      />
      {view === "form" && (
        <ModuleForm
          key={model.name}
          schema={schema}
          onPreview={(values) => {
            setRecord({ ...values, id: 1 });
            void message.success(text("designer.preview"));
            setView("detail");
          }}
        />
      )}
      {view === "list" && (
        <Card title={model.title}>
          <Table<BaseRecord> rowKey="id" columns={dataColumns(schema)} dataSource={rows} pagination={false} scroll={{ x: "max-content" }} />
        </Card>
      )}
      {view === "detail" && (
        <Card title={model.title}>
          <DetailFields schema={schema} record={rows[0]} />
          <DetailChildren schema={schema} record={rows[0]} />
        </Card>
      )}
    </div>
  );
}
