// The file uploader (spec §5): a list of files, at most the rule's count (3 by default), the allowed types
// of the spec, each uploaded on selection; names link to a fresh signed address.

import { Button, Upload } from "antd";
import type { UploadFile } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useFreshFile, useFreshFiles } from "./api";
import { acceptAttr } from "./rules";
import { useUploader, type UploaderProps } from "./useUploader";

/** FileLink is a stored file as a download link (fresh signed address, the original name). */
export function FileLink({ path }: { path: string }) {
  const file = useFreshFile(path);
  return (
    <a href={file.pathUrl} target="_blank" rel="noopener noreferrer" download={file.name}>
      {file.name}
    </a>
  );
}

/** FileUploader uploads files; value is the list of stored addresses. */
export function FileUploader(props: UploaderProps & { id?: string }) {
  const { t } = useTranslation();
  const { value, rule, disabled, id } = props;
  const { pending, beforeUpload, customRequest, remove, full } = useUploader(props);
  const fresh = useFreshFiles(value);
  const fileList: UploadFile[] = [
    ...value.map((path, i): UploadFile => ({ uid: path, name: fresh[i].name ?? path, status: "done", url: fresh[i].pathUrl })),
    ...pending,
  ];
  return (
    <div id={id}>
      <Upload
        listType="text"
        accept={acceptAttr(rule)}
        multiple={rule.maxCount > 1}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={(f) => remove(f.uid)}
        openFileDialogOnClick={!full}
      >
        {!disabled && (
          <Button icon={<UploadOutlined />} disabled={full}>
            {t("upload.chooseFile")}
          </Button>
        )}
      </Upload>
    </div>
  );
}
