// The profile page (spec §2, §5, §8): a user of this run opens it from the shell's user menu, sees the
// field checks, crops an avatar (an over-size crop of a noisy picture is refused with the specification's
// message, a zoomed-in one is stored), saves and returns to the workbench; then the change-password
// dialog's messages, a refused change shown until closed, and a successful change that keeps the session.
import { adminToken, apiChangePassword, apiJSON, apiLogin, assert, newPassword, signIn, urlIs, visible } from "../lib.mjs";
import { createUser, noisePng, ok, placement } from "../users-lib.mjs";

const suffix = Date.now().toString(36).slice(-6);
const btn = (scope, text) => scope.getByRole("button", { name: new RegExp(text.split("").join("\\s*")) });
const field = (scope, label) => scope.getByLabel(label, { exact: true });

/** signInAsNewUser makes a user with a changed password and signs it in through the login page. */
async function signInAsNewUser(ctx, username) {
  const admin = await adminToken(ctx);
  const created = await createUser(ctx, admin, await placement(ctx, admin), { username });
  const first = await apiLogin(ctx, username, created.initialPassword);
  const password = newPassword();
  await apiChangePassword(ctx, first.token, username, created.initialPassword, password);
  await signIn(ctx.page, username, password);
  await urlIs(ctx.page, "/workbench", 30_000);
  return password;
}

/** openProfile goes to the profile page through the user menu. */
async function openProfile(page, username) {
  // The user menu opens on hover: the mouse first leaves the header, so the hover is a real entry.
  await page.mouse.move(0, 0);
  await (await visible(page.locator(".ant-layout-header").getByText("测试", { exact: true }))).hover();
  await (await visible(page.getByRole("menuitem", { name: /个人信息/ }))).click();
  await urlIs(page, "/self-edit");
  assert.equal(await (await visible(field(page, "用户名"))).inputValue(), username);
}

const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("xz.session") ?? "{}")?.state?.token ?? "");

export default [
  {
    name: "profile edit with an avatar crop returns to the workbench",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const username = `p${suffix}`;
      await signInAsNewUser(ctx, username);
      await openProfile(page, username);

      await field(page, "手机号").fill("123");
      await field(page, "邮箱").fill("not-an-address");
      await btn(page, "保存").click();
      await visible(page.getByText("请输入正确的手机号", { exact: true }));
      await visible(page.getByText("请输入正确的邮箱", { exact: true }));
      await field(page, "手机号").fill("");
      await field(page, "邮箱").fill(`${username}@example.cn`);
      await field(page, "个人描述标题").fill("村务监督");

      // A noisy 800×800 picture at the widest crop is far over 250K; zoomed in to the most it fits.
      await btn(page, "更换头像").click();
      const dialog = page.locator(".ant-modal").filter({ hasText: "设置头像" });
      await visible(dialog);
      await dialog.locator('input[type="file"]').setInputFiles(await noisePng(page, 800));
      const area = dialog.getByTestId("avatar-crop-area");
      await page.waitForFunction(() => !document.querySelector(".ant-modal .ant-slider-disabled"));
      await btn(dialog, "确定").click();
      await visible(page.getByText("选择的区域太大，超过了250K。请缩小选择区域！", { exact: true }));
      await screenshot("profile-avatar-too-large");
      // The wheel zooms in (the slider follows), the slider's End key to the most, then a drag pans.
      const box = await area.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
      const handle = dialog.locator(".ant-slider-handle");
      await page.waitForFunction(() => Number(document.querySelector(".ant-modal .ant-slider-handle")?.getAttribute("aria-valuenow")) > 1.5);
      await handle.focus();
      await page.keyboard.press("End");
      assert.equal(await handle.getAttribute("aria-valuenow"), "8");
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 40, { steps: 4 });
      await page.mouse.up();
      await btn(dialog, "确定").click();
      await dialog.waitFor({ state: "hidden" });
      await visible(page.locator('.ant-avatar img[src^="data:image/png"]'));
      await screenshot("profile-edited");

      await btn(page, "保存").click();
      await urlIs(page, "/workbench");
      const me = ok(await apiJSON(ctx, "/api/system/cscpCurrentUserDetails", { token: await token(page) }), "profile");
      assert.ok(me.imgPath.startsWith("data:image/png;base64,"), "the avatar is stored as a data URL");
      assert.ok(me.imgPath.length <= 256000, `the stored avatar is within 250K (${me.imgPath.length})`);
      assert.equal(me.discTitle, "村务监督");
      assert.equal(me.email, `${username}@example.cn`);

      await openProfile(page, username);
      await visible(page.locator('.ant-avatar img[src^="data:image/png"]'));
    },
  },
  {
    name: "change-password dialog messages, a refused change, and a change that keeps the session",
    async run(ctx) {
      const { page, screenshot } = ctx;
      const username = `q${suffix}`;
      const password = await signInAsNewUser(ctx, username);
      await openProfile(page, username);
      await btn(page, "修改密码").click();
      const dialog = page.locator(".ant-modal").filter({ hasText: "原密码" });
      await visible(dialog);
      await btn(dialog, "确定").click();
      for (const text of ["请输入原密码", "请输入新密码", "请再次输入新密码"]) await visible(dialog.getByText(text, { exact: true }));
      const next = newPassword();
      await field(dialog, "新密码").fill(next);
      await field(dialog, "确认新密码").fill(`${next}x`);
      await visible(dialog.getByText("两次输入密码不一致", { exact: true }));
      await screenshot("profile-password-dialog");

      await field(dialog, "原密码").fill("Wrong-old-1");
      await field(dialog, "确认新密码").fill(next);
      await btn(dialog, "确定").click();
      const failure = await visible(page.locator(".ant-notification-notice").filter({ hasText: "更新密码失败：" }));
      const text = await failure.innerText();
      assert.ok(text.replace(/\s+/g, "").length > "更新密码失败：".length, `the server's reason follows: ${text}`);
      await failure.locator(".ant-notification-notice-close").click();
      await failure.waitFor({ state: "hidden" });

      const before = await token(page);
      await field(dialog, "原密码").fill(password);
      await btn(dialog, "确定").click();
      await visible(page.getByText("更新密码成功！", { exact: true }));
      await dialog.waitFor({ state: "hidden" });
      const after = await token(page);
      assert.notEqual(after, before, "the new token is stored");
      const res = await apiJSON(ctx, "/api/system/cscpCurrentUserDetails", { token: after });
      assert.equal(res.status, 200, "the session keeps working with the new token");

      await page.reload();
      await urlIs(page, "/self-edit");
      await visible(field(page, "用户名"));
      const relogin = await apiLogin(ctx, username, next);
      assert.ok(relogin.token, "the new password signs in");
    },
  },
];
