// The rjsf adapters of the map pickers (ui/src/widgets/map): mapPoint and mapCircle edit a geoPoint,
// mapPolygon and mapLand a geoPolygon. A cleared map stores the field's empty value.

import type { WidgetProps } from "@rjsf/utils";
import { LandPicker, PointPicker, PolygonPicker } from "../../widgets/map";
import { contextOf } from "./context";

function common({ id, value, disabled, readonly, label, onChange, options }: WidgetProps) {
  return {
    id,
    value,
    label: label || id,
    disabled: disabled || readonly,
    onChange: (v: unknown) => onChange(v ?? options.emptyValue),
  };
}

/** MapPointWidget picks a point (a marker). */
export function MapPointWidget(props: WidgetProps) {
  return <PointPicker {...common(props)} />;
}

/** MapCircleWidget picks a circle: centre and radius (default and minimum 100 m). */
export function MapCircleWidget(props: WidgetProps) {
  return <PointPicker {...common(props)} circle />;
}

/** MapPolygonWidget draws polygons. */
export function MapPolygonWidget(props: WidgetProps) {
  return <PolygonPicker {...common(props)} />;
}

/** MapLandWidget draws land parcels of the eight categories; each carries the record's id as parentId. */
export function MapLandWidget(props: WidgetProps) {
  return <LandPicker {...common(props)} parentId={contextOf(props.registry).recordId} />;
}
