import { useMemo, useState } from "react";
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
import { SectionedObjectTemplate } from "./SectionedObjectTemplate";
import { toErrorSchema } from "./serverErrors";
import { trimDeep } from "./trim";
import { withDefaultWidgets } from "./uiDefaults";
import { transformErrors, validator } from "./validation";
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

/** DEFAULTS keeps rjsf from preselecting the first choice of every oneOf select (it reads consts as defaults). */
export const DEFAULTS = { constAsDefaults: "skipOneOf", emptyObjectFields: "skipDefaults" } as const;

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

  const initial = useMemo<Data>(() => (editing && record ? editableOf(schema.jsonSchema, record) : {}), [editing, record, schema]);
  const [formData, setFormData] = useState<Data | null>(null);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const data = formData ?? initial;

  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...withDefaultWidgets(writableSchema(schema.jsonSchema), schema.uiSchema),
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
    if (err instanceof ApiError && err.fieldErrors.length) setServerErrors(toErrorSchema(err.fieldErrors));
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
        formData={data}
        formContext={formContext}
        validator={validator}
        widgets={WIDGETS}
          fields={FIELDS}
        transformErrors={transformErrors}
        extraErrors={serverErrors}
        showErrorList={false}
        focusOnFirstError
        onError={showsErrorsInPlace}
        noHtml5Validate
        omitExtraData
        disabled={busy}
        onChange={(e) => {
          const next = e.formData ?? {};
          setServerErrors((errs) => withoutErrorsFor(errs, data, next));
          setFormData(next);
        }}
        onSubmit={onSubmit}
      >
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t("common.submit")}
          </Button>
          <Button
            onClick={() => {
              setFormData(null);
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
