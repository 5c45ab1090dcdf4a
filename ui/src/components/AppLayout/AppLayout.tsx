import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, Space, Typography, type MenuProps } from "antd";
import { ClusterOutlined, IdcardOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { buildMenuTree, NEW_WINDOW_PATHS, trailTo, type MenuNode } from "../../app/menus";
import { moduleRouteOf, modulePath, NAMED_ROUTES } from "../../app/routes";
import { useSessionStore } from "../../stores/useSessionStore";
import { useUiStore } from "../../stores/useUiStore";
import { useNarrow } from "../../hooks/useNarrow";
import { Breadcrumbs } from "../Breadcrumbs/Breadcrumbs";
import { LocaleSwitcher } from "../LocaleSwitcher/LocaleSwitcher";
import { MenuIcon } from "../MenuIcon/MenuIcon";
import { MessageBell } from "../../realtime/MessageBell";
import { TabBar } from "../TabBar/TabBar";
import { localizeMenuTree } from "../../schema-ui/localizeSchema";
import { useSchemaTranslator } from "../../schema-ui/schemaTexts";
import styles from "./AppLayout.module.css";

type MenuItem = Required<MenuProps>["items"][number];

const EXTERNAL = "ext:";

function toItems(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.map((n) => ({
    key: n.children.length ? `group:${n.key}` : n.external ? `${EXTERNAL}${n.external}` : (n.path ?? n.key),
    icon: <MenuIcon name={n.icon} />,
    label: n.title,
    children: n.children.length ? toItems(n.children) : undefined,
  }));
}

/**
 * AppLayout is the shell's frame: collapsible sider with the server menus, header, tabs, content. The header
 * and the tab bar stay in place while a long page scrolls; a skip link leads to the content. On a narrow
 * screen (useNarrow) the sider becomes a drawer opened from the header's menu button.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useSessionStore((s) => s.menus);
  const user = useSessionStore((s) => s.user);
  const collapsed = useUiStore((s) => s.collapsed);
  const siderToggled = useUiStore((s) => s.siderToggled);
  const { mutate: logout } = useLogout();
  const narrow = useNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const tr = useSchemaTranslator();
  const tree = useMemo(() => localizeMenuTree(buildMenuTree(menus), tr), [menus, tr]);
  const items = useMemo(() => toItems(tree), [tree]);
  const mod = moduleRouteOf(pathname);
  const selected = mod ? modulePath.list(mod.module) : pathname;
  const openKeys = trailTo(tree, selected)
    .slice(0, -1)
    .map((n) => `group:${n.key}`);

  const onMenuClick = useCallback<NonNullable<MenuProps["onClick"]>>(
    ({ key }) => {
      if (key.startsWith(EXTERNAL)) {
        window.open(key.slice(EXTERNAL.length), "_blank", "noopener");
      } else if (NEW_WINDOW_PATHS.includes(key)) {
        window.open(key, "_blank", "noopener");
      } else {
        navigate(key);
      }
      setDrawerOpen(false);
    },
    [navigate],
  );

  // A new page closes the drawer (also when it was reached some other way than the menu).
  useEffect(() => setDrawerOpen(false), [pathname]);

  const displayName = [user?.familyName, user?.name].filter(Boolean).join("") || user?.username || "";

  // The shell re-renders on every change of the URL (a list writes its criteria there): its parts are
  // memoized on what they show, so that such a write re-renders the page, not the menu and the header.
  const openKeysKey = openKeys.join("\n");
  const menu = useMemo(
    () => (
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        defaultOpenKeys={openKeysKey ? openKeysKey.split("\n") : []}
        onClick={onMenuClick}
      />
    ),
    [items, selected, openKeysKey, onMenuClick],
  );

  // The user menu keeps its identity across the shell's re-renders (a message arriving, a tab opening), so
  // rc-menu keeps the item the arrow keys reached.
  const platformAdmin = !!user?.platformAdmin;
  const userMenu = useMemo<MenuProps>(
    () => ({
      items: [
        { key: "profile", icon: <IdcardOutlined />, label: t("system.profile.menu") },
        ...(platformAdmin ? [{ key: "tenants", icon: <ClusterOutlined />, label: t("tenants.menu") }] : []),
        { key: "logout", icon: <LogoutOutlined />, label: t("shell.logout") },
      ],
      onClick: ({ key }) => {
        if (key === "profile") navigate(NAMED_ROUTES["self-edit"]);
        if (key === "tenants") navigate(NAMED_ROUTES["platform-tenants"]);
        if (key === "logout") logout();
      },
    }),
    [platformAdmin, t, navigate, logout],
  );

  const navigation = useMemo(
    () =>
      narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={260}
          title={t("app.title")}
          className={styles.drawer}
          styles={{ body: { padding: 0, background: "#001529" }, header: { background: "#001529" } }}
        >
          <nav aria-label={t("a11y.menu")}>{menu}</nav>
        </Drawer>
      ) : (
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={220} className={styles.sider}>
          <div className={styles.logo}>{collapsed ? t("app.short") : t("app.title")}</div>
          <nav aria-label={t("a11y.menu")}>{menu}</nav>
        </Layout.Sider>
      ),
    [narrow, drawerOpen, collapsed, menu, t],
  );
  const headerStart = useMemo(
    () => (
      <Space>
        {narrow ? (
          <Button type="text" aria-label={t("a11y.openMenu")} aria-expanded={drawerOpen} icon={<MenuUnfoldOutlined />} onClick={() => setDrawerOpen(true)} />
        ) : (
          <Button
            type="text"
            aria-label={collapsed ? t("shell.expand") : t("shell.collapse")}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={siderToggled}
          />
        )}
        {!narrow && <Breadcrumbs />}
      </Space>
    ),
    [narrow, drawerOpen, collapsed, siderToggled, t],
  );
  const headerEnd = useMemo(
    () => (
      <Space>
        <MessageBell />
        <LocaleSwitcher />
        <Dropdown
          trigger={["hover", "click"]}
          autoFocus
          menu={userMenu}
        >
          <button type="button" className={styles.user} aria-label={displayName || t("shell.logout")}>
            <Avatar size="small" icon={<UserOutlined />} />
            {!narrow && <Typography.Text>{displayName}</Typography.Text>}
          </button>
        </Dropdown>
      </Space>
    ),
    [narrow, userMenu, displayName, t],
  );

  const tabBar = useMemo(() => <TabBar />, []);

  return (
    <Layout className={styles.root}>
      <a className={styles.skip} href="#main-content">
        {t("a11y.skipToContent")}
      </a>
      {navigation}
      <Layout className={styles.main}>
        <div className={styles.top}>
        <Layout.Header className={styles.header}>
          {headerStart}
          {headerEnd}
        </Layout.Header>
          <div className={styles.tabs}>{tabBar}</div>
        </div>
        <Layout.Content id="main-content" tabIndex={-1} className={styles.content}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
