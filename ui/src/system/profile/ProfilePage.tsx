// The profile page (spec §2 "Profile page", route self-edit): the signed-in user edits their own name,
// contact, avatar and description; username, register time and last login are read-only. Saving returns
// to UserWorkbench. The change-password dialog opens from here. The profile is read and saved through
// refine's "system" provider.

import { useState } from "react";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Button, Card, Form, Input, Space, Spin, message } from "antd";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "../../api/systemDataProvider";
import { NAMED_ROUTES } from "../../app/routes";
import { useSessionStore } from "../../stores/useSessionStore";
import { AvatarField } from "../avatar/AvatarField";
import { noSpaces, toRule } from "../formRules";
import { useCloseTo } from "../useCloseTo";
import { saveFailureOf } from "../users/saveErrors";
import { personFields, USER_PATHS, type UserDetail } from "../users/userApi";
import { FRESH, useOnFailure } from "../queries";
import * as R from "../users/userRules";
import { PasswordDialog } from "./PasswordDialog";
import { PROFILE_MSG } from "./profileRules";
import { TotpCard } from "./TotpCard";

type ProfileValues = Pick<
  UserDetail,
  "username" | "familyName" | "name" | "mobile" | "email" | "imgPath" | "discTitle" | "discDetail" | "registerTime" | "lastLogin"
>;

const FIELDS = ["familyName", "name", "mobile", "email", "imgPath", "discTitle", "discDetail"];

export default function ProfilePage() {
  const { t } = useTranslation();
  const closeTo = useCloseTo();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const f = (key: string) => t(`system.profile.${key}`);
  const u = (key: string) => t(`system.users.${key}`);

  const me = useCustom<UserDetail>({ url: USER_PATHS.current, method: "get", dataProviderName: SYSTEM, errorNotification: false, queryOptions: FRESH });
  useOnFailure(me.query, () => void message.error(R.USER_MSG.userLoadFailed));
  const initial: ProfileValues | null = me.query.isSuccess ? me.result.data : null;
  const { mutateAsync: save } = useCustomMutation<UserDetail & { token?: string }>();

  const submit = async (v: ProfileValues) => {
    setSaving(true);
    try {
      const { data: saved } = await save({
        url: USER_PATHS.profile,
        method: "put",
        values: { ...personFields(v) },
        dataProviderName: SYSTEM,
        successNotification: false,
        errorNotification: false,
      });
      const user = useSessionStore.getState().user;
      if (user) useSessionStore.setState({ user: { ...user, familyName: saved.familyName, name: saved.name } });
      void message.success(u("saved"));
      closeTo(NAMED_ROUTES.UserWorkbench);
    } catch (err) {
      const failure = saveFailureOf(err, PROFILE_MSG.updateFailed, FIELDS);
      void message.warning(PROFILE_MSG.updateFailed);
      if (failure.fields.length) form.setFields(failure.fields.map((x) => ({ name: x.name as keyof ProfileValues, errors: x.errors })));
    } finally {
      setSaving(false);
    }
  };

  if (!initial) return <Spin style={{ display: "block", margin: 48 }} />;

  return (
    <Card title={f("title")} extra={<Button onClick={() => setPasswordOpen(true)}>{f("changePassword")}</Button>}>
      <Form<ProfileValues> form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 14 }} initialValues={initial} onFinish={(v) => void submit(v)}>
        <Form.Item name="username" label={u("username")}>
          <Input readOnly variant="borderless" />
        </Form.Item>
        <Form.Item name="familyName" label={u("familyName")} required rules={[toRule(R.checkFamilyName)]}>
          <Input maxLength={R.USER_LIMITS.personName} allowClear />
        </Form.Item>
        <Form.Item name="name" label={u("name")} required rules={[toRule(R.checkName)]}>
          <Input maxLength={R.USER_LIMITS.personName} allowClear />
        </Form.Item>
        <Form.Item name="mobile" label={u("mobile")} getValueFromEvent={noSpaces} rules={[toRule(R.checkProfileMobile)]}>
          <Input maxLength={R.USER_LIMITS.mobile} allowClear />
        </Form.Item>
        <Form.Item name="email" label={u("email")} getValueFromEvent={noSpaces} rules={[toRule(R.checkProfileEmail)]}>
          <Input maxLength={R.USER_LIMITS.email} allowClear />
        </Form.Item>
        <Form.Item name="imgPath" label={u("avatar")}>
          <AvatarField />
        </Form.Item>
        <Form.Item name="discTitle" label={u("discTitle")} rules={[toRule(R.checkDiscTitle)]}>
          <Input maxLength={R.USER_LIMITS.discTitle} allowClear />
        </Form.Item>
        <Form.Item name="discDetail" label={u("discDetail")} rules={[toRule(R.checkDiscDetail)]}>
          <Input.TextArea maxLength={R.USER_LIMITS.discDetail} showCount allowClear rows={4} />
        </Form.Item>
        <Form.Item name="registerTime" label={u("registerTime")}>
          <Input readOnly variant="borderless" />
        </Form.Item>
        <Form.Item name="lastLogin" label={u("lastLogin")}>
          <Input readOnly variant="borderless" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 14 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {u("save")}
            </Button>
            <Button onClick={() => form.setFieldsValue(initial)}>{t("common.reset")}</Button>
            <Button onClick={() => closeTo(NAMED_ROUTES.UserWorkbench)}>{t("common.back")}</Button>
          </Space>
        </Form.Item>
      </Form>
      <TotpCard />
      <PasswordDialog open={passwordOpen} username={initial.username} onClose={() => setPasswordOpen(false)} />
    </Card>
  );
}
