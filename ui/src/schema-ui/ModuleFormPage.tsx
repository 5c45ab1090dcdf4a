import { useCallback, useMemo, useRef, useState } from "react";
import { Button, Card, Result, Space } from "antd";
import { useCreate, useOne, useUpdate, type BaseRecord } from "@refinedev/core";
import Form from "@rjsf/antd";
import type { IChangeEvent } from "@rjsf/core";
import type { ErrorSchema, RJSFSchema, UiSchema } from "@rjsf/utils";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors";
import { modulePath } from "../app/routes";
import { PageSpinner } from "../components/RouteBoundary/RouteBoundary";
import { useSessionStore } from "../stores/useSessionStore";
import { ModuleGate } from "./ModuleGate";
import type { ModuleSchema } from "./moduleSchema";
import { RootFieldTemplate } from "./RootFieldTemplate";
import { SectionedObjectTemplate } from "./SectionedObjectTemplate";
import { localizeFieldErrors, toErrorSchema } from "./serverErrors";
import { trimDeep } from "./trim";
import { withDefaultWidgets } from "./uiDefaults";
import { scrollToFirstError, transformErrors, validator } from "./validation";
import type { SchemaFormContext } from "./widgets/context";
import { FIELDS, WIDGETS } from "./widgets";

type Data = Record<string, unknown>;

/**
 * declaredOf keeps only the properties a person may write: declared by the module (the server rejects
 * anything else, 400) and not read-only (id, version, history, created/updated).
 */
export function declaredOf(schema: RJSFSchema, data: Data): Data {
  const writable = Object.entries(schema.properties ?? {})
    .filter(([, p]) => !(typeof p === "object" && p.readOnly === true))
    .map(([n]) => n);
  return Object.fromEntries(writable.filter((n) => data[n] !== undefined).map((n) => [n, data[n]]));
}

/**
 * writableSchema is the record schema without its read-only properties (id, version, history, created/
 * updated): the form neither shows nor sends them.
 */
export function writableSchema(schema: RJSFSchema): RJSFSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([, p]) => !(typeof p === "object" && p.readOnly === true)),
  );
  const required = (schema.required ?? []).filter((n) => n in properties);
  return { ...schema, properties, required };
}

/**
 * editableOf is a loaded record as the edit form's data: its declared, writable values without the nulls
 * the server sends for empty optional fields (a null is no value to the form, and JSON Schema would
 * reject it as the wrong type, blocking the save).
 */
export function editableOf(schema: RJSFSchema, record: Data): Data {
  return Object.fromEntries(Object.entries(declaredOf(schema, record)).filter(([, v]) => v !== null));
}

/**
 * DEFAULTS keeps rjsf from preselecting the first choice of every oneOf select (it reads consts as defaults)
 * and from filling objects (a map circle's default radius alone would be an invalid circle); a new record
 * starts with the module's declared top-level defaults instead (declaredDefaults).
 */
export const DEFAULTS = { constAsDefaults: "skipOneOf", emptyObjectFields: "skipDefaults" } as const;

/** declaredDefaults are the `default` values of the record's own fields (a switch that starts on). */
export function declaredDefaults(schema: RJSFSchema): Data {
  const out: Data = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (typeof prop === "object" && prop.default !== undefined && !prop.readOnly) out[name] = prop.default;
  }
  return out;
}

/** withoutErrorsFor drops the server's messages for the fields the user has since changed. */
export function withoutErrorsFor(errors: ErrorSchema | undefined, before: Data, after: Data): ErrorSchema | undefined {
  if (!errors) return undefined;
  const kept = Object.fromEntries(
    Object.entries(errors).filter(([k]) => k === "__errors" || JSON.stringify(before[k]) === JSON.stringify(after[k])),
  );
  return Object.keys(kept).length ? (kept as ErrorSchema) : undefined;
}

/**
 * showsErrorsInPlace is the form's onError: the messages already stand under their fields and the first
 * invalid field has the focus, so there is nothing more to say — and giving rjsf a handler keeps it from
 * logging "Form validation failed" to the console, where it would hide real errors.
 */
function showsErrorsInPlace(): void {}

/**
 * ModuleForm is the generated form of a module. With onPreview (the form designer's preview) it checks and
 * hands the values over instead of sending them: the module may not exist on the server yet.
 */
