// /form-design: the form designer. Pick a module (file modules read-only, copy as new), build it on the
// canvas, check it in the YAML tab, see it in the preview, save the draft, publish with the plan, roll back.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Card, Col, Empty, Form, Input, Modal, Row, Select, Space, Tabs, Tag, Tooltip, Typography, message } from "antd";
import { ArrowLeftOutlined, CopyOutlined, DownloadOutlined, HistoryOutlined, PlusOutlined, RocketOutlined, SaveOutlined, UploadOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { fetchSession } from "../api/authApi";
import { PageSpinner } from "../components/RouteBoundary/RouteBoundary";
import { ApiError } from "../api/errors";
import { ensureDesignerTexts, text } from "./texts";
import { useSessionStore } from "../stores/useSessionStore";
import { designerApi, type DesignerOptions, type ModuleEntry, type ModuleRead, type PublishAnswer } from "./api";
import { BoxView, Canvas, createBox, DesignDnd, Palette, type Drop } from "./Canvas";
import { checkModule } from "./checks";
import { FieldPanel } from "./FieldPanel";
import { ModulePanel } from "./ModulePanel";
import {
  emptyModule,
  findField,
  insertField,
  moveField,
  newField,
  parentOf,
  removeField,
  stepField,
  takenNames,
  updateField,
  originsOf,
  renamesOf,
  type FieldDoc,
  type ModuleDoc,
} from "./model";
import { typeLabel, type PaletteItem } from "./palette";
import { PreviewTab } from "./PreviewTab";
import { usePreviewDicts } from "./previewDicts";
import { PublishDialog } from "./PublishDialog";
import { StatusPanel, WorkflowPanel } from "./StatusPanel";
import { VersionsDrawer } from "./VersionsDrawer";
import { YamlTab } from "./YamlTab";
import { fromYaml, toYaml } from "./yamlio";

/** Current is the module open in the designer. */
interface Current {
  name: string;
  source: "file" | "designer";
  readOnly: boolean;
  /** The server has it (a draft was created); a new module exists only here until its first save. */
  exists: boolean;
  state?: string;
  publishedVersion?: number;
}

const NO_SECTIONS: NonNullable<ModuleDoc["sections"]> = [];

const errorText = (e: unknown) => (e instanceof ApiError ? e.serverMessage || e.message : e instanceof Error ? e.message : String(e));

function NewModuleDialog({ title, initial, onOk, onCancel }: { title: string; initial: ModuleDoc; onOk: (v: Pick<ModuleDoc, "name" | "title" | "api" | "permission">) => void; onCancel: () => void }) {
  const [form] = Form.useForm<Pick<ModuleDoc, "name" | "title" | "api" | "permission">>();
  return (
    <Modal open title={title} onOk={() => void form.validateFields().then(onOk)} onCancel={onCancel} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: initial.name, title: initial.title, api: initial.api, permission: initial.permission }}
        onValuesChange={(changed: { name?: string }) => {
          if (changed.name !== undefined) form.setFieldsValue({ api: `/designer/${changed.name}s`, permission: `designer.${changed.name}` });
        }}
      >
        <Form.Item name="name" label={text("designer.settings.name")} rules={[{ required: true, pattern: /^[a-z][A-Za-z0-9]*$/, message: text("designer.check.nameFormat") }]}>
          <Input aria-label={text("designer.settings.name")} />
        </Form.Item>
        <Form.Item name="title" label={text("designer.settings.title")} rules={[{ required: true, message: text("designer.check.titleRequired") }]}>
          <Input aria-label={text("designer.settings.title")} />
        </Form.Item>
        <Form.Item name="api" label={text("designer.settings.api")} rules={[{ required: true, pattern: /^(\/[A-Za-z0-9_-]+)+$/, message: text("designer.check.api") }]}>
          <Input aria-label={text("designer.settings.api")} />
        </Form.Item>
        <Form.Item name="permission" label={text("designer.settings.permission")} rules={[{ required: true, message: text("designer.check.permission") }]}>
          <Input aria-label={text("designer.settings.permission")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Designer() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessionLoaded = useSessionStore((s) => s.sessionLoaded);
  // Designer modules serve every tenant: only a platform administrator changes them (docs/designer.md, Tenancy);
  // anyone else with the designer's code views, previews and exports.
  const platform = useSessionStore((s) => s.user?.platformAdmin === true);
  const [options, setOptions] = useState<DesignerOptions>();
  const [entries, setEntries] = useState<ModuleEntry[]>([]);
  const [current, setCurrent] = useState<Current | null>(null);
  const [model, setModel] = useState<ModuleDoc>(() => emptyModule());
  const [saved, setSaved] = useState<ModuleDoc | null>(null);
  const [base, setBase] = useState<{ model: ModuleDoc; yaml: string } | undefined>();
  const [origins, setOrigins] = useState<Map<string, string>>(new Map());
  const [serverProblems, setServerProblems] = useState<ModuleRead["problems"]>([]);
  const [selected, setSelected] = useState<string>();
  const [tab, setTab] = useState("design");
  const [side, setSide] = useState("field");
  const [publishing, setPublishing] = useState<{ version?: number } | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [revision, setRevision] = useState(0);
  const [dialog, setDialog] = useState<null | { copyOf?: string }>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const readOnly = !platform || !current || current.readOnly;
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;
  const modelRef = useRef(model);
  modelRef.current = model;
  const getModel = useCallback(() => modelRef.current, []);
  // The design view (palette, canvas, properties) reaches its place through a Box, past the tabs and the drag
  // context, which then do not re-render when the model changes (Canvas.tsx, Box).
  const [designBox] = useState(() => createBox<ReactNode>(null));

  const loadEntries = useCallback(async () => {
    try {
      setEntries(await designerApi.modules());
    } catch (e) {
      void message.error(text("designer.loadFailed", { message: errorText(e) }));
    }
  }, [message]);

  useEffect(() => {
    void loadEntries();
    designerApi.options().then(setOptions, () => undefined);
  }, [loadEntries]);

  const show = useCallback((read: ModuleRead) => {
    let m = read.model;
    if (!m) m = fromYaml(read.yaml).model ?? emptyModule(read.name);
    setModel(m);
    setSaved(m);
    setBase({ model: m, yaml: read.yaml });
    setOrigins(originsOf(m, read.renames));
    setServerProblems(read.problems);
    setSelected(undefined);
    setCurrent({ name: read.name, source: read.source, readOnly: read.readOnly, exists: true, state: read.state, publishedVersion: read.publishedVersion });
    if (!read.model) setTab("yaml");
  }, []);

  const open = useCallback(
    async (name: string) => {
      try {
        show(await designerApi.read(name));
      } catch (e) {
        void message.error(text("designer.loadFailed", { message: errorText(e) }));
      }
    },
    [message, show],
  );

  const change = useCallback((fn: (m: ModuleDoc) => ModuleDoc) => {
    if (!readOnlyRef.current) setModel(fn);
  }, []);
  const changeField = useCallback((uid: string, fn: (f: FieldDoc) => FieldDoc) => change((m) => updateField(m, uid, fn)), [change]);
  const onStep = useCallback((uid: string, delta: -1 | 1) => change((m) => stepField(m, uid, delta)), [change]);
  const onRemove = useCallback(
    (uid: string) => {
      change((m) => removeField(m, uid));
      setSelected((s) => (s === uid ? undefined : s));
    },
    [change],
  );
  const onSelect = useCallback((uid: string) => {
    setSelected(uid);
    setSide("field");
  }, []);

  const create = useCallback(
    (item: PaletteItem, section: string, index: number) => {
      if (readOnlyRef.current) return;
      const m = modelRef.current;
      const f = newField(item.type, typeLabel(item.key), takenNames(m), {
        option: text("designer.types.enumInline"),
        column: text("designer.types.string"),
      });
      const created = item.preset ? item.preset(f, options?.dicts[0]?.type) : f;
      const next = insertField(m, created, section, index);
      modelRef.current = next;
      setModel(next);
      onSelect(created.uid);
    },
    [options, onSelect],
  );

  const onDrop = useCallback(
    (d: Drop) => {
      if (d.kind === "new") create(d.item, d.section, d.index);
      else change((m) => moveField(m, d.uid, d.section, d.index));
    },
    [create, change],
  );
  const onAdd = useCallback((item: PaletteItem) => create(item, "", Number.MAX_SAFE_INTEGER), [create]);

  const problems = useMemo(() => checkModule(model), [model]);
  const problemsByUid = useMemo(() => {
    const out = new Map<string, number>();
    for (const p of problems) if (p.uid) out.set(p.uid, (out.get(p.uid) ?? 0) + 1);
    return out;
  }, [problems]);
  const dirty = saved !== model;
  // The preview's dictionary enums show their items (loaded once per dictionary the model names).
  const dicts = usePreviewDicts(model);

  const selectedField = findField(model, selected);
  const parent = selected ? parentOf(model, selected) : undefined;

  const save = async (): Promise<boolean> => {
    if (!current || current.readOnly) return false;
    setBusy(true);
    try {
      const renames = renamesOf(model, origins);
      const typed = base && base.model === model && base.yaml ? { yaml: base.yaml } : { model };
      const read = current.exists ? await designerApi.save(current.name, { ...typed, renames }) : await designerApi.create(typed);
      setSaved(model);
      setBase({ model, yaml: read.yaml });
      setServerProblems(read.problems);
      setCurrent((c) => (c ? { ...c, name: read.name, exists: true, state: read.state } : c));
      void message.success(text("designer.saved"));
      void loadEntries();
      return true;
    } catch (e) {
      void message.error(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const afterPublish = async (answer: PublishAnswer, name: string, rollback: boolean) => {
    setPublishing(null);
    void message.success(rollback && answer.version ? text("designer.versionList.rolledBack", { version: answer.version }) : text("designer.publishDialog.done", { version: answer.version }));
    setRevision((r) => r + 1);
    try {
      const session = await fetchSession();
      sessionLoaded(session.menus, session.modules);
    } catch {
      // The menus come back on the next load.
    }
    await queryClient.invalidateQueries({ queryKey: ["module-schema"] });
    await loadEntries();
    await open(name);
  };

  const publish = async () => {
    if (!current) return;
    if ((dirty || !current.exists) && !(await save())) return;
    setPublishing({});
  };

  const exportYaml = async () => {
    if (current?.exists && !dirty) {
      try {
        await designerApi.exportYaml(current.name);
        return;
      } catch {
        // Fall back to the text of the canvas.
      }
    }
    const blob = new Blob([base && base.model === model ? base.yaml : toYaml(model)], { type: "application/yaml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${model.name}.yaml`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const importYaml = async (file: File) => {
    try {
      const read = await designerApi.importYaml(await file.text());
      show(read);
      void loadEntries();
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const moduleOptions = [
    { label: text("designer.dbModule"), options: entries.filter((e) => e.source === "designer").map((e) => ({ value: e.name, label: `${e.title} (${e.name})`, state: e.state })) },
    { label: text("designer.fileModule"), options: entries.filter((e) => e.source === "file").map((e) => ({ value: e.name, label: `${e.title} (${e.name})` })) },
  ];

  const sidePanel = (
    <Tabs
      activeKey={side}
      onChange={setSide}
      size="small"
      items={[
        {
          key: "field",
          label: text("designer.properties"),
          children: selectedField ? (
            <>
              {parent && (
                <Button type="link" size="small" onClick={() => setSelected(parent.uid)}>
                  ← {parent.label}
                </Button>
              )}
              <FieldPanel
                key={selectedField.uid}
                field={selectedField}
                siblings={parent ? (parent.fields ?? []) : model.fields}
                extraTaken={parent ? [] : takenNames(model, [])}
                child={!!parent}
                sections={model.sections ?? NO_SECTIONS}
                options={options}
                readOnly={readOnly}
                onChange={changeField}
                onSelect={onSelect}
              />
            </>
          ) : (
            <Empty description={text("designer.selectField")} />
          ),
        },
        { key: "module", label: text("designer.moduleSettings"), children: <ModulePanel model={model} problems={problems} options={options} readOnly={readOnly} nameFixed={!!current?.exists} onChange={change} /> },
        { key: "status", label: text("designer.statusTab"), children: <StatusPanel model={model} problems={problems} readOnly={readOnly} onChange={change} /> },
        { key: "workflow", label: text("designer.workflowTab"), children: <WorkflowPanel model={model} problems={problems} readOnly={readOnly} onChange={change} /> },
      ]}
    />
  );

  const designBody = (
    <Row gutter={12}>
      <Col span={4}>
        <Palette onAdd={onAdd} disabled={readOnly} />
      </Col>
      <Col span={11}>
        <Canvas model={model} selected={selected} problemsByUid={problemsByUid} readOnly={readOnly} onSelect={onSelect} onStep={onStep} onRemove={onRemove} />
      </Col>
      <Col span={9}>
        <Card size="small" styles={{ body: { maxHeight: "75vh", overflow: "auto" } }}>
          {sidePanel}
        </Card>
      </Col>
    </Row>
  );
  useLayoutEffect(() => designBox.set(designBody));
  const designView = useMemo(
    () => (
      <DesignDnd getModel={getModel} onDrop={onDrop}>
        <BoxView box={designBox} />
      </DesignDnd>
    ),
    [getModel, onDrop, designBox],
  );
  // Only the open tab's content is made (the tabs destroy the hidden ones anyway): the tabs then keep their
  // element, and do not re-render, while the model changes under the design view.
  const yamlView =
    tab === "yaml" ? (
      <YamlTab
        model={model}
        base={base}
        readOnly={readOnly}
        onModel={(m, yaml) => {
          setModel(m);
          setBase({ model: m, yaml });
        }}
      />
    ) : null;
  const previewView = tab === "preview" ? <PreviewTab model={model} dicts={dicts} /> : null;
  const tabs = useMemo(
    () => (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: "design",
            label: text("designer.design"),
            children: designView,
          },
          {
            key: "yaml",
            label: (
              <Badge count={problems.length} size="small" offset={[8, 0]}>
                {text("designer.yaml")}
              </Badge>
            ),
            children: yamlView,
          },
          { key: "preview", label: text("designer.preview"), children: previewView },
        ]}
      />
    ),
    [tab, problems.length, designView, yamlView, previewView],
  );

  return (
    <Card
      title={text("designer.title")}
      data-testid="designer"
      extra={
        <Space wrap>
          <Select
            aria-label={text("designer.modules")}
            showSearch
            optionFilterProp="label"
            style={{ width: 260 }}
            placeholder={text("designer.modules")}
            value={current?.exists ? current.name : undefined}
            onChange={(name: string) => void open(name)}
            options={moduleOptions}
          />
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("/workbench")}>
            {text("common.back")}
          </Button>
          {platform && (
            <Button icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {text("designer.newModule")}
            </Button>
          )}
          {platform && current?.readOnly && (
            <Button icon={<CopyOutlined />} onClick={() => setDialog({ copyOf: current.name })}>
              {text("designer.copyAsNew")}
            </Button>
          )}
          {platform && (
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
              {text("designer.importYaml")}
            </Button>
          )}
          <input
            ref={fileInput}
            type="file"
            accept=".yaml,.yml"
            hidden
            data-testid="import-yaml"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importYaml(file);
              e.target.value = "";
            }}
          />
          <Button icon={<DownloadOutlined />} disabled={!current} onClick={() => void exportYaml()}>
            {text("designer.exportYaml")}
          </Button>
          <Button icon={<HistoryOutlined />} disabled={!current?.exists || current.readOnly} onClick={() => setVersionsOpen(true)}>
            {text("designer.versions")}
          </Button>
          <Badge dot={dirty && !readOnly}>
            <Button icon={<SaveOutlined />} disabled={readOnly} loading={busy} onClick={() => void save()}>
              {text("designer.saveDraft")}
            </Button>
          </Badge>
          <Tooltip title={problems.length ? text("designer.problems", { count: problems.length }) : undefined}>
            <Button type="primary" icon={<RocketOutlined />} disabled={readOnly || problems.length > 0} loading={busy} onClick={() => void publish()}>
              {text("designer.publish")}
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {current && (
        <Space style={{ marginBottom: 8 }} wrap>
          <Typography.Text strong>{model.title || model.name}</Typography.Text>
          <Typography.Text code>{current.name}</Typography.Text>
          <Tag color={current.source === "file" ? "default" : "blue"}>{current.source === "file" ? text("designer.fileModule") : text("designer.dbModule")}</Tag>
          {current.state && <Tag data-testid="module-state">{current.state}</Tag>}
          {current.publishedVersion ? <Tag color="green">v{current.publishedVersion}</Tag> : null}
          {dirty && !readOnly && <Tag color="orange">{text("designer.unsaved")}</Tag>}
          {problems.length > 0 && <Tag color="red">{text("designer.problems", { count: problems.length })}</Tag>}
        </Space>
      )}
      {!platform && <Alert type="info" showIcon message={text("designer.platformOnly")} style={{ marginBottom: 8 }} />}
      {platform && current?.readOnly && <Alert type="info" showIcon message={text("designer.readOnlyFile")} style={{ marginBottom: 8 }} />}
      {serverProblems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={serverProblems.map((p) => `${p.line ? text("designer.yamlTab.line", { line: p.line }) + " " : ""}${p.field ?? ""} ${p.problem}`).join("；")}
        />
      )}
      {!current ? <Empty description={text("designer.modules")} /> : tabs}
      {dialog && (
        <NewModuleDialog
          title={dialog.copyOf ? text("designer.copyAsNew") : text("designer.newModule")}
          initial={dialog.copyOf ? { ...emptyModule(`${dialog.copyOf}Copy`), title: model.title } : emptyModule()}
          onCancel={() => setDialog(null)}
          onOk={(v) => {
            const copyOf = dialog.copyOf;
            setDialog(null);
            if (copyOf) {
              designerApi.copy(copyOf, v).then(
                (read) => {
                  show(read);
                  void loadEntries();
                },
                (e: unknown) => void message.error(errorText(e)),
              );
              return;
            }
            const m = { ...emptyModule(v.name), ...v };
            setModel(m);
            setSaved(null);
            setBase(undefined);
            setOrigins(new Map());
            setServerProblems([]);
            setSelected(undefined);
            setCurrent({ name: v.name, source: "designer", readOnly: false, exists: false });
            setTab("design");
          }}
        />
      )}
      {publishing && current && (
        <PublishDialog
          name={current.name}
          version={publishing.version}
          options={options}
          onClose={() => setPublishing(null)}
          onDone={(answer) => void afterPublish(answer, current.name, !!publishing.version)}
        />
      )}
      {versionsOpen && current && (
        <VersionsDrawer
          name={current.name}
          revision={revision}
          onClose={() => setVersionsOpen(false)}
          onRollback={platform ? (version) => setPublishing({ version }) : undefined}
        />
      )}
    </Card>
  );
}

/** DesignerPage is /form-design: it waits for the designer's texts in the current locale, then shows. */
export default function DesignerPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void ensureDesignerTexts()
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, []);
  return ready ? <Designer /> : <PageSpinner />;
}
