// Login log (spec §2 "Login log", §3): id, userName, ip, time, message, status (1 success, 0 refused, 2 throttled: refused unchecked).

import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { LogTable } from "./LogTable";

/** LoginLogRow is one login attempt. */
interface LoginLogRow {
  id: number;
  userName: string;
  ip: string;
  time: string;
  message: string;
  status: number;
}

/** LoginLog is the logging-login screen. */
export default function LoginLog() {
  const { t } = useTranslation();
  return (
    <LogTable<LoginLogRow>
      path="/api/system/cscpLogLoginsByCriteria"
      nameParam="userName.contains"
      columns={[
        { title: t("system.logs.id"), dataIndex: "id", width: 80 },
        { title: t("system.logs.userName"), dataIndex: "userName" },
        { title: t("system.logs.ip"), dataIndex: "ip" },
        { title: t("system.logs.time"), dataIndex: "time" },
        { title: t("system.logs.message"), dataIndex: "message" },
        {
          title: t("system.logs.status"),
          dataIndex: "status",
          render: (s: number) =>
            s === 1 ? (
              <Tag color="green">{t("system.logs.success")}</Tag>
            ) : s === 2 ? (
              <Tag color="orange">{t("signin.throttled")}</Tag>
            ) : (
              <Tag color="red">{t("system.logs.failure")}</Tag>
            ),
        },
      ]}
    />
  );
}
