import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";

/** NotFoundPage is /404, where every unknown path ends. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t("pages.notFound")}
      extra={
        <Button type="primary" onClick={() => navigate("/")}>
          {t("pages.backHome")}
        </Button>
      }
    />
  );
}
