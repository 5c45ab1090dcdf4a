import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { LOCALES } from "../../app/i18n";
import { useLocale } from "../../hooks/useLocale";

/** LocaleLinks is the login page's light locale switcher: each locale names itself, one click switches. */
export function LocaleLinks() {
  const { t } = useTranslation();
  const { locale, changeLocale } = useLocale();
  return (
    <Space size={0} wrap role="group" aria-label={t("locale.label")}>
      {LOCALES.map((l) => (
        <Button key={l} type="link" size="small" disabled={l === locale} aria-pressed={l === locale} onClick={() => void changeLocale(l)}>
          {t(`locale.names.${l}`)}
        </Button>
      ))}
    </Space>
  );
}
