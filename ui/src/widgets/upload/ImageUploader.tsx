// The image uploader (spec §2 shared widgets, §5 uploads): picture cards with preview, at most the rule's
// count (default 9), each picture reviewed and uploaded on selection; the value is the stored addresses.

import { useState } from "react";
import { Image, Upload } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useUploadList, type UploaderProps } from "./useUploader";

export { StoredImage } from "./StoredImage";

/** ImageUploader uploads pictures; value is the list of stored addresses. */
export function ImageUploader(props: UploaderProps & { id?: string }) {
  const { t } = useTranslation();
  const { disabled, id } = props;
  const { listProps, full } = useUploadList(props);
  const [preview, setPreview] = useState<string | undefined>();
  return (
    <div id={id}>
      <Upload listType="picture-card" {...listProps} onPreview={(f) => setPreview(f.url)}>
        {!full && !disabled && (
          <button type="button" style={{ border: 0, background: "none" }} aria-label={t("upload.addImage")}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t("upload.addImage")}</div>
          </button>
        )}
      </Upload>
      {preview && <PreviewImage path={preview} onClose={() => setPreview(undefined)} />}
    </div>
  );
}

/** PreviewImage opens antd's image preview for one picture (already a fresh link). */
function PreviewImage({ path, onClose }: { path: string; onClose: () => void }) {
  return <Image style={{ display: "none" }} src={path} preview={{ visible: true, src: path, onVisibleChange: (v) => !v && onClose() }} />;
}
