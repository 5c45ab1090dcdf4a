// Helpers of the user-screen specs (system-users, system-profile): users made through the API with a
// per-run unique name and mobile, in the administrator's organisation with the first tenant role.
import { apiJSON, assert } from "./lib.mjs";

/** ok asserts an envelope answer of 200 and returns its data. */
export function ok(res, what) {
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

let mobileSeq = 0;

/** uniqueMobile is a mainland mobile no other run of this process used. */
export function uniqueMobile() {
  mobileSeq++;
  const n = (Date.now() % 1e6) * 100 + (mobileSeq % 100);
  return `139${String(n).padStart(8, "0").slice(-8)}`;
}

/** placement answers the administrator's organisation id and the first tenant role. */
export async function placement(ctx, token) {
  const org = ok(await apiJSON(ctx, "/api/villager/getOrgByUserId", { token }), "admin organisation");
  const roles = ok(await apiJSON(ctx, "/api/getTenantRoleList", { token }), "roles");
  assert.ok(roles.length > 0, "the tenant has a role");
  return { orgId: org.id, orgName: org.orgName, roleId: roles[0].id, roleName: roles[0].name };
}

/** createUser makes a user through the API and answers its DTO (with initialPassword). */
export async function createUser(ctx, token, where, fields) {
  const body = { familyName: "测", name: "试", mobile: uniqueMobile(), roleIds: String(where.roleId), orgId: where.orgId, ...fields };
  return ok(await apiJSON(ctx, "/api/system/cscpUserDetails", { token, method: "POST", body }), `create ${fields.username}`);
}

/** userByName finds a user of the list by exact username (null when absent). */
export async function userByName(ctx, token, username) {
  const res = ok(await apiJSON(ctx, `/api/userDetails/userDetailsOr?usernameLike=${encodeURIComponent(username)}&page=0&size=50`, { token }), "list users");
  return res.data.find((u) => u.username === username) ?? null;
}

/** noisePng draws a size×size PNG of random pixels in the page (it does not compress) and answers it. */
export async function noisePng(page, size) {
  const b64 = await page.evaluate((side) => {
    const c = document.createElement("canvas");
    c.width = side;
    c.height = side;
    const g = c.getContext("2d");
    const img = g.createImageData(side, side);
    for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    g.putImageData(img, 0, 0);
    return c.toDataURL("image/png").split(",")[1];
  }, size);
  return { name: "noise.png", mimeType: "image/png", buffer: Buffer.from(b64, "base64") };
}
