// Operation log (spec §2 "Operation log", §3): id, user, access path, IP, time, params, operation
// message, error message and status (the answer's HTTP status).

import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LogTable } from "./LogTable";

/** OperationLogRow is one recorded call. */
interface OperationLogRow {
  id: number;
  username: string;
  uri: string;
  method: string;
  ip: string;
  time: string;
  params: string;
  message: string;
  error: string;
  status: number;
}

/** long shows a long text on one line, cut with its full text on hover. */
const long = (text: string) => (
  <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: text }}>
    {text}
  </Typography.Text>
);

/** OperationLog is the logging-operation screen. */
export default function OperationLog() {
  const { t } = useTranslation();
  return (
    <LogTable<OperationLogRow>
      path="/api/system/cscpLogOperationsByCriteria"
      nameParam="username.contains"
      columns={[
        { title: t("system.logs.id"), dataIndex: "id", width: 80 },
        { title: t("system.logs.user"), dataIndex: "username" },
        { title: t("system.logs.uri"), dataIndex: "uri", render: (uri: string, row) => long(`${row.method} ${uri}`) },
        { title: t("system.logs.ip"), dataIndex: "ip" },
        { title: t("system.logs.time"), dataIndex: "time" },
        { title: t("system.logs.params"), dataIndex: "params", render: long },
        { title: t("system.logs.opMessage"), dataIndex: "message" },
        { title: t("system.logs.error"), dataIndex: "error", render: long },
        { title: t("system.logs.status"), dataIndex: "status" },
      ]}
    />
  );
}
