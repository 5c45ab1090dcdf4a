import { useState, type FormEvent } from "react";
import { Button, Input, Space, Typography } from "antd";
import { SafetyOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { loginAnswerOf, type LoginAnswer } from "../../api/authApi";
import { signedIn } from "../../app/authProvider";
import { ApiError } from "../../api/errors";
import { cleanCode, codeKind, RECOVERY_LENGTH } from "../../app/totpCode";
import { postLoginCode } from "../../api/totpApi";
import { RecoveryCodes, TotpSetupView } from "../../components/TotpSetup/TotpSetupView";
import { useSignInStore } from "../../stores/useSignInStore";
import styles from "./LoginPage.module.css";

/**
 * TotpStep is the second step of a sign-in: the code from the authenticator app (or a recovery code),
 * sent encrypted like the password. When a role demands two-factor sign-in of a user without it, the
 * secret and its QR code come first, and the recovery codes are shown once before the console opens.
 */
export function TotpStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const challenge = useSignInStore((s) => s.challenge);
  const challengeCleared = useSignInStore((s) => s.challengeCleared);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  const [enrolled, setEnrolled] = useState<LoginAnswer | null>(null);
  if (!challenge) return null;

  const enter = (answer: LoginAnswer) => {
    const res = signedIn(answer);
    const to = search.get("to");
    navigate(!answer.mustChangePassword && to ? to : res.redirectTo, { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (codeKind(code) === "incomplete") {
      setError(t("signin.codeRequired"));
      return;
    }
    setPending(true);
    try {
      const answer = loginAnswerOf(await postLoginCode(challenge.challenge, code));
      if (answer.recoveryCodes?.length) setEnrolled(answer);
      else enter(answer);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : t("login.failed"));
      setCode("");
    } finally {
      setPending(false);
    }
  };

  if (enrolled) {
    return (
      <Space direction="vertical" style={{ width: "100%" }}>
        <RecoveryCodes codes={enrolled.recoveryCodes ?? []} />
        <Button type="primary" block onClick={() => enter(enrolled)}>
          {t("signin.recoveryDone")}
        </Button>
      </Space>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t("signin.title")}>
      {challenge.setup ? (
        <>
          <Typography.Title level={5}>{t("signin.enrolTitle")}</Typography.Title>
          <Typography.Paragraph>{t("signin.enrolHint")}</Typography.Paragraph>
          <TotpSetupView setup={challenge.setup} />
        </>
      ) : (
        <Typography.Paragraph>{t("signin.hint")}</Typography.Paragraph>
      )}
      <div className={styles.field}>
        <label htmlFor="login-code" className={styles.label}>
          {t("signin.code")}
        </label>
        <Input
          id="login-code"
          name="code"
          value={code}
          maxLength={RECOVERY_LENGTH}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          disabled={pending}
          prefix={<SafetyOutlined />}
          status={error ? "error" : undefined}
          aria-invalid={!!error}
          aria-describedby="login-code-error"
          onChange={(e) => {
            setCode(cleanCode(e.target.value));
            if (error) setError("");
          }}
        />
        <div id="login-code-error" className={styles.error} role={error ? "alert" : undefined}>
          {error}
        </div>
      </div>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("signin.submit")}
        </Button>
        <Button type="link" block onClick={challengeCleared}>
          {t("signin.back")}
        </Button>
      </Space>
    </form>
  );
}
