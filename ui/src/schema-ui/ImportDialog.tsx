import { useState } from "react";
import { Alert, Button, Modal, Progress, Space, Table, Upload } from "antd";
import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { notify } from "../app/notify";
import { downloadTemplate, importFile, parseDryRun, type DryRunReport } from "./importApi";
import type { ModuleMeta } from "./moduleSchema";

interface Props {
  module: ModuleMeta;
  open: boolean;
  onClose: () => void;
  /** Called after a commit so the list reloads. */
  onImported: () => void;
}

/** ImportDialog: pick an xlsx, watch it upload, read the dry-run report, then commit. */
export function ImportDialog({ module, open, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<DryRunReport | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setProgress(null);
    setReport(null);
    setBusy(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const dryRun = async (f: File) => {
    setFile(f);
    setReport(null);
    setBusy(true);
    setProgress(0);
    try {
      setReport(parseDryRun(await importFile(module.api, f, true, setProgress)));
    } catch {
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const raw = await importFile(module.api, file, false, setProgress);
      const imported = typeof raw === "object" && raw !== null && "imported" in raw ? Number(raw.imported) : 0;
      notify.success(t("import.imported", { count: imported }));
      onImported();
      close();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("import.title", { title: module.title })}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="primary" disabled={!report || report.valid === 0 || busy} loading={busy && !!report} onClick={() => void commit()}>
            {t("import.commit")}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(module.api, module.title)}>
          {t("import.template")}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(f) => {
            void dryRun(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{file ? file.name : t("import.choose")}</p>
        </Upload.Dragger>
        {progress !== null && <Progress percent={progress} status={busy ? "active" : "normal"} aria-label={t("import.uploading")} />}
        {report && (
          <>
            <Alert
              type={report.errors.length ? "warning" : "success"}
              showIcon
              message={t("import.summary", { total: report.total, valid: report.valid, invalid: report.total - report.valid })}
            />
            {report.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
                dataSource={report.errors}
                pagination={report.errors.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  { key: "row", dataIndex: "row", title: t("import.row"), width: 80 },
                  { key: "field", dataIndex: "field", title: t("import.field"), width: 160 },
                  { key: "message", dataIndex: "message", title: t("import.message") },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
