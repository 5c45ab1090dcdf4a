import { Select } from "antd";
import { GlobalOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LOCALES, isLocale } from "../../app/i18n";
import { useLocale } from "../../hooks/useLocale";

/** LocaleSwitcher picks the console's language; each locale names itself in its own language. */
export function LocaleSwitcher() {
  const { t } = useTranslation();
  const { locale, changeLocale } = useLocale();
  return (
    <Select
      aria-label={t("locale.label")}
      value={locale}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      onChange={(value: string) => {
        if (isLocale(value)) void changeLocale(value);
      }}
      options={LOCALES.map((l) => ({ value: l, label: t(`locale.names.${l}`) }))}
    />
  );
}
