// The widget registry: every ui:widget name the server's uiSchema may use (DESIGN.md §3) maps to a widget.
// Files, images, video, rich text and JSON belong to a later issue: they show their value read-only.

import type { RegistryWidgetsType } from "@rjsf/utils";
import { ChildrenWidget } from "./ChildrenWidget";
import type { RegistryFieldsType } from "@rjsf/utils";
import { GEO_FIELD, GeoField } from "./MapWidgets";
import { DateTimeWidget, DateWidget } from "./DateWidget";
import { NumberWidget } from "./NumberWidget";
import { ReadonlyWidget } from "./ReadonlyWidget";
import { RefSelectWidget } from "./RefSelectWidget";
import { MultiSelectWidget, SelectWidget } from "./SelectWidget";
import { SwitchWidget } from "./SwitchWidget";
import { TextareaWidget } from "./TextareaWidget";
import { EmailWidget, IdCardWidget, MobileWidget, TextWidget } from "./TextWidget";

export const WIDGETS: RegistryWidgetsType = {
  text: TextWidget,
  textarea: TextareaWidget,
  select: SelectWidget,
  multiSelect: MultiSelectWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  idcard: IdCardWidget,
  mobile: MobileWidget,
  email: EmailWidget,
  refSelect: RefSelectWidget,
  switch: SwitchWidget,
  number: NumberWidget,
  children: ChildrenWidget,
  richtext: ReadonlyWidget,
  image: ReadonlyWidget,
  images: ReadonlyWidget,
  file: ReadonlyWidget,
  files: ReadonlyWidget,
  video: ReadonlyWidget,
  // The map widgets render through GeoField (MapWidgets.tsx); their names stay registered so a uiSchema
  // naming them is valid.
  mapPoint: ReadonlyWidget,
  mapCircle: ReadonlyWidget,
  mapPolygon: ReadonlyWidget,
  mapLand: ReadonlyWidget,
  json: ReadonlyWidget,
};

/** LATER_WIDGETS are registered as read-only placeholders until their issue lands. */
export const LATER_WIDGETS: readonly string[] = [
  "richtext",
  "image",
  "images",
  "file",
  "files",
  "video",
  "json",
];

/** FIELDS are the custom rjsf fields: the map pickers (GeoField). */
export const FIELDS: RegistryFieldsType = { [GEO_FIELD]: GeoField };
