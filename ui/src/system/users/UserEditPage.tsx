// User add and edit (spec §2 "User edit", routes user-add and user-edit; ?isDetail=true shows the user
// read-only): every field of the UserDetail with the rules of spec §5, the organisation cascader and the
// role multi-select, and in edit mode the new password and the administrator's current login password,
// both encrypted before they are sent. Save, Reset and Back. The user, the roles and the password rule
// are read, and the user saved, through refine's "system" provider.

import { useMemo, useState } from "react";
import { useCreate, useCustom, useList, useUpdate } from "@refinedev/core";
import { Button, Card, Form, Input, Modal, Select, Space, Spin, Tooltip, message } from "antd";
import { QuestionCircleOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AUTH_PATHS, encryptPasswords } from "../../api/authApi";
import { SYSTEM } from "../../api/systemDataProvider";
import { useSessionStore } from "../../stores/useSessionStore";
import { AvatarField } from "../avatar/AvatarField";
import { noSpaces, toRule } from "../formRules";
import { useCloseTo } from "../useCloseTo";
import { uniqueRule } from "./asyncRules";
import { OrgCascader } from "../../widgets/pickers/OrgCascader";
import { FRESH, useOnFailure } from "../queries";
import { saveFailureOf } from "./saveErrors";
import { mobileTaken, personFields, USER_PATHS, usernameTaken, type RoleOption, type SavedUser, type UserDetail } from "./userApi";
import * as R from "./userRules";

/** UserFormValues are the form's fields. */
interface UserFormValues {
  username: string;
  familyName: string;
  name: string;
  mobile: string;
  email?: string;
  imgPath?: string;
  discTitle?: string;
  discDetail?: string;
  registerTime?: string;
  lastLogin?: string;
  orgId?: number;
  roleIds?: number[];
  newPassword?: string;
  currentUserPwd?: string;
}

const SERVER_FIELDS = ["username", "familyName", "name", "mobile", "email", "imgPath", "discTitle", "discDetail", "roleIds", "orgId", "newPassword", "currentUserPwd"];

const LIST_PATH = "/user-management";

/** valuesOf turns a loaded user into form values. */
function valuesOf(u: UserDetail): UserFormValues {
  const roleIds = u.roleIds ? u.roleIds.split(",").filter(Boolean).map(Number) : [];
  const { username, familyName, name, mobile, email, imgPath, discTitle, discDetail, registerTime, lastLogin } = u;
  return { username, familyName, name, mobile, email, imgPath, discTitle, discDetail, registerTime, lastLogin, orgId: u.orgId || undefined, roleIds };
}

const NEW_USER: UserFormValues = {} as UserFormValues;

// The screen shows its own messages (spec §8); refine's notices stay off.
const QUIET = { dataProviderName: SYSTEM, errorNotification: false, successNotification: false } as const;

const trimmed = (v?: string) => (v ?? "").trim();

