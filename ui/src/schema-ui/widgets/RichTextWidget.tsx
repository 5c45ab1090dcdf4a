// The rjsf adapter of richtext fields: the editor of src/widgets/richtext, uploading into the module.

import type { WidgetProps } from "@rjsf/utils";
import { RichTextEditor } from "../../widgets/richtext/RichTextEditor";
import { placeholderOf } from "./context";
import { targetOf } from "./UploadWidgets";

/** RichTextWidget edits a richtext field's HTML (an empty editor is no value). */
export function RichTextWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, options, label } = props;
  return (
    <RichTextEditor
      id={id}
      value={typeof value === "string" ? value : ""}
      onChange={(html) => onChange(html === "" ? options.emptyValue : html)}
      target={{ businessType: targetOf(props).businessType }}
      height={typeof options.height === "number" ? options.height : undefined}
      disabled={disabled || readonly}
      placeholder={placeholderOf(props)}
      label={label}
    />
  );
}
