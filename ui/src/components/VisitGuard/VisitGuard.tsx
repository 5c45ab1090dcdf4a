import type { ReactNode } from "react";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import { useAccess } from "../../hooks/useAccess";

/** VisitGuard opens its page only when the token's auth claim holds the path's visit code (spec §2, §6). */
export function VisitGuard({ path, children }: { path: string; children: ReactNode }) {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access.canVisit(path)) return <Result status="403" title="403" subTitle={t("pages.forbidden")} />;
  return <>{children}</>;
}