export default function UserEditPage() {
  const { t } = useTranslation();
  const closeTo = useCloseTo();
  const [params] = useSearchParams();
  const userId = Number(params.get("userId") ?? 0) || 0;
  const isNew = userId === 0;
  const readOnly = !isNew && params.get("isDetail") === "true";
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const f = (key: string) => t(`system.users.${key}`);

  const roleList = useList<RoleOption>({ resource: USER_PATHS.roles, pagination: { mode: "off" }, queryOptions: FRESH, ...QUIET });
  useOnFailure(roleList.query, () => void message.error(R.USER_MSG.loadFailed));
  const roles = roleList.result.data;
  const ruleCall = useCustom({ url: AUTH_PATHS.passwordRule, method: "get", queryOptions: { ...FRESH, enabled: !isNew && !readOnly }, ...QUIET });
  const ruleText: unknown = ruleCall.result.data;
  const rule = typeof ruleText === "string" ? ruleText : "";
  const userCall = useCustom<UserDetail>({
    url: USER_PATHS.byId,
    method: "get",
    config: { query: { userId } },
    queryOptions: { ...FRESH, enabled: !isNew, placeholderData: undefined },
    ...QUIET,
  });
  useOnFailure(userCall.query, () => void message.error(R.USER_MSG.userLoadFailed));
  const loadFailed = userCall.query.isError;
  const user = userCall.query.isSuccess ? userCall.result.data : undefined;
  const initial = useMemo(() => (isNew ? NEW_USER : user ? valuesOf(user) : null), [isNew, user]);
  const { mutateAsync: create } = useCreate<SavedUser>();
  const { mutateAsync: update } = useUpdate<SavedUser>();

  const reset = () => {
    form.resetFields();
    if (initial) form.setFieldsValue(initial);
  };

  const submit = async (v: UserFormValues) => {
    setSaving(true);
    try {
      const body: Record<string, unknown> = {
        username: trimmed(v.username),
        ...personFields(v),
        roleIds: (v.roleIds ?? []).join(","),
        orgId: v.orgId ?? 0,
      };
      if (!isNew) {
        const secrets = [v.currentUserPwd ?? "", ...(v.newPassword ? [v.newPassword] : [])];
        const [current, next] = await encryptPasswords(...secrets);
        Object.assign(body, { id: userId, userId, currentUserPwd: current, newPassword: next ?? "" });
      }
      const saveCall = { resource: USER_PATHS.save, values: body, invalidates: [], ...QUIET };
      const { data: saved } = await (isNew ? create(saveCall) : update({ ...saveCall, id: userId }));
      // An administrator who reset their own password ended their sessions; the answer's token goes on.
      if (saved.token) useSessionStore.setState({ token: saved.token, mustChangePassword: false });
      void message.success(f("saved"));
      const initialPassword = saved.initialPassword;
      if (initialPassword) Modal.info({ title: f("initialPasswordTitle"), content: t("system.users.initialPassword", { password: initialPassword }) });
      closeTo(LIST_PATH);
    } catch (err) {
      const failure = saveFailureOf(err, f("saveFailed"), SERVER_FIELDS);
      void message.error(failure.message);
      if (failure.fields.length) form.setFields(failure.fields.map((x) => ({ name: x.name as keyof UserFormValues, errors: x.errors })));
    } finally {
      setSaving(false);
    }
  };

  const back = (
    <Button disabled={false} onClick={() => closeTo(LIST_PATH)}>
      {t("common.back")}
    </Button>
  );
  if (loadFailed) return <Card>{back}</Card>;
  if (!initial) return <Spin style={{ display: "block", margin: 48 }} />;

  return (
    <Card title={readOnly ? f("detailTitle") : isNew ? f("addTitle") : f("editTitle")}>
      <Form<UserFormValues>
        key={userId}
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        disabled={readOnly}
        initialValues={initial}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="username"
          label={f("username")}
          required
          validateFirst
          validateDebounce={400}
          getValueFromEvent={noSpaces}
          rules={isNew ? [toRule(R.checkUsername), uniqueRule(R.checkUsername, usernameTaken, R.USER_MSG.usernameTaken)] : []}
        >
          <Input maxLength={R.USER_LIMITS.username} allowClear disabled={!isNew} />
        </Form.Item>
        <Form.Item name="familyName" label={f("familyName")} required rules={[toRule(R.checkFamilyName)]}>
          <Input maxLength={R.USER_LIMITS.personName} allowClear />
        </Form.Item>
        <Form.Item name="name" label={f("name")} required rules={[toRule(R.checkName)]}>
          <Input maxLength={R.USER_LIMITS.personName} allowClear />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={f("mobile")}
          required
          validateFirst
          validateDebounce={400}
          getValueFromEvent={noSpaces}
          rules={[toRule(R.checkMobile), uniqueRule(R.checkMobile, (m) => mobileTaken(m, userId || undefined), R.USER_MSG.mobileTaken)]}
        >
          <Input maxLength={R.USER_LIMITS.mobile} allowClear />
        </Form.Item>
        <Form.Item name="email" label={f("email")} getValueFromEvent={noSpaces} rules={[toRule(R.checkProfileEmail)]}>
          <Input maxLength={R.USER_LIMITS.email} allowClear />
        </Form.Item>
        <Form.Item name="imgPath" label={f("avatar")}>
          <AvatarField disabled={readOnly} />
        </Form.Item>
        <Form.Item name="discTitle" label={f("discTitle")} rules={[toRule(R.checkDiscTitle)]}>
          <Input maxLength={R.USER_LIMITS.discTitle} allowClear />
        </Form.Item>
        <Form.Item name="discDetail" label={f("discDetail")} rules={[toRule(R.checkDiscDetail)]}>
          <Input.TextArea maxLength={R.USER_LIMITS.discDetail} showCount allowClear rows={4} />
        </Form.Item>
        {!isNew && (
          <>
            <Form.Item name="registerTime" label={f("registerTime")}>
              <Input readOnly variant="borderless" />
            </Form.Item>
            <Form.Item name="lastLogin" label={f("lastLogin")}>
              <Input readOnly variant="borderless" />
            </Form.Item>
          </>
        )}
        <Form.Item name="orgId" label={f("org")} required rules={[toRule(R.checkOrg)]}>
          <OrgCascader placeholder={f("orgPlaceholder")} disabled={readOnly} />
        </Form.Item>
        <Form.Item name="roleIds" label={f("roles")} required rules={[toRule(R.checkRoles)]}>
          <Select mode="multiple" allowClear placeholder={f("rolesPlaceholder")} options={roles.map((r) => ({ value: r.id, label: r.name }))} optionFilterProp="label" />
        </Form.Item>
        {!isNew && !readOnly && (
          <>
            <Form.Item
              name="newPassword"
              label={
                <Space size={4}>
                  {f("newPassword")}
                  <Tooltip title={rule || R.USER_MSG.passwordPolicy}>
                    <QuestionCircleOutlined aria-label={f("passwordRule")} />
                  </Tooltip>
                </Space>
              }
              getValueFromEvent={noSpaces}
              rules={[toRule(R.checkNewPassword)]}
            >
              <Input.Password maxLength={20} autoComplete="new-password" allowClear />
            </Form.Item>
            <Form.Item name="currentUserPwd" label={f("currentPassword")} required getValueFromEvent={noSpaces} rules={[toRule(R.checkCurrentPassword)]}>
              <Input.Password maxLength={R.USER_LIMITS.input} autoComplete="current-password" allowClear />
            </Form.Item>
          </>
        )}
        <Form.Item wrapperCol={{ offset: 5, span: 14 }}>
          <Space>
            {!readOnly && (
              <>
                <Button type="primary" htmlType="submit" loading={saving}>
                  {f("save")}
                </Button>
                <Button onClick={reset}>{t("common.reset")}</Button>
              </>
            )}
            {back}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
