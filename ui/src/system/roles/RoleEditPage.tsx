// Role editor (spec §2 "Role add/edit", §4 role editor, §5 "Role"): name, extension attribute and icon, and
// three tabs of checkable menu trees (web, mini program, app). Saving creates (POST) or updates (PUT) the
// role, then saves its menus per terminal; success closes the tab and returns to role-management.

import { Button, Form, Input, Space, Spin, Switch, Tabs, Tree, message } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../app/http";
import { NAMED_ROUTES } from "../../app/routes";
import { useTabsStore } from "../../stores/useTabsStore";
import { ruleOf } from "../formRule";
import { IconPicker } from "./IconPicker";
import { ROLE_MESSAGES } from "./messages";
import { MENU_TERMINALS, roleApi, type MenuTerminal } from "./roleApi";
import {
  checkedKeysOf,
  checkRole,
  expandedKeysOf,
  forcedKeysOf,
  hasChosenMenu,
  menusToSave,
  toTreeData,
  type CheckTreeNode,
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

async function loadRole(id: number): Promise<Loaded> {
  const [role, ...menus] = await Promise.all([
    id ? roleApi.get(id) : Promise.resolve(undefined),
    ...MENU_TERMINALS.map((terminal) => roleApi.menus(terminal, id)),
  ]);
  const per = <T,>(f: (i: number) => T) => Object.fromEntries(MENU_TERMINALS.map((k, i) => [k, f(i)])) as PerTerminal<T>;
  return {
    values: { name: role?.name ?? "", roleExtent: role?.roleExtent ?? "", icon: role?.icon ?? "", requireTotp: role?.requireTotp ?? false },
    trees: per((i) => toTreeData(menus[i])),
    checked: per((i) => checkedKeysOf(menus[i])),
    forced: per((i) => forcedKeysOf(menus[i])),
    expanded: per((i) => expandedKeysOf(menus[i])),
  };
}

export default function RoleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || 0;
  const [form] = Form.useForm<RoleFormValues>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [checked, setChecked] = useState<PerTerminal<string[]>>({ web: [], mini: [], app: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    loadRole(id).then(
      (data) => {
        if (!live) return;
        setLoaded(data);
        setChecked(data.checked);
        form.setFieldsValue(data.values);
      },
      () => live && message.error(ROLE_MESSAGES.initFailed),
    );
    return () => {
      live = false;
    };
  }, [id, form]);

  const close = useCallback(() => {
    useTabsStore.getState().tabClosed(pathname);
    navigate(NAMED_ROUTES["role-management"]);
  }, [navigate, pathname]);

  const reset = () => {
    if (!loaded) return;
    form.resetFields();
    form.setFieldsValue(loaded.values);
    setChecked(loaded.checked);
  };

  const submit = async (values: RoleFormValues) => {
    if (!loaded) return;
    if (!hasChosenMenu(MENU_TERMINALS.map((k) => checked[k]), MENU_TERMINALS.flatMap((k) => loaded.forced[k]))) {
      message.warning(ROLE_MESSAGES.menuRequired);
      return;
    }
    setSaving(true);
    try {
      const role = await roleApi.save({
        ...(id ? { id } : {}),
        name: values.name?.trim() ?? "",
        roleExtent: values.roleExtent?.trim() ?? "",
        icon: values.icon ?? "",
        requireTotp: values.requireTotp === true,
        parentId: 0,
      });
      for (const terminal of MENU_TERMINALS) {
        await roleApi.saveMenus(terminal, role.id, menusToSave(checked[terminal], loaded.forced[terminal]));
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
