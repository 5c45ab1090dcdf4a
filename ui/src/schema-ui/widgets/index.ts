// The widget registry: every ui:widget name the server's uiSchema may use (DESIGN.md §3) maps to a widget.
// Maps and JSON belong to a later issue: they show their value read-only.

import type { RegistryWidgetsType } from "@rjsf/utils";
import { ChildrenWidget } from "./ChildrenWidget";
import { DateTimeWidget, DateWidget } from "./DateWidget";
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
  mapPoint: ReadonlyWidget,
  mapPolygon: ReadonlyWidget,
  json: ReadonlyWidget,
};

/** LATER_WIDGETS are registered as read-only placeholders until their issue lands. */
export const LATER_WIDGETS: readonly string[] = [
  "mapPoint",
  "mapPolygon",
  "json",
];
