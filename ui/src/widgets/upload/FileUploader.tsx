// The file uploader (spec §5): a list of files, at most the rule's count (3 by default), the allowed types
// of the spec, each uploaded on selection; names link to a fresh signed address.

import { Button, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useUploadList, type UploaderProps } from "./useUploader";

export { FileLink } from "./FileLink";

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
