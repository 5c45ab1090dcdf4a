import { useMemo, type ReactNode } from "react";
import { Avatar, Button, Dropdown, Layout, Menu, Space, Typography, type MenuProps } from "antd";
import { ClusterOutlined, IdcardOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { buildMenuTree, NEW_WINDOW_PATHS, trailTo, type MenuNode } from "../../app/menus";
import { moduleRouteOf, modulePath, NAMED_ROUTES } from "../../app/routes";
import { useSessionStore } from "../../stores/useSessionStore";
import { useUiStore } from "../../stores/useUiStore";
import { Breadcrumbs } from "../Breadcrumbs/Breadcrumbs";
import { LocaleSwitcher } from "../LocaleSwitcher/LocaleSwitcher";
import { MenuIcon } from "../MenuIcon/MenuIcon";
import { MessageBell } from "../../realtime/MessageBell";
import { TabBar } from "../TabBar/TabBar";
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

/** AppLayout is the shell's frame: collapsible sider with the server menus, header, tabs, content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useSessionStore((s) => s.menus);
  const user = useSessionStore((s) => s.user);
  const collapsed = useUiStore((s) => s.collapsed);
  const siderToggled = useUiStore((s) => s.siderToggled);
  const { mutate: logout } = useLogout();

  const tree = useMemo(() => buildMenuTree(menus), [menus]);
  const items = useMemo(() => toItems(tree), [tree]);
  const mod = moduleRouteOf(pathname);
  const selected = mod ? modulePath.list(mod.module) : pathname;
  const openKeys = trailTo(tree, selected)
    .slice(0, -1)
    .map((n) => `group:${n.key}`);

  const onMenuClick: MenuProps["onClick"] = ({ key }) => {
    if (key.startsWith(EXTERNAL)) {
      window.open(key.slice(EXTERNAL.length), "_blank", "noopener");
    } else if (NEW_WINDOW_PATHS.includes(key)) {
      window.open(key, "_blank", "noopener");
    } else {
      navigate(key);
    }
  };

  const displayName = [user?.familyName, user?.name].filter(Boolean).join("") || user?.username || "";

  return (
    <Layout className={styles.root}>
      <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={220} className={styles.sider}>
        <div className={styles.logo}>{collapsed ? t("app.short") : t("app.title")}</div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[selected]}
          defaultOpenKeys={openKeys}
          onClick={onMenuClick}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Space>
            <Button
              type="text"
              aria-label={collapsed ? t("shell.expand") : t("shell.collapse")}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={siderToggled}
            />
            <Breadcrumbs />
          </Space>
          <Space>
            <MessageBell />
            <LocaleSwitcher />
            <Dropdown
              menu={{
                items: [
                  { key: "profile", icon: <IdcardOutlined />, label: t("system.profile.menu") },
                  ...(user?.platformAdmin ? [{ key: "tenants", icon: <ClusterOutlined />, label: t("tenants.menu") }] : []),
                  { key: "logout", icon: <LogoutOutlined />, label: t("shell.logout") },
                ],
                onClick: ({ key }) => {
                  if (key === "profile") navigate(NAMED_ROUTES["self-edit"]);
                  if (key === "tenants") navigate(NAMED_ROUTES["platform-tenants"]);
                  if (key === "logout") logout();
                },
              }}
            >
              <Space className={styles.user}>
                <Avatar size="small" icon={<UserOutlined />} />
                <Typography.Text>{displayName}</Typography.Text>
              </Space>
            </Dropdown>
          </Space>
        </Layout.Header>
        <div className={styles.tabs}>
          <TabBar />
        </div>
        <Layout.Content className={styles.content}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
