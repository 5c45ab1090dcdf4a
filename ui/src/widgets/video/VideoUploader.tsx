// The video uploader (spec §5): one mp4 of at most 50 MB, shown in the player
// once uploaded.

import { Button, Popconfirm, Space, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { acceptAttr } from "../upload/rules";
import { useUploader, type UploaderProps } from "../upload/useUploader";
import { VideoPlayer } from "./VideoPlayer";

/** VideoUploader uploads one video; value holds its stored address (an empty list when there is none). */
export function VideoUploader(props: UploaderProps & { id?: string }) {
  const { t } = useTranslation();
  const { value, rule, disabled, id } = props;
  const { pending, beforeUpload, customRequest, remove } = useUploader(props);
  const current = value[0];
  return (
    <Space id={id} direction="vertical" style={{ width: "100%" }}>
      {current && <VideoPlayer src={current} />}
      {!disabled && (
        <Space>
          <Upload accept={acceptAttr(rule)} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} fileList={pending}>
            <Button icon={<UploadOutlined />} loading={pending.length > 0} disabled={!!current}>
              {t("upload.chooseVideo")}
            </Button>
          </Upload>
          {current && (
            <Popconfirm title={t("upload.removeConfirm")} onConfirm={() => remove(current)}>
              <Button danger>{t("upload.remove")}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Space>
  );
}
