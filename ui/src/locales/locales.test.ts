import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import en from "./en";
import ja from "./ja";
import ko from "./ko";
import zhCN from "./zh_CN";
import zhTW from "./zh_TW";

type Tree = { [k: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
}

function valueAt(tree: Tree, key: string): string {
  let node: string | Tree = tree;
  for (const part of key.split(".")) node = (node as Tree)[part];
  return node as string;
}

describe("locale bundles", () => {
  const base = keys(zhCN);
  for (const [name, bundle] of Object.entries({ en, ja, ko, zh_TW: zhTW })) {
    it(`${name} has every key of zh_CN, with the same placeholders, and nothing empty`, () => {
      expect(keys(bundle)).toEqual(base);
      for (const key of base) {
        expect(valueAt(bundle, key), key).not.toBe("");
        expect(placeholders(valueAt(bundle, key)), key).toEqual(placeholders(valueAt(zhCN, key)));
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

  it("no .tsx file of the app carries Chinese literals (texts live in the bundles; tests may)", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "test") walk(path);
        }
        else if (entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") && /[\u4e00-\u9fff]/.test(readFileSync(path, "utf8"))) offenders.push(path);
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
