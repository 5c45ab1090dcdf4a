import { useState } from "react";
import { Input, Select } from "antd";
import { useSelect, type BaseKey, type BaseRecord } from "@refinedev/core";
import type { WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import type { ModuleInfo } from "../../api/modules";
import { contextOf, optionString, placeholderOf, statusOf } from "./context";

/** How many matches a search shows. */
const REF_PAGE_SIZE = 20;

export interface RefSelectInputProps {
  id?: string;
  /** The target module (name and API base). */
  target: ModuleInfo;
  /** The target field shown to people and searched with <display>.contains. */
  display: string;
  value?: BaseKey | BaseKey[] | null;
  onChange: (value: BaseKey | BaseKey[] | undefined) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  status?: "error";
  /**
   * Ask for the first page of matches only when the input is first pointed at or focused, not on mount: a
   * list's search form holds several of these (issue 19: each was a request and a re-render during the
   * list's first load). A value already set is labelled at once either way.
   */
  deferOptions?: boolean;
}

function labelOf(display: string) {
  return (item: BaseRecord): string => {
    const v: unknown = item[display];
    return typeof v === "string" || typeof v === "number" ? String(v) : String(item.id ?? "");
  };
}

/**
 * RefSelectInput searches another module's records remotely (GET its list with <display>.contains) and
 * keeps the chosen id; a value already set is labelled by fetching it (id.in).
 */
export function RefSelectInput({ id, target, display, value, onChange, multiple, disabled, placeholder, status, deferOptions }: RefSelectInputProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(!deferOptions);
  const want = wanted ? undefined : () => setWanted(true);
  const { options, onSearch, query } = useSelect<BaseRecord>({
    resource: target.name,
    meta: { api: target.api },
    optionLabel: labelOf(display),
    optionValue: (item: BaseRecord) => String(item.id ?? ""),
    defaultValue: value ?? undefined,
    onSearch: (text) => (text.trim() ? [{ field: display, operator: "contains", value: text.trim() }] : []),
    pagination: { pageSize: REF_PAGE_SIZE, currentPage: 1 },
    debounce: 300,
    errorNotification: false,
    // (forms pass no options: they ask on mount, as before)
    ...(deferOptions ? { queryOptions: { enabled: wanted }, defaultValueQueryOptions: {} } : {}),
  });
  const current = value === null || value === undefined ? undefined : Array.isArray(value) ? value.map(String) : String(value);
  return (
    <Select
      id={id}
      mode={multiple ? "multiple" : undefined}
      showSearch
      allowClear
      filterOption={false}
      onSearch={onSearch}
      loading={query.isFetching}
      options={options}
      value={current}
      disabled={disabled}
      placeholder={placeholder ?? t("widgets.refSearch")}
      status={status}
      notFoundContent={null}
      onChange={(v: string | string[] | undefined) => onChange(v === undefined ? undefined : v)}
      onFocus={want}
      onMouseEnter={want}
      style={{ width: "100%" }}
    />
  );
}

/** RefSelectWidget is the rjsf face of RefSelectInput (ui:options.ref, ui:options.display). */
export function RefSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, disabled, readonly, registry, schema, options } = props;
  const ref = optionString(props, "ref");
  const display = optionString(props, "display") ?? "name";
  const target = contextOf(registry).modules.find((m) => m.name === ref);
  if (!target) {
    // The target is not a module this user may list: keep the value, show it as it is.
    return <Input id={id} value={value === undefined || value === null ? "" : String(value)} disabled title={t("widgets.refUnavailable")} />;
  }
  const numeric = schema.type === "integer" || schema.type === "number";
  const multiple = schema.type === "array";
  return (
    <RefSelectInput
      id={id}
      target={target}
      display={display}
      value={value as BaseKey | BaseKey[] | undefined}
      multiple={multiple}
      disabled={disabled || readonly}
      placeholder={placeholderOf(props)}
      status={statusOf(props)}
      onChange={(v) => {
        if (v === undefined) return onChange(options.emptyValue);
        const cast = (x: BaseKey) => (numeric && !Number.isNaN(Number(x)) ? Number(x) : x);
        onChange(Array.isArray(v) ? v.map(cast) : cast(v));
      }}
    />
  );
}
