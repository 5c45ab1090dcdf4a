// Two-factor sign-in on the profile page: its state, an enrolment (secret and QR code, a code to confirm,
// the recovery codes shown once) and turning it off with the sign-in password.

import { useEffect, useState } from "react";
import { Button, Card, Input, Modal, Space, Tag, Typography, message } from "antd";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { cleanCode, codeKind, TOTP_DIGITS } from "../../app/totpCode";
import { confirmTotp, disableTotp, fetchTotpState, startTotp, type TotpSetup, type TotpState } from "../../api/totpApi";
import { RecoveryCodes, TotpSetupView } from "../../components/TotpSetup/TotpSetupView";

function failure(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

export function TotpCard() {
  const { t } = useTranslation();
  const [state, setState] = useState<TotpState | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState<string[]>([]);
  const [disableOpen, setDisableOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const reload = () => fetchTotpState().then(setState, () => void message.error(t("signin.loadFailed")));
  useEffect(() => void reload(), []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await action();
    } catch (err) {
      setError(failure(err, t("signin.loadFailed")));
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup(await startTotp()));
  const confirm = () => {
    if (codeKind(code) !== "totp") {
      setError(t("signin.codeRequired"));
      return Promise.resolve();
    }
    return run(async () => {
      setRecovery(await confirmTotp(code));
      setSetup(null);
      setCode("");
      void message.success(t("signin.enabledOk"));
      await reload();
    });
  };
  const disable = () => {
    if (!password) {
      setError(t("signin.passwordRequired"));
      return Promise.resolve();
    }
    return run(async () => {
      await disableTotp(password);
      setDisableOpen(false);
      setPassword("");
      setRecovery([]);
      void message.success(t("signin.disabledOk"));
      await reload();
    });
  };

  if (!state) return null;
  return (
    <Card type="inner" title={t("signin.profileTitle")} style={{ marginTop: 16 }} aria-label={t("signin.profileTitle")}>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap>
          {state.enabled ? <Tag color="green">{t("signin.enabled")}</Tag> : <Tag>{t("signin.off")}</Tag>}
          {state.required && <Typography.Text type="secondary">{t("signin.required")}</Typography.Text>}
          {state.enabled && <Typography.Text>{t("signin.recoveryLeft", { count: state.recoveryCodesLeft })}</Typography.Text>}
        </Space>
        {recovery.length > 0 && <RecoveryCodes codes={recovery} />}
        {!state.enabled && !setup && (
          <Button type="primary" onClick={() => void start()} loading={busy}>
            {t("signin.enable")}
          </Button>
        )}
        {setup && (
          <>
            <TotpSetupView setup={setup} />
            <label htmlFor="totp-confirm-code">{t("signin.code")}</label>
            <Space>
              <Input
                id="totp-confirm-code"
                value={code}
                maxLength={TOTP_DIGITS}
                inputMode="numeric"
                autoComplete="one-time-code"
                onChange={(e) => setCode(cleanCode(e.target.value).replace(/\D/g, ""))}
                style={{ width: 160 }}
              />
              <Button type="primary" onClick={() => void confirm()} loading={busy}>
                {t("signin.confirm")}
              </Button>
            </Space>
          </>
        )}
        {state.enabled && (
          <Button danger onClick={() => setDisableOpen(true)}>
            {t("signin.disable")}
          </Button>
        )}
        {error && !disableOpen && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </Space>
      <Modal
        open={disableOpen}
        title={t("signin.disable")}
        okText={t("common.confirm")}
        cancelText={t("common.cancel")}
        confirmLoading={busy}
        onOk={() => void disable()}
        onCancel={() => {
          setDisableOpen(false);
          setError("");
        }}
      >
        <Typography.Paragraph>{t("signin.disableHint")}</Typography.Paragraph>
        <label htmlFor="totp-disable-password">{t("signin.password")}</label>
        <Input.Password id="totp-disable-password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </Modal>
    </Card>
  );
}
