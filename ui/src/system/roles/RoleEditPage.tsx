// Role editor (spec §2 "Role add/edit", §4 role editor, §5 "Role"): name, extension attribute and icon, and
// three tabs of checkable menu trees (web, mini program, app). Saving creates (POST) or updates (PUT) the
// role, then saves its menus per terminal; success closes the tab and returns to role-management. The role
// and its menus are read and saved through refine's "system" provider.

import { Button, Form, Input, Space, Spin, Switch, Tabs, Tree, message } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useCreate, useCustom, useCustomMutation, useOne, useUpdate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import { SYSTEM } from "../../api/systemDataProvider";
import { NAMED_ROUTES } from "../../app/routes";
import { useTabsStore } from "../../stores/useTabsStore";
import { ruleOf } from "../formRule";
import { IconPicker } from "./IconPicker";
import { ROLE_MESSAGES } from "./messages";
import { FRESH, useOnFailure } from "../queries";
import { MENU_TERMINALS, menusCall, ROLE_PATHS, saveMenusCall, type MenuTerminal, type Role } from "./roleApi";
import {
  checkedKeysOf,
  checkRole,
  expandedKeysOf,
  forcedKeysOf,
  hasChosenMenu,
  menusToSave,
  toTreeData,
  type CheckTreeNode,
  type MenuCheckNode,
  type RoleValues,
} from "./roleRules";
import styles from "./roles.module.css";

type PerTerminal<T> = Record<MenuTerminal, T>;

interface Loaded {
  values: RoleFormValues;
  trees: PerTerminal<CheckTreeNode[]>;
  checked: PerTerminal<string[]>;
  /** The keys each tree keeps checked whatever the user does (the web tree's workbench). */
  forced: PerTerminal<string[]>;
  /** The nodes shown open at first: those above a checked menu. */
  expanded: PerTerminal<string[]>;
}

/** RoleFormValues adds the two-factor requirement (a switch) to the checked fields. */
type RoleFormValues = RoleValues & { requireTotp?: boolean };

const TAB_LABEL: PerTerminal<string> = { web: "system.roles.menusWeb", mini: "system.roles.menusMini", app: "system.roles.menusApp" };

/** loadedOf shapes the role and the three terminals' menu trees for the editor. */
function loadedOf(role: Role | undefined, menus: PerTerminal<MenuCheckNode[]>): Loaded {
  const per = <T,>(f: (terminal: MenuTerminal) => T) => Object.fromEntries(MENU_TERMINALS.map((k) => [k, f(k)])) as PerTerminal<T>;
  return {
    values: { name: role?.name ?? "", roleExtent: role?.roleExtent ?? "", icon: role?.icon ?? "", requireTotp: role?.requireTotp ?? false },
    trees: per((k) => toTreeData(menus[k])),
    checked: per((k) => checkedKeysOf(menus[k])),
    forced: per((k) => forcedKeysOf(menus[k])),
    expanded: per((k) => expandedKeysOf(menus[k])),
  };
}

// The screen shows its own messages (spec §8); refine's notices stay off.
const QUIET = { dataProviderName: SYSTEM, successNotification: false, errorNotification: false } as const;

/** useTerminalMenus reads one terminal's menu tree with the role's menus checked (a POST with a form). */
function useTerminalMenus(terminal: MenuTerminal, roleId: number) {
  const call = menusCall(terminal, roleId);
  // The form body does not tell the three calls apart in refine's cache key; the terminal does.
  return useCustom<MenuCheckNode[]>({ url: call.url, method: "post", config: { payload: call.payload }, meta: { terminal, roleId }, queryOptions: { ...FRESH, placeholderData: undefined }, ...QUIET });
}

