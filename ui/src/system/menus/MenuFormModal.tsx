// The menu node form in a dialog (spec §3 menu nodes, §4 menu types, §5 "Web menu form" and "App menu
// form"): the web form with the external-jump choice, or the mini-program/app form with its image.

import { Form, Input, Modal, Radio, Select, message } from "antd";
import { useEffect } from "react";
import { useCustomMutation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { SYSTEM } from "../../api/systemDataProvider";
import { ruleOf } from "../formRule";
import { IconPicker } from "../roles/IconPicker";
import { ImageField } from "./ImageField";
import { menuBody, menuCalls, type MenuNode, type MenuTerminal } from "./menuApi";
import { APP_MENU_TYPES, checkAppMenu, checkWebMenu, typesFor, withChoice, type AppMenuValues, type WebMenuValues } from "./menuRules";
import { MENU_MESSAGES as M } from "./messages";

type Values = WebMenuValues & AppMenuValues;

/** MenuEditing is what the dialog edits: a new child of parentId, or node. */
export type MenuEditing = { mode: "add"; parentId: number } | { mode: "edit"; node: MenuNode };

export interface MenuFormModalProps {
  terminal: MenuTerminal;
  editing: MenuEditing | null;
  onClose: () => void;
  onSaved: () => void;
}

function initialValues(terminal: MenuTerminal, editing: MenuEditing): Values {
  if (editing.mode === "add") return terminal === "web" ? { choose: false } : {};
  const n = editing.node;
  return {
    type: n.type,
    title: n.title,
    name: n.name,
    url: n.url,
    path: n.path,
    component: n.component,
    permissionCode: n.permissionCode,
    icon: n.icon,
    address: n.address,
    choose: n.choose,
  };
}

export function MenuFormModal({ terminal, editing, onClose, onSaved }: MenuFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { mutateAsync: send, mutation } = useCustomMutation();
  const saving = mutation.isPending;
  const choose = Form.useWatch("choose", form) ?? false;
  const web = terminal === "web";

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(initialValues(terminal, editing));
  }, [editing, terminal, form]);

  const onValuesChange = (changed: Partial<Values>, all: Values) => {
    if (!("choose" in changed)) return;
    const next = withChoice(all, !!changed.choose);
    if (next.type && !typesFor(!!changed.choose).includes(next.type)) next.type = undefined;
    form.setFieldsValue(next);
  };

  const save = async () => {
    if (!editing) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const adding = editing.mode === "add";
    const place = adding ? { parentId: editing.parentId } : { id: editing.node.id, parentId: editing.node.parentId };
    try {
      const body = menuBody(terminal, form.getFieldsValue(true) as Values, place);
      const calls = menuCalls(terminal);
      await send({ ...(adding ? calls.add(body) : calls.update(body)), dataProviderName: SYSTEM, successNotification: false, errorNotification: false });
      message.success(adding ? M.addSuccess : M.updateSuccess);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length > 0) {
        form.setFields(err.fieldErrors.map((e) => ({ name: e.field as keyof Values, errors: [e.message] })));
      }
      const reason = err instanceof ApiError && err.serverMessage ? err.serverMessage : "";
      message.error(`${adding ? M.addFailed : M.updateFailed}${reason}`);
    }
  };

  // A menu the server owns changes only its title and icon.
  const locked = editing?.mode === "edit" && editing.node.system;
  const check = web ? checkWebMenu : checkAppMenu;
  const rule = (field: string) => (locked && field !== "title" ? [] : [ruleOf<Values>(form, check, field)]);
  const typeOptions = (web ? typesFor(!!choose) : APP_MENU_TYPES).map((v) => ({ value: v, label: t(`system.menus.types.${v}`) }));
  const external = web && !!choose;
  const deps = { dependencies: ["type", "choose"] };

  return (
    <Modal
      open={!!editing}
      title={t(editing?.mode === "edit" ? "system.menus.editTitle" : "system.menus.addTitle")}
      okText={t("common.submit")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} name={`menu-${terminal}`} layout="vertical" onValuesChange={onValuesChange} preserve>
        {web && (
          <Form.Item name="choose" label={t("system.menus.choose")}>
            <Radio.Group
              disabled={locked}
              options={[
                { value: true, label: t("common.yes") },
                { value: false, label: t("common.no") },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="type" label={t("system.menus.type")} required rules={rule("type")} {...deps}>
          <Select options={typeOptions} disabled={locked} />
        </Form.Item>
        <Form.Item name="title" label={t("system.menus.title")} required rules={rule("title")}>
          <Input maxLength={20} allowClear />
        </Form.Item>
        <Form.Item name="name" label={t("system.menus.name")} required rules={rule("name")} {...deps}>
          <Input maxLength={100} disabled={external || locked} allowClear />
        </Form.Item>
        <Form.Item name={web ? "url" : "path"} label={t(web ? "system.menus.url" : "system.menus.path")} required rules={rule(web ? "url" : "path")} {...deps}>
          <Input maxLength={web ? 255 : 100} disabled={external || locked} allowClear />
        </Form.Item>
        <Form.Item name="component" label={t("system.menus.component")} rules={rule("component")} {...deps}>
          <Input maxLength={100} disabled={external || locked} allowClear />
        </Form.Item>
        {web && (
          <Form.Item name="address" label={t("system.menus.address")} required={external} rules={rule("address")} {...deps}>
            <Input maxLength={500} disabled={locked} allowClear />
          </Form.Item>
        )}
        <Form.Item name="permissionCode" label={t("system.menus.permissionCode")} rules={rule("permissionCode")}>
          <Input maxLength={50} disabled={locked} allowClear />
        </Form.Item>
        {web ? (
          <Form.Item name="icon" label={t("system.menus.icon")}>
            <IconPicker />
          </Form.Item>
        ) : (
          <Form.Item name="icon" label={t("system.menus.image")} rules={rule("icon")} {...deps}>
            <ImageField uploadLabel={t("system.menus.upload")} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
