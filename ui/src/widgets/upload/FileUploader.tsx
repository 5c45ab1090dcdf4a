// The file uploader (spec §5): a list of files, at most the rule's count (3 by default), the allowed types
// of the spec, each uploaded on selection; names link to a fresh signed address.

import { Button, Typography, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../lib/format";
import { useFreshFile } from "./api";
import { useUploadList, type UploaderProps } from "./useUploader";

/** FileLink is a stored file as a download link (fresh signed address, the original name) and its size. */
export function FileLink({ path }: { path: string }) {
  const file = useFreshFile(path);
  return (
    <span>
      <a href={file.pathUrl} target="_blank" rel="noopener noreferrer" download={file.name}>
        {file.name}
      </a>
      {file.size !== undefined && <Typography.Text type="secondary"> ({formatBytes(file.size)})</Typography.Text>}
    </span>
  );
}

/** FileUploader uploads files; value is the list of stored addresses. */
export function FileUploader(props: UploaderProps & { id?: string }) {
  const { t } = useTranslation();
  const { disabled, id } = props;
  const { listProps, full } = useUploadList(props);
  return (
    <div id={id}>
      <Upload listType="text" {...listProps} openFileDialogOnClick={!full}>
        {!disabled && (
          <Button icon={<UploadOutlined />} disabled={full}>
            {t("upload.chooseFile")}
          </Button>
        )}
      </Upload>
    </div>
  );
}
