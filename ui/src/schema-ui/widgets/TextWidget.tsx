import { Input } from "antd";
import type { WidgetProps } from "@rjsf/utils";
import { DEFAULT_MAX_LENGTH, placeholderOf, statusOf } from "./context";

/** Normaliser cleans what the user typed (e.g. an ID card's lower-case x). */
type Normaliser = (raw: string) => string;

interface TextOptions {
  maxLength?: number;
  normalise?: Normaliser;
  inputMode?: "text" | "numeric" | "email" | "tel";
  type?: string;
}

function maxLengthOf(props: WidgetProps, fallback: number): number {
  return typeof props.schema.maxLength === "number" ? props.schema.maxLength : fallback;
}

/** textWidget builds a single-line input: trimmed on blur, limited (default 255), clearable. */
export function textWidget(opts: TextOptions = {}) {
  function Widget(props: WidgetProps) {
    const { id, value, onChange, onBlur, onFocus, disabled, readonly, options } = props;
    const emit = (raw: string) => {
      const v = opts.normalise ? opts.normalise(raw) : raw;
      onChange(v === "" ? options.emptyValue : v);
    };
    return (
      <Input
        id={id}
        name={id}
        type={opts.type}
        inputMode={opts.inputMode}
        value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
        maxLength={maxLengthOf(props, opts.maxLength ?? DEFAULT_MAX_LENGTH)}
        allowClear
        disabled={disabled || readonly}
        placeholder={placeholderOf(props)}
        status={statusOf(props)}
        onChange={(e) => emit(e.target.value)}
        onBlur={(e) => {
          const trimmed = e.target.value.trim();
          if (trimmed !== e.target.value) emit(trimmed);
          onBlur(id, trimmed);
        }}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    );
  }
  return Widget;
}

export const TextWidget = textWidget();
export const IdCardWidget = textWidget({ maxLength: 18, normalise: (s) => s.replace(/\s/g, "").toUpperCase() });
export const MobileWidget = textWidget({ maxLength: 11, inputMode: "tel", normalise: (s) => s.replace(/\D/g, "") });
export const EmailWidget = textWidget({ inputMode: "email", type: "email", normalise: (s) => s.replace(/\s/g, "") });
