// The app menu form's image (spec §3: an app menu's icon is an image): upload a picture through the file
// service (result pathUrl) or keep the address it has; a thumbnail shows the current one through a fresh
// link (stored file links are signed and expire; /api/oos/presignedUrlNew renews them, asked through
// refine's "system" provider).

import { UploadOutlined } from "@ant-design/icons";
import { Button, Image, Space, Upload, message } from "antd";
import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { ApiError } from "../../api/errors";
import { upload } from "../../api/http";
import { SYSTEM } from "../../api/systemDataProvider";
import { FRESH } from "../queries";
import { MENU_MESSAGES } from "./messages";

export interface ImageFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  uploadLabel: string;
}

/** ImageField is a form control whose value is the image's address. */
export function ImageField({ id, value, onChange, uploadLabel }: ImageFieldProps) {
  const [busy, setBusy] = useState(false);
  const renewed = useCustom<{ pathUrl: string }>({
    url: "/api/oos/presignedUrlNew",
    method: "get",
    config: { query: { fullUrl: value } },
    dataProviderName: SYSTEM,
    errorNotification: false,
    queryOptions: { ...FRESH, enabled: !!value, placeholderData: undefined },
  });
  // Not a file of ours (the renewal fails): the address is shown as it is.
  const shown = value && renewed.query.isSuccess ? renewed.result.data.pathUrl : value;
  const send = async (file: File) => {
    const form = new FormData();
    form.append("file", file);
    form.append("kind", "image");
    setBusy(true);
    try {
      const result = await upload<{ pathUrl: string }>("/api/oos/uploadFile", form, { silent: true });
      onChange?.(result.pathUrl);
    } catch (err) {
      message.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : MENU_MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space id={id} align="center">
      {shown && <Image src={shown} width={48} height={48} />}
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {uploadLabel}
        </Button>
      </Upload>
    </Space>
  );
}
