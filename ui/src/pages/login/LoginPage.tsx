import { Suspense, lazy, useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Button, Input, Spin } from "antd";
import { ApartmentOutlined, LockOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { authProvider, type LoginParams } from "../../app/authProvider";
import { LocaleLinks } from "../../components/LocaleSwitcher/LocaleLinks";
import { useAuthAction } from "../../hooks/useAuthAction";
import { useSessionStore } from "../../stores/useSessionStore";
import { useSignInStore } from "../../stores/useSignInStore";
import styles from "./LoginPage.module.css";

// The two-factor step (and its enrolment view with the QR code) loads only when a sign-in asks for it: the
// login page's first visit stays within its wire budget (e2e/specs/wire-budget.spec.mjs).
const TotpStep = lazy(() => import("./TotpStep").then((m) => ({ default: m.TotpStep })));

export interface LoginPageProps {
  /** h5: the mobile login (/loginH5). */
  variant?: "web" | "h5";
}

/** Spec §9: usernames and passwords are at most 20 characters. */
const MAX_LENGTH = 20;

const login = (p: LoginParams) => authProvider.login(p);

type Errors = Partial<Record<keyof LoginParams, string>>;

/** tenantFromURL is the tenant code a link carries (?tenant=linxian), or "". */
function tenantFromURL(): string {
  if (typeof window === "undefined") return "";
  return new URLSearchParams(window.location.search).get("tenant")?.trim() ?? "";
}

/**
 * LoginPage signs in; opening it resets the routes the last session loaded (spec §2). Its form is plain
 * markup over antd inputs (not antd Form) to keep the first page the browser loads small.
 */
export default function LoginPage({ variant = "web" }: LoginPageProps) {
  const { t } = useTranslation();
  const routesReset = useSessionStore((s) => s.routesReset);
  const { run, pending } = useAuthAction(login);
  const [values, setValues] = useState<LoginParams>(() => ({ username: "", password: "", tenantCode: tenantFromURL() }));
  // The tenant code field shows on demand (most installations have one tenant) or when a link names one.
  const [tenantOpen, setTenantOpen] = useState(() => tenantFromURL() !== "");
  const [errors, setErrors] = useState<Errors>({});
  const codeStep = useSignInStore((s) => s.challenge !== null);
  const challengeCleared = useSignInStore((s) => s.challengeCleared);

  // A code step left from an earlier visit starts over at the password.
  useEffect(() => challengeCleared(), [challengeCleared]);

  useEffect(() => {
    routesReset();
    document.title = t("app.title");
  }, [routesReset, t]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const username = values.username.trim();
    const found: Errors = {};
    if (!username) found.username = t("login.usernameRequired");
    if (!values.password) found.password = t("login.passwordRequired");
    setErrors(found);
    if (!found.username && !found.password) {
      void run({ username, password: values.password, tenantCode: tenantOpen ? (values.tenantCode ?? "").trim() : "" });
    }
  };

  const field = (name: keyof LoginParams, label: string, input: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`login-${name}`} className={styles.label}>
        {label}
      </label>
      {input}
      <div id={`login-${name}-error`} className={styles.error} role={errors[name] ? "alert" : undefined}>
        {errors[name]}
      </div>
    </div>
  );

  const common = (name: keyof LoginParams) => ({
    id: `login-${name}`,
    name,
    value: values[name] ?? "",
    maxLength: MAX_LENGTH,
    disabled: pending,
    status: errors[name] ? ("error" as const) : undefined,
    "aria-invalid": !!errors[name],
    "aria-describedby": `login-${name}-error`,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
    },
  });

  return (
    <main className={variant === "h5" ? styles.h5 : styles.page}>
      <div className={styles.locale}>
        <LocaleLinks />
      </div>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          {t("app.title")}
        </h1>
        <p className={styles.subtitle}>{t("app.subtitle")}</p>
        {codeStep ? (
          <Suspense fallback={<Spin />}>
            <TotpStep />
          </Suspense>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
            {field("username", t("login.username"), <Input {...common("username")} prefix={<UserOutlined />} autoComplete="username" allowClear />)}
            {field(
              "password",
              t("login.password"),
              <Input.Password {...common("password")} prefix={<LockOutlined />} autoComplete="current-password" />,
            )}
            {tenantOpen &&
              field(
                "tenantCode",
                t("tenants.loginCode"),
                <Input {...common("tenantCode")} maxLength={50} prefix={<ApartmentOutlined />} placeholder={t("tenants.loginCodeHint")} autoComplete="organization" />,
              )}
            <Button type="primary" htmlType="submit" block loading={pending}>
              {t("login.submit")}
            </Button>
            {!tenantOpen && (
              <Button type="link" block size="small" onClick={() => setTenantOpen(true)} disabled={pending}>
                {t("tenants.loginLink")}
              </Button>
            )}
          </form>
        )}
      </section>
    </main>
  );
}
