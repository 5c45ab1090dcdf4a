import { Typography } from "antd";
import type { FieldTemplateProps } from "@rjsf/utils";

/**
 * RootFieldTemplate is the field template of the form's root object (the record): its fields and, under
 * them, the messages that belong to no field (the server's "the record was changed meanwhile").
 *
 * rjsf's antd theme wraps every field, the root object included, in an antd Form.Item. A Form.Item hands
 * its descendants a new context value each time it renders (the callback of antd's NoStyleItemContext), and
 * every Form.Item below it consumes that context: with the root wrapped, a keystroke — which re-renders the
 * root's template, since the record's value changed — re-rendered the Form.Item of each of the record's
 * fields (label, grid columns, status; 300 of them in a 300-field module: most of a keystroke's time, issue
 * 14). The root needs no Form.Item of its own (it has no label, no feedback icon), so it has none, and a
 * keystroke re-renders the typed field's Form.Item only (formRenders.test.tsx).
 */
export function RootFieldTemplate({ children, errors, rawErrors }: FieldTemplateProps) {
  return (
    // The bottom margin is the one the root Form.Item had, before the form's buttons.
    <div style={{ marginBottom: 24 }}>
      {children}
      {rawErrors && rawErrors.length > 0 && (
        <div role="alert">
          <Typography.Text type="danger">{errors}</Typography.Text>
        </div>
      )}
    </div>
  );
}
