import { useState } from "react";
import { Button, Space, Typography } from "antd";
import { CopyOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { TotpSetup } from "../../api/totpAnswer";
import { QrCode } from "../QrCode/QrCode";

/** CopyButton copies text to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <Button size="small" icon={<CopyOutlined />} onClick={copy} aria-label={`${t("signin.copy")} ${label}`}>
      {copied ? t("signin.copied") : t("signin.copy")}
    </Button>
  );
}

/** TotpSetupView shows a new secret once: the QR code of its otpauth:// URI, the secret and the URI as text. */
export function TotpSetupView({ setup }: { setup: TotpSetup }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="small" style={{ width: "100%" }}>
      <QrCode value={setup.otpauthUri} label={t("signin.qrAlt")} fallback={t("signin.qrUnavailable")} />
      <Space wrap>
        <Typography.Text>{t("signin.secret")}:</Typography.Text>
        <Typography.Text code data-testid="totp-secret">
          {setup.secret}
        </Typography.Text>
        <CopyButton text={setup.secret} label={t("signin.secret")} />
      </Space>
      <Space wrap>
        <Typography.Text>{t("signin.uri")}:</Typography.Text>
        <Typography.Text code style={{ wordBreak: "break-all" }}>
          {setup.otpauthUri}
        </Typography.Text>
        <CopyButton text={setup.otpauthUri} label={t("signin.uri")} />
      </Space>
    </Space>
  );
}

/** RecoveryCodes lists the recovery codes shown once after an enrolment. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("signin.recoveryTitle")}>
      <Typography.Title level={5}>{t("signin.recoveryTitle")}</Typography.Title>
      <Typography.Paragraph type="warning">{t("signin.recoveryHint")}</Typography.Paragraph>
      <ul data-testid="recovery-codes" style={{ columns: 2, fontFamily: "monospace" }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label={t("signin.recoveryTitle")} />
    </section>
  );
}
