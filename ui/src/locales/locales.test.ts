import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import en from "./en";
import ja from "./ja";
import ko from "./ko";
import zhCN from "./zh_CN";
import zhTW from "./zh_TW";
import { hanOutsideBundles } from "./hanCheck";
import type { TextKey } from "./catalogue";

type Tree = { [k: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
}

function valueAt(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

describe("locale bundles", () => {
  const base = keys(zhCN);
  for (const [name, bundle] of Object.entries({ en, ja, ko, zh_TW: zhTW })) {
    it(`${name} has every key of zh_CN, with the same placeholders, and nothing empty`, () => {
      expect(keys(bundle)).toEqual(base);
      for (const key of base) {
        expect(valueAt(bundle, key), key).not.toBe("");
        expect(placeholders(valueAt(bundle, key) ?? ""), key).toEqual(placeholders(valueAt(zhCN, key) ?? ""));
      }
    });
  }

  it("keeps the specification's texts verbatim in zh_CN", () => {
    expect(zhCN.errors.unauthorized).toBe("身份认证信息已失效，请重新登录。");
    expect(zhCN.errors.network).toBe("网络连接错误，请检查网络环境！");
    expect(zhCN.errors.timeout).toBe("网络连接超时，请重试！");
    expect(zhCN.errors.violation).toBe("提交的信息包含违规：");
    expect(zhCN.password.failed).toBe("更新密码失败：");
    expect(zhCN.password.success).toBe("更新密码成功！");
    expect(zhCN.module.deleteSuccess).toBe("删除成功！");
  });

  // The system screens' and widgets' messages, as the specification quotes them or the server (engine/msg)
  // words them: zh_CN keeps every character.
  const verbatim: Partial<Record<TextKey, string>> = {
    "system.common.tooLong": "{{label}}长度不能超过{{max}}个字符",
    "system.common.noChinese": "{{label}}不能包含中文",
    "system.users.messages.usernameRequired": "用户名不能为空！",
    "system.users.messages.usernameTooLong": "用户名长度不能超过20个字符",
    "system.users.messages.usernameTaken": "当前账号已存在，请重新输入！",
    "system.users.messages.familyNameRequired": "姓不能为空！",
    "system.users.messages.familyNameTooLong": "姓长度不能超过20个字符",
    "system.users.messages.nameRequired": "名不能为空！",
    "system.users.messages.nameTooLong": "名长度不能超过20个字符",
    "system.users.messages.mobileRequired": "请输入手机号",
    "system.users.messages.mobileInvalid": "请输入正确的手机号",
    "system.users.messages.mobileTaken": "当前手机号已存在，请重新输入！",
    "system.users.messages.emailTooLong": "邮箱长度不能超过40个字符",
    "system.users.messages.emailInvalid": "请输入正确的邮箱",
    "system.users.messages.discTitleTooLong": "个人描述标题长度不能超过30个字符",
    "system.users.messages.discDetailTooLong": "个人描述内容长度不能超过350个字符",
    "system.users.messages.passwordPolicy": "密码长度大于8小于20需要包括小写字母或大写字母数字、特殊字符中至少三项",
    "system.users.messages.currentPwdRequired": "当前登录密码不能为空",
    "system.users.messages.currentPwdWrong": "当前登录密码填写错误！",
    "system.users.messages.currentPwdFlag": "登录密码错误，请重新填写！",
    "system.users.messages.rolesRequired": "请选择至少一个角色！",
    "system.users.messages.orgRequired": "请选择所属机构！",
    "system.users.messages.asyncCheckFailed": "异步校验出错！",
    "system.users.messages.loadFailed": "数据获取失败！",
    "system.users.messages.userLoadFailed": "获取用户信息失败！",
    "system.users.messages.deleted": "删除成功！",
    "system.users.messages.deleteFailed": "删除失败！",
    "system.profile.messages.oldRequired": "请输入原密码",
    "system.profile.messages.newRequired": "请输入新密码",
    "system.profile.messages.confirmRequired": "请再次输入新密码",
    "system.profile.messages.confirmMismatch": "两次输入密码不一致",
    "system.profile.messages.updateFailed": "提交的信息包含违规",
    "system.profile.messages.passwordFailed": "更新密码失败：",
    "system.profile.messages.passwordChanged": "更新密码成功！",
    "system.roles.messages.deleteSuccess": "角色删除成功！",
    "system.roles.messages.deleteFailed": "角色删除失败！",
    "system.roles.messages.initFailed": "角色数据初始化失败！",
    "system.roles.messages.createFailed": "创建新角色失败！",
    "system.roles.messages.updateFailed": "更新角色数据失败！",
    "system.roles.messages.createSuccess": "创建新角色成功！",
    "system.roles.messages.updateSuccess": "更新角色数据成功！",
    "system.roles.messages.nameRequired": "名称不能为空!",
    "system.roles.messages.iconRequired": "图标不能为空!",
    "system.roles.messages.menuRequired": "请至少选择一项菜单",
    "system.roles.messages.inUse": "该角色已被{{count}}个账号使用，禁止删除",
    "system.menus.messages.fetchFailed": "获取数据失败！",
    "system.menus.messages.dragFailed": "拖拽的节点数据更新失败，请刷新数据重新尝试！",
    "system.menus.messages.deleteSuccess": "删除成功！",
    "system.menus.messages.deleteFailed": "删除失败！",
    "system.menus.messages.addSuccess": "新增菜单成功！",
    "system.menus.messages.addFailed": "新增菜单失败！",
    "system.menus.messages.updateSuccess": "更新菜单成功！",
    "system.menus.messages.updateFailed": "更新菜单失败！",
    "system.menus.messages.dragSuccess": "菜单顺序已更新",
    "system.menus.messages.deleteTitle": "警告",
    "system.menus.messages.deleteContent": "确定删除该节点吗？该节点下的所有子节点也会被一并删除！",
    "system.menus.messages.typeRequired": "请选择菜单类型",
    "system.menus.messages.titleRequired": "请输入标题",
    "system.menus.messages.nameRequired": "请输入名称",
    "system.menus.messages.urlRequired": "请输入路由地址",
    "system.menus.messages.urlSlash": "路由地址必须以/开头",
    "system.menus.messages.componentRequired": "请输入组件",
    "system.menus.messages.addressRequired": "请输入跳转地址",
    "system.menus.messages.pathRequired": "请输入路径",
    "system.menus.messages.pathSlash": "路径必须以/开头",
    "system.menus.messages.imageRequired": "请上传图片",
    "system.menus.messages.uploadFailed": "上传失败",
    "system.menus.messages.dropRefused": "一级菜单只能在同级之间移动，非一级菜单不能成为一级菜单",
    "system.orgs.messages.nameRequired": "请填写机构名称",
    "system.orgs.messages.loadFailed": "获取数据失败！",
    "system.orgs.messages.dragFailed": "拖拽的节点数据更新失败，请刷新数据重新尝试！",
    "system.workgroups.messages.nameRequired": "名称不能为空!",
    "system.workgroups.messages.descRequired": "描述不能为空",
    "system.workgroups.messages.usersRequired": "人员不能为空",
    "system.workgroups.messages.loadFailed": "数据获取失败！",
    "system.workgroups.messages.updateFailed": "更新工作组失败！",
    "system.workgroups.messages.createFailed": "新建工作组失败！",
    "system.workgroups.messages.deleteFailed": "删除失败！",
    "system.workgroups.messages.updated": "更新工作组成功！",
    "system.workgroups.messages.created": "新建工作组成功！",
    "system.workgroups.messages.deleted": "删除成功！",
    "widgets.upload.badFormat": "文件格式有误",
    "widgets.upload.uploaded": "上传成功",
    "widgets.upload.failed": "上传失败",
    "widgets.upload.reviewRejected": "上传失败，",
    "widgets.upload.editorVideo": "仅支持，mp4、webm、ogg 三种视频格式！",
    "widgets.upload.tooManyImages": "最多上传{{count}}张图片！",
    "widgets.upload.tooManyFiles": "最多上传{{count}}个文件！",
    "widgets.upload.imageTooLarge": "请上传{{size}}以内的图片",
    "widgets.upload.videoTooLarge": "请上传{{size}}以内的视频文件",
    "widgets.upload.fileTooLarge": "请上传{{size}}以内的文件",
    "system.profile.avatar.tooLarge": "选择的区域太大，超过了250K。请缩小选择区域！",
    "widgets.map.emptyPlace": "请输入地点",
    "widgets.map.emptyCoord": "请输入坐标点",
    "widgets.draw.confirmDelete": "确定删除？",
  };
  it.each(Object.entries(verbatim))("keeps %s verbatim in zh_CN", (key, value) => {
    expect(valueAt(zhCN, key)).toBe(value);
  });

  it("every key the code gives t() literally is a text of zh_CN", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "..");
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) {
          for (const m of readFileSync(path, "utf8").matchAll(/\bt\(\s*"([^"]+)"/g)) {
            if (typeof valueAt(zhCN, m[1]) !== "string") missing.push(`${path}: ${m[1]}`);
          }
        }
      }
    };
    walk(root);
    expect(missing).toEqual([]);
  });

  it("no .ts or .tsx file outside locales/ holds a Han character (texts live in the bundles)", () => {
    const offenders = hanOutsideBundles(join(dirname(fileURLToPath(import.meta.url)), ".."));
    expect(offenders, `Chinese outside the locale bundles:\n${offenders.join("\n")}`).toEqual([]);
  });
});
