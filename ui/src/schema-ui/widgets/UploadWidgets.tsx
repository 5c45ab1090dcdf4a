// The rjsf adapters of the file field types (image, images, file, files, video): they map the field's
// value (one address, or a list) to the uploaders of src/widgets and narrow the rules by the field's
// ui:options (accept, maxSize, maxCount), as the server does for an upload that names the field.

import type { WidgetProps } from "@rjsf/utils";
import { FileUploader } from "../../widgets/upload/FileUploader";
import { ImageUploader } from "../../widgets/upload/ImageUploader";
import { narrow, RULES, type UploadRule } from "../../widgets/upload/rules";
import type { UploadTarget } from "../../widgets/upload/api";
import { VideoUploader } from "../../widgets/video/VideoUploader";
import { contextOf } from "./context";

/** targetOf names the module and, for a top-level field, the field, so the server applies its rules. */
export function targetOf(props: Pick<WidgetProps, "registry" | "id" | "name">): UploadTarget {
  const module = contextOf(props.registry).module ?? "default";
  return props.id === `root_${props.name}` ? { businessType: module, field: props.name } : { businessType: module };
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v !== "");
  return typeof value === "string" && value !== "" ? [value] : [];
}

function adapter(Uploader: typeof ImageUploader, base: UploadRule, single: boolean) {
  return function UploadWidget(props: WidgetProps) {
    const { id, value, onChange, disabled, readonly, options } = props;
    return (
      <Uploader
        id={id}
        value={listOf(value)}
        onChange={(list) => onChange(single ? (list[0] ?? options.emptyValue) : list)}
        rule={narrow(base, { accept: options.accept, maxSize: options.maxSize, maxCount: options.maxCount }, single)}
        target={targetOf(props)}
        disabled={disabled || readonly}
      />
    );
  };
}

/** ImageWidget is one picture; ImagesWidget several (maxCount, default 9). */
export const ImageWidget = adapter(ImageUploader, RULES.image, true);
export const ImagesWidget = adapter(ImageUploader, RULES.image, false);
/** FileWidget is one file; FilesWidget several (maxCount; 3 when the field states none). */
export const FileWidget = adapter(FileUploader, RULES.file, true);
export const FilesWidget = adapter(FileUploader, RULES.file, false);
/** VideoWidget is one mp4 video. */
export const VideoWidget = adapter(VideoUploader, RULES.video, true);
