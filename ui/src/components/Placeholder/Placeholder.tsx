import { Result } from "antd";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useRouteTitle } from "../../hooks/useRouteTitle";

/** Placeholder holds the place of a screen another issue builds, so every static route resolves. */
export default function Placeholder() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleOf = useRouteTitle();
  return <Result status="info" title={titleOf(pathname)} subTitle={t("pages.placeholder")} />;
}
