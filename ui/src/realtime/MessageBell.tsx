// The header's bell: the unread count, a dot for the socket's state, a click to the message centre.

import { Badge, Button, Tooltip } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useMessageStore } from "../stores/useMessageStore";
import { MESSAGE_CENTER_PATH } from "./paths";
import { useMessageSocket } from "./useMessageSocket";

/** MessageBell shows the unread count and keeps the message socket open. */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useMessageStore((s) => s.unread);
  const connected = useMessageStore((s) => s.connected);
  useMessageSocket();
  const label = t("messages.bell", { count: unread });
  return (
    <Tooltip title={connected ? t("messages.online") : t("messages.offline")}>
      <Badge count={unread} size="small" overflowCount={99}>
        <Button
          type="text"
          aria-label={label}
          data-connected={connected}
          icon={<BellOutlined />}
          onClick={() => navigate(MESSAGE_CENTER_PATH)}
        />
      </Badge>
    </Tooltip>
  );
}
