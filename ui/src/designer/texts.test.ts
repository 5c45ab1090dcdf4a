import { describe, expect, it } from "vitest";
import en from "../locales/designer/en";
import ja from "../locales/designer/ja";
import ko from "../locales/designer/ko";
import zhCN from "../locales/designer/zh_CN";
import zhTW from "../locales/designer/zh_TW";
import { text } from "./texts";

type Tree = { [k: string]: string | Tree };

const keys = (tree: Tree, prefix = ""): string[] => Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [prefix + k] : keys(v, `${prefix}${k}.`)));
const at = (tree: Tree, key: string): string => key.split(".").reduce<string | Tree>((n, p) => (typeof n === "object" ? n[p] : n), tree) as string;
const holes = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("designer texts", () => {
  const base = keys(zhCN);
  for (const [name, bundle] of Object.entries({ en, ja, ko, zh_TW: zhTW })) {
    it(`${name} has every key of zh_CN, with the same placeholders, and nothing empty`, () => {
      expect(keys(bundle)).toEqual(base);
      for (const k of base) {
        expect(at(bundle, k), k).not.toBe("");
        expect(holes(at(bundle, k)), k).toEqual(holes(at(zhCN, k)));
      }
    });
  }

  it("reads the designer's section and the console's texts alike", () => {
    expect(text("designer.publishDialog.title", { name: "x" })).toBe(zhCN.publishDialog.title.replace("{{name}}", "x"));
    expect(text("designer.types.mapLand")).toBe(zhCN.types.mapLand);
    expect(text("common.back")).not.toBe("common.back");
  });
});
