import { Suspense, lazy, memo } from "react";
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, type FormProps } from "antd";
import { useTranslation } from "react-i18next";
import { useSessionStore } from "../stores/useSessionStore";
import { optionsFor, uiOptionsOf, type ListFilter, type ModuleSchema } from "./moduleSchema";
import { filterKind, type SearchValues } from "./searchFilters";
import { RefSelectInput } from "./widgets/RefSelectWidget";
import { DEFAULT_MAX_LENGTH } from "./widgets/context";

const SearchDateField = lazy(() => import("./SearchDateField"));

function NumberRange({ id, value, onChange }: { id?: string; value?: unknown[]; onChange?: (v: unknown[]) => void }) {
  const { t } = useTranslation();
  const [from, to] = Array.isArray(value) ? value : [];
  return (
    <Space.Compact id={id} style={{ width: "100%" }}>
      <InputNumber
        aria-label={t("search.from")}
        value={typeof from === "number" ? from : null}
        onChange={(v) => onChange?.([v ?? undefined, to])}
        style={{ width: "50%" }}
      />
      <InputNumber
        aria-label={t("search.to")}
        value={typeof to === "number" ? to : null}
        onChange={(v) => onChange?.([from, v ?? undefined])}
        style={{ width: "50%" }}
      />
    </Space.Compact>
  );
}

/** displayOf finds the field a ref shows: the filter's own display, else its form widget's. */
function displayOf(schema: ModuleSchema, name: string): string {
  const d = uiOptionsOf(schema.uiSchema, name).display;
  return typeof d === "string" && d ? d : "name";
}

/** FilterControl is the input one filter gets, chosen by its type and kind. */
function FilterControl({ schema, filter, ...rest }: { schema: ModuleSchema; filter: ListFilter; id?: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const modules = useSessionStore((s) => s.modules);
  const kind = filterKind(filter);
  const options = optionsFor(schema, filter);
  if (filter.ref) {
    const target = modules.find((m) => m.name === filter.ref);
    if (target) {
      return (
        <RefSelectInput
          id={rest.id}
          target={target}
          display={filter.display ?? displayOf(schema, filter.name)}
          multiple={kind === "in"}
          deferOptions
          value={rest.value as string | string[] | undefined}
          onChange={(v) => rest.onChange?.(v)}
        />
      );
    }
  }
  if (options || kind === "specified" || filter.type === "bool" || filter.type === "boolean") {
    const choices =
      options?.map((o) => ({ value: String(o.value), label: o.label })) ??
      [
        { value: "true", label: t(kind === "specified" ? "search.specified" : "common.yes") },
        { value: "false", label: t(kind === "specified" ? "search.notSpecified" : "common.no") },
      ];
    return (
      <Select
        {...rest}
        value={rest.value ?? undefined}
        mode={kind === "in" ? "multiple" : undefined}
        options={choices}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t("search.select")}
      />
    );
  }
  if (filter.type === "date" || filter.type === "datetime") {
    const showTime = filter.type === "datetime" && kind !== "range";
    return (
      <Suspense fallback={<Input disabled style={{ width: "100%" }} />}>
        <SearchDateField id={rest.id} value={rest.value} onChange={rest.onChange} range={kind === "range"} showTime={showTime} />
      </Suspense>
    );
  }
  if (["int", "integer", "decimal", "number"].includes(filter.type)) {
    return kind === "range" ? (
      <NumberRange id={rest.id} value={rest.value as unknown[] | undefined} onChange={rest.onChange} />
    ) : (
      <InputNumber {...rest} value={typeof rest.value === "number" ? rest.value : null} style={{ width: "100%" }} />
    );
  }
  return <Input {...rest} value={typeof rest.value === "string" ? rest.value : undefined} allowClear maxLength={DEFAULT_MAX_LENGTH} placeholder={t("search.input")} />;
}

/**
 * FilterCol is one filter's column. Memoized: when the form shows more of its filters (SearchForm's shown),
 * the ones already shown do not render again.
 */
const FilterCol = memo(function FilterCol({ schema, filter }: { schema: ModuleSchema; filter: ListFilter }) {
  return (
    <Col xs={24} sm={12} md={8} lg={6}>
      <Form.Item name={filter.name} label={filter.label}>
        <FilterControl schema={schema} filter={filter} />
      </Form.Item>
    </Col>
  );
});

/**
 * SearchForm asks the schema's list filters; Search applies them, Reset clears and applies. It is memoized:
 * the list re-renders for what the form does not show (its rows, the URL), and thirteen filters are a few
 * hundred components. With shown, only the first shown filters and no buttons: the list mounts the form in
 * parts (ModuleListPage), the first screen's filters first.
 */
export const SearchForm = memo(function SearchForm({
  schema,
  formProps,
  initialValues,
  shown,
}: {
  schema: ModuleSchema;
  formProps: FormProps<SearchValues>;
  initialValues: SearchValues;
  shown?: number;
}) {
  const { t } = useTranslation();
  if (!schema.list.filters.length) return null;
  return (
    <Form {...formProps} layout="vertical" initialValues={initialValues} role="search" aria-label={t("search.title")}>
      <Row gutter={16} align="bottom">
        {schema.list.filters.slice(0, shown).map((f) => (
          <FilterCol key={f.name} schema={schema} filter={f} />
        ))}
        {shown === undefined && (
          <Col xs={24} sm={12} md={8} lg={6}>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t("search.submit")}
                </Button>
                <Button
                  onClick={() => {
                    formProps.form?.resetFields();
                    formProps.form?.setFieldsValue(Object.fromEntries(schema.list.filters.map((f) => [f.name, undefined])));
                    formProps.form?.submit();
                  }}
                >
                  {t("search.reset")}
                </Button>
              </Space>
            </Form.Item>
          </Col>
        )}
      </Row>
    </Form>
  );
});
