// The avatar form field of the user form and the profile page: shows the stored avatar (imgPath) and
// opens the crop dialog to replace it.

import { useState } from "react";
import { Avatar, Button, Space } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { AvatarCropDialog } from "./AvatarCropDialog";

export interface AvatarFieldProps {
  value?: string;
  onChange?: (dataUrl: string) => void;
  disabled?: boolean;
}

/** AvatarField is a controlled form field holding the avatar's data URL. */
export function AvatarField({ value, onChange, disabled }: AvatarFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space>
      <Avatar size={80} shape="square" src={value || undefined} icon={<UserOutlined />} alt={t("system.profile.avatar.alt")} />
      {!disabled && (
        <Button onClick={() => setOpen(true)}>{t("system.profile.avatar.change")}</Button>
      )}
      <AvatarCropDialog
        open={open}
        onCancel={() => setOpen(false)}
        onOk={(dataUrl) => {
          onChange?.(dataUrl);
          setOpen(false);
        }}
      />
    </Space>
  );
}
