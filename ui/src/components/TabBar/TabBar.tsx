// The shell's tab bar (spec §2): the open pages, kept in session storage; the home tab cannot close. One tab
// per screen: a tab is keyed by the page's pathname, so the same screen opened with another query reuses its
// tab (and remembers the query). Accessible markup (issue 19): a navigation landmark with one link per page
// (aria-current on the current one) and a labelled close button each, rather than antd's editable tabs
// (whose overflow button inside role=tablist breaks the ARIA rules). Right-click, or Shift+F10 / the
// context-menu key on a tab, opens close / close others / close all. On narrow screens only the current
// page's tab shows (AppLayout.module.css).
import { Dropdown } from "antd";
import { CloseOutlined } from "@ant-design/icons";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useRouteTitle } from "../../hooks/useRouteTitle";
import { HOME_PATH, nextAfterClose, useTabsStore } from "../../stores/useTabsStore";
import styles from "./TabBar.module.css";

/** TabBar lists the open pages; the current one is scrolled into view. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tabs = useTabsStore((s) => s.tabs);
  const tabClosed = useTabsStore((s) => s.tabClosed);
  const othersClosed = useTabsStore((s) => s.othersClosed);
  const allClosed = useTabsStore((s) => s.allClosed);
  const titleOf = useRouteTitle();
  const current = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    current.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [pathname]);

  const close = (key: string) => {
    if (key === pathname) navigate(nextAfterClose(tabs, key));
    tabClosed(key);
  };

  return (
    <nav aria-label={t("a11y.openTabs")} className={styles.bar}>
      <ul className={styles.list}>
        {tabs.map((tab) => {
          const active = tab.key === pathname;
          const title = titleOf(tab.key);
          return (
            <li key={tab.key} className={active ? `${styles.tab} ${styles.active}` : styles.tab} data-tab={tab.key}>
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
                <a
                  ref={active ? current : undefined}
                  href={tab.to}
                  aria-current={active ? "page" : undefined}
                  className={styles.link}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    navigate(tab.to);
                  }}
                >
                  {title}
                </a>
              </Dropdown>
              {tab.key !== HOME_PATH && (
                <button type="button" className={styles.close} aria-label={t("a11y.closeTab", { title })} onClick={() => close(tab.key)}>
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