export default function RoleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const [form] = Form.useForm<RoleFormValues>();
  const [edited, setEdited] = useState<PerTerminal<string[]> | null>(null);
  const [saving, setSaving] = useState(false);

  const role = useOne<Role>({ resource: ROLE_PATHS.records, id, queryOptions: { ...FRESH, enabled: id > 0, placeholderData: undefined }, ...QUIET });
  const web = useTerminalMenus("web", id);
  const mini = useTerminalMenus("mini", id);
  const app = useTerminalMenus("app", id);
  const reads = [role.query, web.query, mini.query, app.query];
  const failed = reads.some((q) => q.isError);
  useOnFailure({ isError: failed, errorUpdatedAt: Math.max(...reads.map((q) => q.errorUpdatedAt)) }, () => message.error(ROLE_MESSAGES.initFailed));
  const ready = (id === 0 || role.query.isSuccess) && web.query.isSuccess && mini.query.isSuccess && app.query.isSuccess;
  const roleData = id ? role.result : undefined;
  const loaded = useMemo(
    () => (ready ? loadedOf(roleData, { web: web.result.data, mini: mini.result.data, app: app.result.data }) : null),
    [ready, roleData, web.result.data, mini.result.data, app.result.data],
  );
  // The user's checks, or the role's own until the user changes them.
  const checked: PerTerminal<string[]> = edited ?? loaded?.checked ?? { web: [], mini: [], app: [] };
  const setChecked = (update: (c: PerTerminal<string[]>) => PerTerminal<string[]>) => setEdited(update(checked));
  // The form shows what was read.
  useEffect(() => {
    if (loaded) form.setFieldsValue(loaded.values);
  }, [loaded, form]);
  const { mutateAsync: create } = useCreate<Role>();
  const { mutateAsync: update } = useUpdate<Role>();
  const { mutateAsync: saveMenus } = useCustomMutation();

  const close = useCallback(() => {
    useTabsStore.getState().tabClosed(pathname);
    navigate(NAMED_ROUTES["role-management"]);
  }, [navigate, pathname]);

  const reset = () => {
    if (!loaded) return;
    form.resetFields();
    form.setFieldsValue(loaded.values);
    setEdited(null);
  };

  const submit = async (values: RoleFormValues) => {
    if (!loaded) return;
    if (!hasChosenMenu(MENU_TERMINALS.map((k) => checked[k]), MENU_TERMINALS.flatMap((k) => loaded.forced[k]))) {
      message.warning(ROLE_MESSAGES.menuRequired);
      return;
    }
    setSaving(true);
    try {
      const body = {
        ...(id ? { id } : {}),
        name: values.name?.trim() ?? "",
        roleExtent: values.roleExtent?.trim() ?? "",
        icon: values.icon ?? "",
        requireTotp: values.requireTotp === true,
        parentId: 0,
      };
      const save = { resource: ROLE_PATHS.records, values: body, invalidates: [], ...QUIET };
      const { data: saved } = await (id ? update({ ...save, id }) : create(save));
      for (const terminal of MENU_TERMINALS) {
        const call = saveMenusCall(terminal, saved.id, menusToSave(checked[terminal], loaded.forced[terminal]));
        await saveMenus({ url: call.url, method: "post", values: call.payload, ...QUIET });
      }
      message.success(id ? ROLE_MESSAGES.updateSuccess : ROLE_MESSAGES.createSuccess);
      close();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length > 0) {
        form.setFields(err.fieldErrors.filter((e) => e.field in loaded.values).map((e) => ({ name: e.field as keyof RoleValues, errors: [e.message] })));
      }
      message.error(id ? ROLE_MESSAGES.updateFailed : ROLE_MESSAGES.createFailed);
      setSaving(false);
    }
  };

  const tabs = useMemo(
    () =>
      MENU_TERMINALS.map((terminal) => ({
        key: terminal,
        label: t(TAB_LABEL[terminal]),
        children: (
          <Tree
            checkable
            defaultExpandedKeys={loaded?.expanded[terminal]}
            selectable={false}
            treeData={loaded?.trees[terminal] ?? []}
            checkedKeys={checked[terminal]}
            onCheck={(keys) => {
              const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
              const forced = (loaded?.forced[terminal] ?? []).filter((k) => !list.includes(k));
              setChecked((c) => ({ ...c, [terminal]: [...forced, ...list] }));
            }}
          />
        ),
      })),
    [checked, loaded, t],
  );

  const rule = (field: keyof RoleValues) => ruleOf(form, checkRole, field);
  return (
    <Spin spinning={!loaded}>
      <Form form={form} layout="vertical" className={styles.form} onFinish={(v) => void submit(v)} disabled={saving}>
        <Form.Item name="name" label={t("system.roles.name")} required rules={[rule("name")]}>
          <Input maxLength={20} allowClear />
        </Form.Item>
        <Form.Item name="roleExtent" label={t("system.roles.roleExtent")} rules={[rule("roleExtent")]}>
          <Input maxLength={20} allowClear />
        </Form.Item>
        <Form.Item name="icon" label={t("system.roles.icon")} required rules={[rule("icon")]}>
          <IconPicker placeholder={t("system.roles.iconPlaceholder")} />
        </Form.Item>
        <Form.Item name="requireTotp" label={t("signin.roleRequire")} valuePropName="checked">
          <Switch />
        </Form.Item>
        {loaded && <Tabs items={tabs} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t("common.submit")}
          </Button>
          <Button onClick={reset}>{t("common.reset")}</Button>
          <Button onClick={close} disabled={false}>
            {t("common.back")}
          </Button>
        </Space>
      </Form>
    </Spin>
  );
}