export function ModuleForm({ schema, id, onPreview }: { schema: ModuleSchema; id?: string; onPreview?: (values: Data) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modules = useSessionStore((s) => s.modules);
  const meta = schema.module;
  const editing = id !== undefined;
  const { result: record, query } = useOne<BaseRecord>({
    resource: meta.name,
    id: id ?? "",
    meta: { api: meta.api },
    queryOptions: { enabled: editing },
    errorNotification: false,
  });
  const { mutate: create, mutation: creating } = useCreate();
  const { mutate: update, mutation: updating } = useUpdate();

  const initial = useMemo<Data>(
    () => (editing ? (record ? editableOf(schema.jsonSchema, record) : {}) : declaredDefaults(schema.jsonSchema)),
    [editing, record, schema],
  );
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  // A keystroke must not re-render the whole form (issue 14: a 300-field form answers a keystroke in < 50 ms):
  // rjsf keeps the values being typed in its own state, and this component hands it the starting values only —
  // the same object until the reset button (a new generation, which remounts the form) — so a keystroke neither re-renders
  // this component nor makes rjsf compare and re-derive its whole state from a changed formData prop. rjsf then
  // re-renders the changed field only (its fields are memoised on their props).
  const [generation, setGeneration] = useState(0);
  // The starting values follow a (re)loaded record only until the user types.
  const start = useRef<{ generation: number; data: Data; typed: boolean } | null>(null);
  if (start.current === null || start.current.generation !== generation || (start.current.data !== initial && !start.current.typed)) {
    start.current = { generation, data: initial, typed: false };
  }
  const latest = useRef<Data>(initial);
  const onChange = useCallback((e: IChangeEvent<Data, RJSFSchema, SchemaFormContext>) => {
    const before = latest.current;
    const next = e.formData ?? {};
    latest.current = next;
    if (start.current) start.current.typed = true;
    setServerErrors((errs) => withoutErrorsFor(errs, before, next));
  }, []);

  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...withDefaultWidgets(writableSchema(schema.jsonSchema), schema.uiSchema),
      "ui:FieldTemplate": RootFieldTemplate,
      "ui:ObjectFieldTemplate": SectionedObjectTemplate,
      "ui:submitButtonOptions": { norender: true },
    }),
    [schema],
  );
  const formSchema = useMemo(() => writableSchema(schema.jsonSchema), [schema]);
  const formContext = useMemo<SchemaFormContext>(
    () => ({ dicts: schema.dicts, modules, module: meta.name, recordId: id }),
    [schema, modules, meta.name, id],
  );

  if (editing && query.isLoading) return <PageSpinner />;
  if (editing && !record) return <Result status="404" title={t("module.recordNotFound")} />;

  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.fieldErrors.length) {
      const labelOf = (field: string) => {
        const p = schema.jsonSchema.properties?.[field];
        return typeof p === "object" && typeof p.title === "string" ? p.title : undefined;
      };
      setServerErrors(toErrorSchema(localizeFieldErrors(err.fieldErrors, labelOf)));
    }
  };

  const onSubmit = ({ formData: submitted }: IChangeEvent<Data, RJSFSchema, SchemaFormContext>) => {
    const values = trimDeep(declaredOf(schema.jsonSchema, submitted ?? {}));
    setServerErrors(undefined);
    if (onPreview) {
      onPreview(values);
      return;
    }
    const common = { resource: meta.name, meta: { api: meta.api }, errorNotification: false as const };
    if (editing && id !== undefined) {
      // A field the record had and the form emptied (a cleared map) is sent as null, so the server clears it.
      const cleared = Object.fromEntries(Object.keys(initial).filter((k) => values[k] === undefined).map((k) => [k, null]));
      update(
        {
          ...common,
          id,
          values: { ...values, ...cleared, version: record?.version },
          successNotification: () => ({ type: "success", message: t("module.updateSuccess") }),
        },
        { onSuccess: () => navigate(modulePath.show(meta.name, id)), onError },
      );
    } else {
      create(
        { ...common, values, successNotification: () => ({ type: "success", message: t("module.createSuccess") }) },
        { onSuccess: () => navigate(modulePath.list(meta.name)), onError },
      );
    }
  };

  const busy = creating.isPending || updating.isPending;
  return (
    <Card title={`${meta.title} · ${t(editing ? "module.page.edit" : "module.page.create")}`}>
      <Form
        schema={formSchema}
        uiSchema={uiSchema}
        experimental_defaultFormStateBehavior={DEFAULTS}
        key={generation}
        formData={start.current.data}
        formContext={formContext}
        validator={validator}
        widgets={WIDGETS}
          fields={FIELDS}
        transformErrors={transformErrors}
        extraErrors={serverErrors}
        showErrorList={false}
        focusOnFirstError={scrollToFirstError}
        onError={showsErrorsInPlace}
        noHtml5Validate
        omitExtraData
        disabled={busy}
        onChange={onChange}
        onSubmit={onSubmit}
      >
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t("common.submit")}
          </Button>
          <Button
            onClick={() => {
              latest.current = initial;
              setGeneration((g) => g + 1);
              setServerErrors(undefined);
            }}
            disabled={busy}
          >
            {t("common.reset")}
          </Button>
          <Button onClick={() => navigate(-1)}>{t("common.back")}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** ModuleFormPage is /m/:module/create and /m/:module/edit/:id: the generated form. */
export default function ModuleFormPage() {
  const { module, id } = useParams();
  return <ModuleGate module={module}>{(schema) => <ModuleForm key={id ?? "new"} schema={schema} id={id} />}</ModuleGate>;
}
