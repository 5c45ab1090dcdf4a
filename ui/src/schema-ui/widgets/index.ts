// The widget registry: every ui:widget name the server's uiSchema may use (DESIGN.md §3) maps to a widget.
// JSON belongs to a later issue: it shows its value read-only.

import type { RegistryFieldsType, RegistryWidgetsType } from "@rjsf/utils";
import { ChildrenWidget } from "./ChildrenWidget";
import { DateTimeWidget, DateWidget } from "./DateWidget";
import { GEO_FIELD, GeoField } from "./MapWidgets";
import { NumberWidget } from "./NumberWidget";
import { ReadonlyWidget } from "./ReadonlyWidget";
import { RichTextWidget } from "./RichTextWidget";
import { RefSelectWidget } from "./RefSelectWidget";
import { MultiSelectWidget, SelectWidget } from "./SelectWidget";
import { SwitchWidget } from "./SwitchWidget";
import { TextareaWidget } from "./TextareaWidget";
import { EmailWidget, IdCardWidget, MobileWidget, TextWidget } from "./TextWidget";
import { FilesWidget, FileWidget, ImagesWidget, ImageWidget, VideoWidget } from "./UploadWidgets";

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
  richtext: RichTextWidget,
  image: ImageWidget,
  images: ImagesWidget,
  file: FileWidget,
  files: FilesWidget,
  video: VideoWidget,
  // The map widgets render through GeoField (MapWidgets.tsx); their names stay registered so a uiSchema
  // naming them is valid.
  mapPoint: ReadonlyWidget,
  mapCircle: ReadonlyWidget,
  mapPolygon: ReadonlyWidget,
  mapLand: ReadonlyWidget,
  json: ReadonlyWidget,
};

/** LATER_WIDGETS are registered as read-only placeholders until their issue lands. */
export const LATER_WIDGETS: readonly string[] = ["json"];

/** FIELDS are the custom rjsf fields: the map pickers (GeoField). */
export const FIELDS: RegistryFieldsType = { [GEO_FIELD]: GeoField };
