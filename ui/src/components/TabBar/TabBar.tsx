import { Dropdown, Tabs } from "antd";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useRouteTitle } from "../../hooks/useRouteTitle";
import { HOME_PATH, nextAfterClose, useTabsStore } from "../../stores/useTabsStore";

/** TabBar lists the open pages (kept in session storage); the home tab cannot close. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const tabClosed = useTabsStore((s) => s.tabClosed);
  const othersClosed = useTabsStore((s) => s.othersClosed);
  const allClosed = useTabsStore((s) => s.allClosed);
  const titleOf = useRouteTitle();

  const close = (key: string) => {
    if (key === pathname) navigate(nextAfterClose(tabs, key));
    tabClosed(key);
  };

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      onChange={(key) => navigate(tabs.find((tab) => tab.key === key)?.to ?? key)}
      onEdit={(key, action) => {
        if (action === "remove" && typeof key === "string") close(key);
      }}
      tabBarStyle={{ margin: 0 }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: tab.key !== HOME_PATH,
        label: (
          <Dropdown
            trigger={["contextMenu"]}
            menu={{
              items: [
                { key: "close", label: t("tabs.close"), disabled: tab.key === HOME_PATH },
                { key: "others", label: t("tabs.closeOthers") },
                { key: "all", label: t("tabs.closeAll") },
              ],
              onClick: ({ key }) => {
                if (key === "close") close(tab.key);
                if (key === "others") {
                  othersClosed(tab.key);
                  if (pathname !== tab.key) navigate(tab.to);
                }
                if (key === "all") {
                  allClosed();
                  navigate(HOME_PATH);
                }
              },
            }}
          >
            <span>{titleOf(tab.key)}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
