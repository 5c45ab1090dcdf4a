// Menu configuration (spec §2): three tabs (web, mini program, app), each a lazy drag-sortable menu tree,
// under the dragging tips.

import { Alert, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { MenuTree } from "./MenuTree";

export default function MenuConfigPage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon message={t("system.menus.tips")} style={{ marginBottom: 12 }} />
      <Tabs
        items={[
          { key: "web", label: t("system.menus.tabWeb"), children: <MenuTree terminal="web" /> },
          { key: "mini", label: t("system.menus.tabMini"), children: <MenuTree terminal="mini" /> },
          { key: "app", label: t("system.menus.tabApp"), children: <MenuTree terminal="app" /> },
        ]}
      />
    </>
  );
}
