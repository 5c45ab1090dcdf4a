// The rjsf adapter of the map pickers (ui/src/widgets/map). A geoPoint or geoPolygon value is an object
// (the polygon a oneOf of shapes), which rjsf renders with ObjectField and its oneOf selector, never with
// a widget; so a map field is a custom field ("ui:field": "geo", replacing the oneOf selector) that picks
// the picker by the field's ui:widget: mapPoint and mapCircle edit a geoPoint, mapPolygon and mapLand a
// geoPolygon. A cleared map stores nothing.

import { Typography } from "antd";
import type { FieldProps, UiSchema } from "@rjsf/utils";
import { LandPicker, PointPicker, PolygonPicker } from "../../widgets/map";
import { contextOf } from "./context";

/** MAP_WIDGETS are the ui:widget names GeoField renders. */
export const MAP_WIDGETS: readonly string[] = ["mapPoint", "mapCircle", "mapPolygon", "mapLand"];

/** GEO_FIELD is the name GeoField is registered under in the form's fields. */
export const GEO_FIELD = "geo";

/** geoFieldUI marks a map property's uiSchema to render through GeoField. */
export function geoFieldUI(entry: UiSchema): UiSchema {
  return { ...entry, "ui:field": GEO_FIELD, "ui:fieldReplacesAnyOrOneOf": true };
}

/** GeoField renders a map field with its label, help and errors. */
export function GeoField(props: FieldProps) {
  const { fieldPathId, formData, onChange, disabled, readonly, required, schema, uiSchema, rawErrors, registry } = props;
  const widget = typeof uiSchema?.["ui:widget"] === "string" ? uiSchema["ui:widget"] : "mapPoint";
  const label = (typeof uiSchema?.["ui:title"] === "string" ? uiSchema["ui:title"] : schema.title) ?? props.name;
  const opts = uiSchema?.["ui:options"] as { help?: unknown } | undefined;
  const common = {
    id: fieldPathId.$id,
    value: formData as unknown,
    label,
    disabled: disabled || readonly,
    onChange: (v: unknown) => onChange(v ?? undefined, fieldPathId.path),
  };
  const picker = (() => {
    switch (widget) {
      case "mapCircle":
        return <PointPicker {...common} circle />;
      case "mapPolygon":
        return <PolygonPicker {...common} />;
      case "mapLand":
        return <LandPicker {...common} parentId={contextOf(registry).recordId} />;
      default:
        return <PointPicker {...common} />;
    }
  })();
  const help = typeof opts?.help === "string" ? opts.help : undefined;
  return (
    <div style={{ marginBottom: 24 }}>
      <div style={{ paddingBottom: 8 }}>
        {required && <Typography.Text type="danger">* </Typography.Text>}
        <label htmlFor={fieldPathId.$id}>{label}</label>
      </div>
      {picker}
      {help && <Typography.Text type="secondary">{help}</Typography.Text>}
      {rawErrors?.map((e) => (
        <div key={e}>
          <Typography.Text type="danger">{e}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
